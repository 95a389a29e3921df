/**
 * `add_part`: a part for an instrument of the table, with rests in every
 * measure.
 */
import { planPartEdit } from '@scorelane/score-model';
import * as z from 'zod';
import { partOfInstrument, tableInstrument } from '../part-values.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { partField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

/**
 * The `add_part` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('add_part', { instrument: 'Cello', position: 2 });
 * ```
 */
export const addPart = defineWriteTool({
  name: 'add_part',
  title: 'Add a part',
  description: TOOL_DESCRIPTIONS.add_part,
  input: z.object({
    instrument: z.string(),
    name: z.string().optional(),
    position: partField().optional(),
    ...writeArguments,
  }),
  example: { instrument: 'Cello', position: 2 },
  spec: (args) => ({
    label: `add_part ${args.instrument}${args.position === undefined ? '' : ` at ${args.position}`}`,
    plan: (score, revision) => {
      const found = tableInstrument(args.instrument);
      if (!found.ok) return { ok: false, problems: [found.problem] };
      return planPartEdit(score, {
        edit: {
          kind: 'add',
          info: partOfInstrument(found.instrument, args.name),
          ...(args.position === undefined ? {} : { at: args.position }),
        },
        ...(revision === undefined ? {} : { revision }),
      });
    },
  }),
});
