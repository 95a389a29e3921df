/**
 * `insert_measures`: empty measures before a measure, or appended.
 */
import { planInsertMeasures } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { allowMeasureCountChange, measureField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';
import { measureCountRefusal } from './measure-count-flag.ts';

/**
 * The `insert_measures` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('insert_measures', { at_measure: 3, count: 2, allow_measure_count_change: true });
 * ```
 */
export const insertMeasures = defineWriteTool({
  name: 'insert_measures',
  title: 'Insert measures',
  description: TOOL_DESCRIPTIONS.insert_measures,
  input: z.object({
    at_measure: measureField(),
    count: z.number().int().min(1).max(1000),
    allow_measure_count_change: allowMeasureCountChange,
    ...writeArguments,
  }),
  example: { at_measure: 3, count: 2, allow_measure_count_change: true },
  precheck: (args) =>
    measureCountRefusal(
      'insert_measures',
      args.allow_measure_count_change,
      `insert ${args.count} measure${args.count === 1 ? '' : 's'}`,
    ),
  spec: (args) => ({
    label: `insert_measures ${args.count} before m${args.at_measure}`,
    plan: (score, revision) =>
      planInsertMeasures(score, {
        at: args.at_measure,
        count: args.count,
        ...(revision === undefined ? {} : { revision }),
      }),
  }),
});
