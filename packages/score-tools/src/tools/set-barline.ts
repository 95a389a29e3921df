/**
 * `set_barline`: a measure's bar line (double, final, repeat start or end)
 * or volta, for every part.
 */
import { planSetBarline } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

/**
 * The `set_barline` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('set_barline', { measure: 8, style: 'repeat-end', volta: '1' });
 * ```
 */
export const setBarline = defineWriteTool({
  name: 'set_barline',
  title: 'Set bar line',
  description: TOOL_DESCRIPTIONS.set_barline,
  input: z.object({
    measure: measureField(),
    side: z.enum(['start', 'end']).optional(),
    // One of score-model's BARLINE_STYLES (the description lists them); the planner refuses any other with the list.
    style: z.string().optional(),
    times: z.number().int().optional(),
    volta: z.string().optional(),
    volta_end: measureField().optional(),
    volta_open: z.boolean().optional(),
    ...writeArguments,
  }),
  example: { measure: 8, style: 'repeat-end', volta: '1' },
  spec: (args) => {
    const what = [
      args.style,
      args.times === undefined ? undefined : `x${args.times}`,
      args.volta === undefined ? undefined : `volta "${args.volta}"`,
    ].filter((part) => part !== undefined);
    return {
      label: `set_barline ${what.join(' ')} on m${args.measure}${args.side ? ` ${args.side}` : ''}`,
      plan: (score, revision) =>
        planSetBarline(score, {
          measure: args.measure,
          ...(args.side === undefined ? {} : { side: args.side }),
          ...(args.style === undefined ? {} : { style: args.style }),
          ...(args.times === undefined ? {} : { times: args.times }),
          ...(args.volta === undefined ? {} : { volta: args.volta }),
          ...(args.volta_end === undefined ? {} : { voltaEnd: args.volta_end }),
          ...(args.volta_open === undefined ? {} : { voltaOpen: args.volta_open }),
          ...(revision === undefined ? {} : { revision }),
        }),
    };
  },
});
