/**
 * `set_key_signature`: the key from a measure on, until the next change.
 */
import type { Alter, Step } from '@scorelane/lanes-seq';
import { planSetKey } from '@scorelane/score-model';
import { defineTool, type ToolRunCall, writeFields } from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField } from '../tool-fields.ts';
import { runWrite, type WriteSpec } from '../write-flow.ts';
import { writeOutputSchema } from '../write-output.ts';

const input = z.object({
  measure: measureField('The first measure in the new key.'),
  tonic: z
    .string()
    .regex(/^[A-G](#|b)?$/)
    .describe('The tonic: a step A-G with an optional # or b, e.g. "F#", "Bb", "C".'),
  mode: z.enum(['major', 'minor']),
  ...writeFields,
});

/** The arguments of `set_key_signature`, parsed. */
export type SetKeyArgs = z.output<typeof input>;

/**
 * The write a `set_key_signature` call makes.
 *
 * @example
 * ```ts
 * setKeySpec({ measure: 5, tonic: 'Bb', mode: 'major' }).label; // 'set_key_signature Bb major at m5'
 * ```
 */
export function setKeySpec(args: SetKeyArgs): WriteSpec {
  const step = args.tonic[0] as Step;
  const alter: Alter = args.tonic[1] === '#' ? 1 : args.tonic[1] === 'b' ? -1 : 0;
  return {
    tool: 'set_key_signature',
    label: `set_key_signature ${args.tonic} ${args.mode} at m${args.measure}`,
    plan: (score, revision) =>
      planSetKey(score, {
        measure: args.measure,
        tonic: { step, alter },
        mode: args.mode,
        ...(revision === undefined ? {} : { revision }),
      }),
  };
}

/**
 * The `set_key_signature` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('set_key_signature', { measure: 5, tonic: 'Bb', mode: 'major' });
 * ```
 */
export const setKeySignatureTool = defineTool({
  name: 'set_key_signature',
  title: 'Set key signature',
  description: TOOL_DESCRIPTIONS.set_key_signature,
  input,
  output: writeOutputSchema,
  permission: 'write',
  examples: [{ measure: 5, tonic: 'Bb', mode: 'major' }],
  run: (args, call: ToolRunCall<ScoreToolsContext>) => runWrite(call, setKeySpec(args), args),
});
