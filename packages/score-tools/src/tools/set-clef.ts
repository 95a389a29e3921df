/**
 * `set_clef`: a staff's clef from a measure (and an onset in it) on, until
 * the next clef change.
 */
import { rational } from '@scorelane/lanes-seq';
import { planSetClef } from '@scorelane/score-model';
import { toolError } from '@scorelane/tool-contracts';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

/** An onset as the tool takes it, in whole notes: `0`, `1/2`, `3/8`. */
const ONSET = /^(\d{1,6})(?:\/([1-9]\d{0,5}))?$/;

/**
 * The `set_clef` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('set_clef', { part: 2, staff: 1, measure: 5, clef: 'treble' });
 * ```
 */
export const setClef = defineWriteTool({
  name: 'set_clef',
  title: 'Set clef',
  description: TOOL_DESCRIPTIONS.set_clef,
  input: z.object({
    part: z.number().int().min(1),
    staff: z.number().int().min(1).optional(),
    measure: measureField(),
    onset: z.string().optional(),
    clef: z.string(),
    ...writeArguments,
  }),
  example: { part: 1, measure: 5, clef: 'bass' },
  precheck: (args) =>
    args.onset === undefined || ONSET.test(args.onset)
      ? undefined
      : toolError('nothing_changed', `The onset "${args.onset}" is not a number of whole notes.`, [
          {
            path: 'onset',
            message: 'An onset is a whole number or a fraction of whole notes after the bar line.',
            hint: 'Write it like "0", "1/2" or "3/8", or leave it out for the start of the measure.',
          },
        ]),
  spec: (args) => {
    const staff = args.staff ?? 1;
    const match = args.onset === undefined ? undefined : ONSET.exec(args.onset);
    const onset = match ? rational(Number(match[1]), Number(match[2] ?? '1')) : undefined;
    const at = args.onset === undefined ? '' : ` at ${args.onset}`;
    return {
      label: `set_clef ${args.clef} on P${args.part} s${staff} from m${args.measure}${at}`,
      plan: (score, revision) =>
        planSetClef(score, {
          part: args.part,
          staff,
          measure: args.measure,
          clef: args.clef,
          ...(onset === undefined ? {} : { onset }),
          ...(revision === undefined ? {} : { revision }),
        }),
    };
  },
});
