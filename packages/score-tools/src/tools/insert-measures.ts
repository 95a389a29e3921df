/**
 * `insert_measures`: empty measures before a measure, or appended.
 */
import { planInsertMeasures } from '@scorelane/score-model';
import { defineTool, type ToolRunCall, toolFail, writeFields } from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { allowMeasureCountChange, measureField } from '../tool-fields.ts';
import { runWrite, type WriteSpec } from '../write-flow.ts';
import { writeOutputSchema } from '../write-output.ts';
import { measureCountRefusal } from './measure-count-flag.ts';

const input = z.object({
  at_measure: measureField(
    'The new measures go before this measure; the measure count + 1 appends them.',
  ),
  count: z.number().int().min(1).max(1000).describe('How many measures to insert.'),
  allow_measure_count_change: allowMeasureCountChange,
  ...writeFields,
});

/** The arguments of `insert_measures`, parsed. */
export type InsertArgs = z.output<typeof input>;

/**
 * The write an `insert_measures` call makes.
 *
 * @example
 * ```ts
 * insertSpec({ at_measure: 3, count: 2 }).label; // 'insert_measures 2 before m3'
 * ```
 */
export function insertSpec(args: InsertArgs): WriteSpec {
  return {
    tool: 'insert_measures',
    label: `insert_measures ${args.count} before m${args.at_measure}`,
    plan: (score, revision) =>
      planInsertMeasures(score, {
        at: args.at_measure,
        count: args.count,
        ...(revision === undefined ? {} : { revision }),
      }),
  };
}

/**
 * The `insert_measures` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('insert_measures', { at_measure: 3, count: 2, allow_measure_count_change: true });
 * ```
 */
export const insertMeasuresTool = defineTool({
  name: 'insert_measures',
  title: 'Insert measures',
  description: TOOL_DESCRIPTIONS.insert_measures,
  input,
  output: writeOutputSchema,
  permission: 'write',
  examples: [{ at_measure: 3, count: 2, allow_measure_count_change: true }],
  run: (args, call: ToolRunCall<ScoreToolsContext>) => {
    const refused = measureCountRefusal(
      'insert_measures',
      args.allow_measure_count_change,
      `insert ${args.count} measure${args.count === 1 ? '' : 's'}`,
    );
    if (refused) return toolFail(refused);
    return runWrite(call, insertSpec(args), args);
  },
});
