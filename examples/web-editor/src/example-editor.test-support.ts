/**
 * The editor's example for tests without a browser: the example score
 * seeded into a real Y.Doc, with the undo controller, selection store and
 * score tools over it, as main.ts sets them up for the page.
 */
import { exportMusicXml } from '@scorelane/musicxml';
import { openScore } from '@scorelane/score-model';
import { createScoreTools, type ScoreToolsOptions } from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';
import { createUndoController } from '@scorelane/undo';
import * as Y from 'yjs';
import { seedExampleScore } from './example-score.ts';
import type { RefusedInvocation } from './refusal-words.ts';
import { createSelectionStore } from './selection-store.ts';

/**
 * The example, seeded into `doc` (empty; a new one by default), and its
 * tools; `options` add to or override the tools' options (actor, review,
 * activity...).
 */
export function openExample(options: Partial<ScoreToolsOptions> = {}, doc: Y.Doc = new Y.Doc()) {
  seedExampleScore(doc);
  const score = openScore(doc);
  const undo = createUndoController(doc);
  const selection = createSelectionStore();
  const tools = createScoreTools({
    score,
    undo,
    selection,
    exporters: { musicxml: exportMusicXml },
    ...options,
  });
  return { doc, score, undo, selection, tools };
}

/** `invocation` as the refusal a test expects; throws when the call succeeded. */
export function refusedCall(invocation: ToolInvocation): RefusedInvocation {
  if (invocation.ok)
    throw new Error(`${invocation.tool} succeeded where a test expected a refusal`);
  return invocation;
}
