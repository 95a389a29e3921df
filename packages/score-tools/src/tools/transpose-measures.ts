/**
 * `transpose_measures`: move notes by an interval, spelled by the interval.
 */
import { planTranspose } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField, partsField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

/**
 * The `transpose_measures` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('transpose_measures', { start_measure: 1, end_measure: 4, parts: [1], interval: 'M3' });
 * ```
 */
export const transposeMeasures = defineWriteTool({
  name: 'transpose_measures',
  title: 'Transpose measures',
  description: TOOL_DESCRIPTIONS.transpose_measures,
  input: z.object({
    start_measure: measureField(),
    end_measure: measureField(),
    parts: partsField().optional(),
    interval: z.string().min(2).max(5).describe('"M3" up a major third, "-P4" down a fourth.'),
    ...writeArguments,
  }),
  example: { start_measure: 1, end_measure: 4, parts: [1], interval: 'M3' },
  spec: (args) => ({
    label: `transpose_measures m${args.start_measure}-m${args.end_measure} by ${args.interval}`,
    plan: (score, revision) =>
      planTranspose(score, {
        start: args.start_measure,
        end: args.end_measure,
        interval: args.interval,
        ...(args.parts ? { parts: args.parts } : {}),
        ...(revision === undefined ? {} : { revision }),
      }),
  }),
});
