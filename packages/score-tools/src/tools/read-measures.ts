/**
 * `read_measures`: a range of measures as lanes-seq with its `%` context and
 * the revision; at most 64 measures, a longer range refused with the largest
 * one that fits.
 */
import { MAX_READ_MEASURES, type Problem, readMeasures, scoreTypes } from '@scorelane/score-model';
import {
  defineTool,
  type ToolRunCall,
  toolError,
  toolFail,
  toolOk,
} from '@scorelane/tool-contracts';
import * as z from 'zod';
import { toolProblem } from '../refusal.ts';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import {
  measureField,
  partsField,
  revisionOutput,
  writeScopeOf,
  writeScopeOutput,
} from '../tool-fields.ts';

/**
 * The `read_measures` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('read_measures', { start_measure: 1, end_measure: 8 });
 * ```
 */
export const readMeasuresTool = defineTool({
  name: 'read_measures',
  title: 'Read measures',
  description: TOOL_DESCRIPTIONS.read_measures,
  input: z.object({
    start_measure: measureField(),
    end_measure: measureField(),
    parts: partsField().optional(),
    marks: z.boolean().optional().describe('false: notes only.'),
  }),
  output: z.object({
    lanes_seq: z.string().describe('% context lines, then one lanes-seq line per lane.'),
    start_measure: z.number().int(),
    end_measure: z.number().int(),
    parts: z.array(z.number().int()),
    measure_count: z.number().int(),
    write_scope: writeScopeOutput,
    revision: revisionOutput,
  }),
  permission: 'read',
  examples: [{ start_measure: 1, end_measure: 8 }],
  run: (args, { context, scope }: ToolRunCall<ScoreToolsContext>) => {
    const count = scoreTypes(context.score.doc).measureOrder.length;
    const length = args.end_measure - args.start_measure + 1;
    if (length > MAX_READ_MEASURES)
      return toolFail(tooLong(args.start_measure, args.end_measure, count));
    const read = readMeasures(context.score, {
      start: args.start_measure,
      end: args.end_measure,
      ...(args.parts ? { parts: args.parts } : {}),
      ...(args.marks === false ? { marks: false } : {}),
    });
    if (!read.ok) return toolFail(readRefusal(read.problems));
    return toolOk({
      lanes_seq: read.text,
      start_measure: args.start_measure,
      end_measure: args.end_measure,
      parts: read.context.parts.map((part) => part.part),
      measure_count: read.context.measureCount,
      write_scope: writeScopeOf(scope),
      revision: read.revision,
    });
  },
});

/**
 * The refusal of a range longer than one read, naming the largest valid range
 * from the same start, or at the score's end when the start is past it.
 */
function tooLong(start: number, end: number, count: number) {
  const head = `Measures ${start}-${end} are ${end - start + 1} measures; one read covers at most ${MAX_READ_MEASURES}.`;
  if (start > count) {
    const first = Math.max(1, count - MAX_READ_MEASURES + 1);
    return toolError(
      'limit_exceeded',
      `${head} m${start} is past the last measure, m${count}. The largest valid range is ${first}-${count}.`,
      [
        {
          path: 'start_measure',
          message: `The score has measures 1-${count}.`,
          hint: `Read start_measure ${first}, end_measure ${count}.`,
        },
      ],
    );
  }
  const last = Math.min(start + MAX_READ_MEASURES - 1, count);
  return toolError(
    'limit_exceeded',
    `${head} The largest valid range from m${start} is ${start}-${last}.`,
    [
      {
        path: 'end_measure',
        message: `At most ${MAX_READ_MEASURES} measures per read.`,
        hint: `Read start_measure ${start}, end_measure ${last}${last < count ? `, then continue from ${last + 1}` : ''}.`,
      },
    ],
  );
}

function readRefusal(problems: readonly Problem[]) {
  const code = problems.some((problem) => problem.code === 'no-score')
    ? 'not_found'
    : 'invalid_arguments';
  return toolError(code, 'read_measures cannot read that range.', problems.map(toolProblem));
}
