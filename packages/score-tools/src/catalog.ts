/**
 * The catalog: every score tool, in the order an agent meets them, and the
 * write specs review sessions plan again on accept.
 */
import { type CatalogTool, defineCatalog, type ToolCatalog } from '@scorelane/tool-contracts';
import type { ReviewProposal } from './review-desk.ts';
import type { ScoreToolsContext } from './score-tools-context.ts';
import { addPart } from './tools/add-part.ts';
import { deleteMeasures } from './tools/delete-measures.ts';
import { exportScoreTool } from './tools/export-score.ts';
import { getFormatGuideTool } from './tools/get-format-guide.ts';
import { getScoreInfoTool } from './tools/get-score-info.ts';
import { insertMeasures } from './tools/insert-measures.ts';
import { movePart } from './tools/move-part.ts';
import { redoTool, undoTool } from './tools/own-undo.ts';
import { playTool, stopTool } from './tools/playback-tools.ts';
import { getProposalStatusTool } from './tools/proposal-status.ts';
import { readMeasuresTool } from './tools/read-measures.ts';
import { removePart } from './tools/remove-part.ts';
import { rewriteMeasures } from './tools/rewrite-measures.ts';
import { getSelectionTool, selectMeasuresTool } from './tools/selection-tools.ts';
import { setBarline } from './tools/set-barline.ts';
import { setClef } from './tools/set-clef.ts';
import { setKeySignature } from './tools/set-key-signature.ts';
import { setPart } from './tools/set-part.ts';
import { setScoreInfo } from './tools/set-score-info.ts';
import { setTimeSignature } from './tools/set-time-signature.ts';
import { transposeMeasures } from './tools/transpose-measures.ts';
import { writeMarks } from './tools/write-marks.ts';
import type { WriteSpec } from './write-flow.ts';

const WRITE_TOOLS = [
  rewriteMeasures,
  writeMarks,
  transposeMeasures,
  insertMeasures,
  deleteMeasures,
  setTimeSignature,
  setKeySignature,
  setClef,
  setBarline,
  setScoreInfo,
  addPart,
  removePart,
  setPart,
  movePart,
];

const WRITE_SPECS = new Map<string, (args: never) => WriteSpec>(
  WRITE_TOOLS.map((write) => [write.tool.name, write.spec as (args: never) => WriteSpec]),
);

/**
 * The spec of a proposed write, for review sessions. Throws a `RangeError`
 * for a tool that is not a write of this catalog (a bug in the caller).
 *
 * @example
 * ```ts
 * writeSpecFor({ tool: 'rewrite_measures', args }).label; // 'rewrite_measures from m2, parts 1'
 * ```
 */
export function writeSpecFor(proposal: ReviewProposal): WriteSpec {
  const make = WRITE_SPECS.get(proposal.tool);
  if (!make) throw new RangeError(`${proposal.tool} is not a write tool of the score catalog.`);
  return make(proposal.args as never);
}

let catalog: ToolCatalog<ScoreToolsContext> | undefined;

/**
 * Every score tool, as one tool-contracts catalog. It holds no state: bind
 * it to a score with `createScoreTools` (or to your own context with
 * `createToolPipeline`).
 *
 * @example
 * ```ts
 * scoreToolCatalog().tools.map((tool) => tool.name); // ['get_score_info', 'read_measures', ...]
 * ```
 */
export function scoreToolCatalog(): ToolCatalog<ScoreToolsContext> {
  catalog ??= defineCatalog<ScoreToolsContext>([
    getScoreInfoTool,
    getFormatGuideTool,
    readMeasuresTool,
    ...WRITE_TOOLS.map((write) => write.tool),
    undoTool,
    redoTool,
    getProposalStatusTool,
    getSelectionTool,
    selectMeasuresTool,
    playTool,
    stopTool,
    exportScoreTool,
  ] as CatalogTool<ScoreToolsContext>[]);
  return catalog;
}
