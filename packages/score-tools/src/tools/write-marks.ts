/**
 * `write_marks`: change marks (articulations, dynamics, slurs, lyrics, chord
 * symbols, tempo, ...) without resending notes, planned in full before
 * anything changes. Notes never change.
 */
import { planWriteMarks } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';
import { MAX_LANES_SEQ_LENGTH } from './rewrite-measures.ts';

/**
 * The `write_marks` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('write_marks', { lanes_seq: 'P1 s1 v1 m5: *\\p\n', revision });
 * ```
 */
export const writeMarks = defineWriteTool({
  name: 'write_marks',
  title: 'Write marks',
  description: TOOL_DESCRIPTIONS.write_marks,
  input: z.object({
    lanes_seq: z
      .string()
      .min(1)
      .max(MAX_LANES_SEQ_LENGTH)
      .describe('Lanes of * with marks, @ items, lyric lines.'),
    mode: z.enum(['add', 'remove', 'replace']).optional().describe('Left out: "add".'),
    ...writeArguments,
  }),
  example: { lanes_seq: 'P1 s1 v1 m3: *( * * *)\n', revision: 'r1.example' },
  spec: (args) => ({
    label: `write_marks (${args.mode ?? 'add'})`,
    plan: (score, revision) =>
      planWriteMarks(score, {
        text: args.lanes_seq,
        ...(args.mode === undefined ? {} : { mode: args.mode }),
        ...(revision === undefined ? {} : { revision }),
      }),
  }),
});
