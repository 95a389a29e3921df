/**
 * `rewrite_measures`: replace measures with lanes-seq text, planned in full
 * before anything changes; at most 32 measures per call.
 */
import { plan } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import {
  allowMeasureCountChange,
  measureField,
  partsField,
  writeArguments,
} from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

/**
 * The most characters `lanes_seq` may hold: five times a full 32-measure
 * rewrite of a 16-part orchestral score, so that no call makes the host
 * parse megabytes before it can refuse them.
 */
export const MAX_LANES_SEQ_LENGTH = 1_000_000;

/** `"3/4"` as a time signature (the schema has checked its shape). */
function timeOf(text: string): { beats: number; beatType: number } {
  const [beats, beatType] = text.split('/').map(Number);
  return { beats: beats!, beatType: beatType! };
}

/**
 * The `rewrite_measures` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('rewrite_measures', {
 *   start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/2\n', revision,
 * });
 * ```
 */
export const rewriteMeasures = defineWriteTool({
  name: 'rewrite_measures',
  title: 'Rewrite measures',
  description: TOOL_DESCRIPTIONS.rewrite_measures,
  input: z.object({
    start_measure: measureField('The first measure your lanes write.'),
    parts: partsField('The parts your lanes write.'),
    lanes_seq: z.string().min(1).max(MAX_LANES_SEQ_LENGTH).describe('The replacement lanes.'),
    allow_measure_count_change: allowMeasureCountChange,
    marks: z
      .enum(['auto', 'replace'])
      .optional()
      .describe('"replace": lanes without marks remove marks too.'),
    time_signature: z
      .string()
      .regex(/^\d{1,2}\/\d{1,2}$/)
      .optional()
      .describe('"3/4".'),
    ...writeArguments,
  }),
  example: {
    start_measure: 2,
    parts: [1],
    lanes_seq: 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/2\n',
    revision: 'r1.example',
  },
  spec: (args) => ({
    label: `rewrite_measures from m${args.start_measure}, parts ${args.parts.join(', ')}`,
    plan: (score, revision) =>
      plan(score, {
        start: args.start_measure,
        parts: args.parts,
        text: args.lanes_seq,
        allowMeasureCountChange: args.allow_measure_count_change === true,
        ...(args.marks === undefined ? {} : { marks: args.marks }),
        ...(args.time_signature === undefined ? {} : { time: timeOf(args.time_signature) }),
        ...(revision === undefined ? {} : { revision }),
      }),
  }),
});
