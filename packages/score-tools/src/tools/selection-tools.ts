/**
 * `get_selection` and `select_measures`: what the user sees selected in the
 * editor, read and set through the host's selection.
 */
import { scoreTypes } from '@scorelane/score-model';
import {
  defineTool,
  type ToolRunCall,
  toolError,
  toolFail,
  toolOk,
} from '@scorelane/tool-contracts';
import * as z from 'zod';
import { noScoreYet } from '../no-score-yet.ts';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField, partsField, revisionOutput } from '../tool-fields.ts';
import { rangeSchema } from '../write-output.ts';

const selectionOutput = z.object({
  selection: rangeSchema.nullable(),
  revision: revisionOutput,
});

/**
 * The `get_selection` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('get_selection', {}); // { selection: { start_measure: 2, end_measure: 2, parts: [1] }, revision }
 * ```
 */
export const getSelectionTool = defineTool({
  name: 'get_selection',
  title: 'Get selection',
  description: TOOL_DESCRIPTIONS.get_selection,
  input: z.object({}),
  output: selectionOutput,
  permission: 'read',
  run: (_args, { context }: ToolRunCall<ScoreToolsContext>) => {
    const selection = context.selection.get();
    return toolOk({
      selection: selection ? { ...selection, parts: [...selection.parts] } : null,
      revision: context.revision(),
    });
  },
});

/**
 * Checks a range of measures and parts against the score, returning the
 * parts (all of them when none are named) or the refusal.
 *
 * @example
 * ```ts
 * const checked = checkScoreRange(context, 1, 4, undefined);
 * if ('parts' in checked) play(checked);
 * ```
 */
export function checkScoreRange(
  context: ScoreToolsContext,
  start: number,
  end: number,
  parts: readonly number[] | undefined,
) {
  const missing = noScoreYet(context.score);
  if (missing) return missing;
  const types = scoreTypes(context.score.doc);
  const measureCount = types.measureOrder.length;
  const partCount = types.partOrder.length;
  const problems = [];
  if (end < start || end > measureCount) {
    problems.push({
      path: 'end_measure',
      message: `Measures ${start}-${end} are not a range of this score, which has measures 1-${measureCount}.`,
      hint: `Give 1 <= start_measure <= end_measure <= ${measureCount}.`,
    });
  }
  for (const part of parts ?? []) {
    if (part > partCount) {
      problems.push({
        path: 'parts',
        message: `There is no part ${part}; the score has parts 1-${partCount}.`,
        hint: `Name parts between 1 and ${partCount}.`,
      });
    }
  }
  if (problems.length > 0) {
    return toolError('invalid_arguments', 'That range is not in the score.', problems);
  }
  const all = Array.from({ length: partCount }, (_, index) => index + 1);
  return {
    start_measure: start,
    end_measure: end,
    parts: parts ? [...new Set(parts)].sort((a, b) => a - b) : all,
  };
}

/**
 * The `select_measures` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('select_measures', { start_measure: 5, end_measure: 8, parts: [2] });
 * ```
 */
export const selectMeasuresTool = defineTool({
  name: 'select_measures',
  title: 'Select measures',
  description: TOOL_DESCRIPTIONS.select_measures,
  input: z.object({
    start_measure: measureField(),
    end_measure: measureField(),
    parts: partsField().optional(),
  }),
  output: selectionOutput,
  permission: 'read',
  examples: [{ start_measure: 5, end_measure: 8 }],
  run: (args, { context }: ToolRunCall<ScoreToolsContext>) => {
    const checked = checkScoreRange(context, args.start_measure, args.end_measure, args.parts);
    if ('code' in checked) return toolFail(checked);
    context.selection.set(checked);
    return toolOk({ selection: checked, revision: context.revision() });
  },
});
