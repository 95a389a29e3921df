/**
 * `set_key_signature`: the key from a measure on, until the next change.
 */
import type { Alter, Step } from '@scorelane/lanes-seq';
import { planSetKey } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

/**
 * The `set_key_signature` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('set_key_signature', { measure: 5, tonic: 'Bb', mode: 'major' });
 * ```
 */
export const setKeySignature = defineWriteTool({
  name: 'set_key_signature',
  title: 'Set key signature',
  description: TOOL_DESCRIPTIONS.set_key_signature,
  input: z.object({
    measure: measureField(),
    tonic: z
      .string()
      .regex(/^[A-G](#|b)?$/)
      .describe('"F#", "Bb", "C".'),
    mode: z.enum(['major', 'minor']),
    ...writeArguments,
  }),
  example: { measure: 5, tonic: 'Bb', mode: 'major' },
  spec: (args) => {
    const step = args.tonic[0] as Step;
    const alter: Alter = args.tonic[1] === '#' ? 1 : args.tonic[1] === 'b' ? -1 : 0;
    return {
      label: `set_key_signature ${args.tonic} ${args.mode} at m${args.measure}`,
      plan: (score, revision) =>
        planSetKey(score, {
          measure: args.measure,
          tonic: { step, alter },
          mode: args.mode,
          ...(revision === undefined ? {} : { revision }),
        }),
    };
  },
});
