/**
 * `transpose_measures`: move notes by an interval, spelled by the interval.
 */
import { planTranspose } from '@scorelane/score-model';
import { defineTool, type ToolRunCall, writeFields } from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField, partsField } from '../tool-fields.ts';
import { runWrite, type WriteSpec } from '../write-flow.ts';
import { writeOutputSchema } from '../write-output.ts';

const input = z.object({
  start_measure: measureField('The first measure to transpose.'),
  end_measure: measureField('The last measure to transpose.'),
  parts: partsField('The parts to transpose; left out: all parts.').optional(),
  interval: z
    .string()
    .min(2)
    .max(5)
    .describe('Quality and number, "-" for down: "M3", "-P4", "m2", "P8", "A1".'),
  ...writeFields,
});

/** The arguments of `transpose_measures`, parsed. */
export type TransposeArgs = z.output<typeof input>;

/**
 * The write a `transpose_measures` call makes.
 *
 * @example
 * ```ts
 * transposeSpec({ start_measure: 1, end_measure: 4, interval: 'M3' }).label; // 'transpose_measures m1-m4 by M3'
 * ```
 */
export function transposeSpec(args: TransposeArgs): WriteSpec {
  return {
    tool: 'transpose_measures',
    label: `transpose_measures m${args.start_measure}-m${args.end_measure} by ${args.interval}`,
    plan: (score, revision) =>
      planTranspose(score, {
        start: args.start_measure,
        end: args.end_measure,
        interval: args.interval,
        ...(args.parts ? { parts: args.parts } : {}),
        ...(revision === undefined ? {} : { revision }),
      }),
  };
}

/**
 * The `transpose_measures` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('transpose_measures', { start_measure: 1, end_measure: 4, parts: [1], interval: 'M3' });
 * ```
 */
export const transposeMeasuresTool = defineTool({
  name: 'transpose_measures',
  title: 'Transpose measures',
  description: TOOL_DESCRIPTIONS.transpose_measures,
  input,
  output: writeOutputSchema,
  permission: 'write',
  examples: [{ start_measure: 1, end_measure: 4, parts: [1], interval: 'M3' }],
  run: (args, call: ToolRunCall<ScoreToolsContext>) => runWrite(call, transposeSpec(args), args),
});
