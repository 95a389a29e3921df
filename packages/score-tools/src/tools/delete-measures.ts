/**
 * `delete_measures`: remove a range of measures from every part.
 */
import { planDeleteMeasures } from '@scorelane/score-model';
import { defineTool, type ToolRunCall, toolFail, writeFields } from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { allowMeasureCountChange, measureField } from '../tool-fields.ts';
import { runWrite, type WriteSpec } from '../write-flow.ts';
import { writeOutputSchema } from '../write-output.ts';
import { measureCountRefusal } from './measure-count-flag.ts';

const input = z.object({
  start_measure: measureField('The first measure to delete.'),
  end_measure: measureField('The last measure to delete.'),
  allow_measure_count_change: allowMeasureCountChange,
  ...writeFields,
});

/** The arguments of `delete_measures`, parsed. */
export type DeleteArgs = z.output<typeof input>;

/**
 * The write a `delete_measures` call makes.
 *
 * @example
 * ```ts
 * deleteSpec({ start_measure: 3, end_measure: 4 }).label; // 'delete_measures m3-m4'
 * ```
 */
export function deleteSpec(args: DeleteArgs): WriteSpec {
  return {
    tool: 'delete_measures',
    label: `delete_measures m${args.start_measure}-m${args.end_measure}`,
    plan: (score, revision) =>
      planDeleteMeasures(score, {
        start: args.start_measure,
        end: args.end_measure,
        ...(revision === undefined ? {} : { revision }),
      }),
  };
}

/**
 * The `delete_measures` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('delete_measures', { start_measure: 3, end_measure: 4, allow_measure_count_change: true });
 * ```
 */
export const deleteMeasuresTool = defineTool({
  name: 'delete_measures',
  title: 'Delete measures',
  description: TOOL_DESCRIPTIONS.delete_measures,
  input,
  output: writeOutputSchema,
  permission: 'write',
  examples: [{ start_measure: 3, end_measure: 4, allow_measure_count_change: true }],
  run: (args, call: ToolRunCall<ScoreToolsContext>) => {
    const count = args.end_measure - args.start_measure + 1;
    const refused = measureCountRefusal(
      'delete_measures',
      args.allow_measure_count_change,
      `delete ${count > 0 ? count : 'some'} measure${count === 1 ? '' : 's'}`,
    );
    if (refused) return toolFail(refused);
    return runWrite(call, deleteSpec(args), args);
  },
});
