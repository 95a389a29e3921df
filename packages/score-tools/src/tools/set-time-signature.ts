/**
 * `set_time_signature`: the time from a measure on, until the next change.
 */
import { planSetTime } from '@scorelane/score-model';
import { defineTool, type ToolRunCall, writeFields } from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField } from '../tool-fields.ts';
import { runWrite, type WriteSpec } from '../write-flow.ts';
import { writeOutputSchema } from '../write-output.ts';

const input = z.object({
  measure: measureField('The first measure in the new time.'),
  beats: z.number().int().min(1).max(64).describe('The upper number: 3 in 3/4.'),
  beat_type: z
    .union([z.literal(1), z.literal(2), z.literal(4), z.literal(8), z.literal(16), z.literal(32)])
    .describe('The lower number: 4 in 3/4.'),
  ...writeFields,
});

/** The arguments of `set_time_signature`, parsed. */
export type SetTimeArgs = z.output<typeof input>;

/**
 * The write a `set_time_signature` call makes.
 *
 * @example
 * ```ts
 * setTimeSpec({ measure: 5, beats: 3, beat_type: 4 }).label; // 'set_time_signature 3/4 at m5'
 * ```
 */
export function setTimeSpec(args: SetTimeArgs): WriteSpec {
  return {
    tool: 'set_time_signature',
    label: `set_time_signature ${args.beats}/${args.beat_type} at m${args.measure}`,
    plan: (score, revision) =>
      planSetTime(score, {
        measure: args.measure,
        time: { beats: args.beats, beatType: args.beat_type },
        ...(revision === undefined ? {} : { revision }),
      }),
  };
}

/**
 * The `set_time_signature` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('set_time_signature', { measure: 5, beats: 3, beat_type: 4 });
 * ```
 */
export const setTimeSignatureTool = defineTool({
  name: 'set_time_signature',
  title: 'Set time signature',
  description: TOOL_DESCRIPTIONS.set_time_signature,
  input,
  output: writeOutputSchema,
  permission: 'write',
  examples: [{ measure: 5, beats: 3, beat_type: 4 }],
  run: (args, call: ToolRunCall<ScoreToolsContext>) => runWrite(call, setTimeSpec(args), args),
});
