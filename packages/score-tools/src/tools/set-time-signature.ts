/**
 * `set_time_signature`: the time from a measure on, until the next change,
 * with the music re-barred on request.
 */
import { planSetTime } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { allowMeasureCountChange, measureField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

/**
 * The `set_time_signature` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('set_time_signature', { measure: 5, beats: 3, beat_type: 4 });
 * ```
 */
export const setTimeSignature = defineWriteTool({
  name: 'set_time_signature',
  title: 'Set time signature',
  description: TOOL_DESCRIPTIONS.set_time_signature,
  input: z.object({
    measure: measureField(),
    beats: z.number().int().min(1).max(64).describe('3 in 3/4.'),
    beat_type: z.literal([1, 2, 4, 8, 16, 32]).describe('4 in 3/4.'),
    rebar: z.boolean().optional(),
    allow_measure_count_change: allowMeasureCountChange,
    ...writeArguments,
  }),
  example: { measure: 5, beats: 3, beat_type: 4 },
  spec: (args) => ({
    label: `set_time_signature ${args.beats}/${args.beat_type} at m${args.measure}`,
    plan: (score, revision) =>
      planSetTime(score, {
        measure: args.measure,
        time: { beats: args.beats, beatType: args.beat_type },
        ...(args.rebar === undefined ? {} : { rebar: args.rebar }),
        ...(args.allow_measure_count_change === undefined
          ? {}
          : { allowMeasureCountChange: args.allow_measure_count_change }),
        ...(revision === undefined ? {} : { revision }),
      }),
  }),
});
