/**
 * `move_part`: a part to another position in the score.
 */
import { planPartEdit } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { partField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

/**
 * The `move_part` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('move_part', { part: 3, position: 1 });
 * ```
 */
export const movePart = defineWriteTool({
  name: 'move_part',
  title: 'Move a part',
  description: TOOL_DESCRIPTIONS.move_part,
  input: z.object({
    part: partField(),
    position: partField(),
    ...writeArguments,
  }),
  example: { part: 3, position: 1 },
  spec: (args) => ({
    label: `move_part ${args.part} to ${args.position}`,
    plan: (score, revision) =>
      planPartEdit(score, {
        edit: { kind: 'move', part: args.part, to: args.position },
        ...(revision === undefined ? {} : { revision }),
      }),
  }),
});
