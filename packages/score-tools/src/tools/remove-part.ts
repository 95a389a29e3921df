/**
 * `remove_part`: a part and all its music, never the last part.
 */
import { planPartEdit } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { allowPartCountChange, partField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';
import { partCountRefusal } from './part-count-flag.ts';

/**
 * The `remove_part` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('remove_part', { part: 2, allow_part_count_change: true });
 * ```
 */
export const removePart = defineWriteTool({
  name: 'remove_part',
  title: 'Remove a part',
  description: TOOL_DESCRIPTIONS.remove_part,
  input: z.object({
    part: partField(),
    allow_part_count_change: allowPartCountChange,
    ...writeArguments,
  }),
  example: { part: 2, allow_part_count_change: true },
  precheck: (args) => partCountRefusal(args.allow_part_count_change, args.part),
  spec: (args) => ({
    label: `remove_part ${args.part}`,
    plan: (score, revision) =>
      planPartEdit(score, {
        edit: { kind: 'remove', part: args.part },
        ...(revision === undefined ? {} : { revision }),
      }),
  }),
});
