/**
 * `transpose_measures`: move notes by an interval, spelled by the interval.
 */
import { planTranspose } from '@scorelane/score-model';
import { writeFields } from '@scorelane/tool-contracts';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField, partsField } from '../tool-fields.ts';
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
    start_measure: measureField('The first measure to transpose.'),
    end_measure: measureField('The last measure to transpose.'),
    parts: partsField('The parts to transpose; left out: all parts.').optional(),
    interval: z
      .string()
      .min(2)
      .max(5)
      .describe('Quality and number, "-" for down: "M3", "-P4", "m2", "P8", "A1".'),
    ...writeFields,
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
