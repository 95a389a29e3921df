/**
 * `delete_measures`: remove a range of measures from every part.
 */
import { planDeleteMeasures } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { allowMeasureCountChange, measureField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';
import { measureCountRefusal } from './measure-count-flag.ts';

/**
 * The `delete_measures` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('delete_measures', { start_measure: 3, end_measure: 4, allow_measure_count_change: true });
 * ```
 */
export const deleteMeasures = defineWriteTool({
  name: 'delete_measures',
  title: 'Delete measures',
  description: TOOL_DESCRIPTIONS.delete_measures,
  input: z.object({
    start_measure: measureField(),
    end_measure: measureField(),
    allow_measure_count_change: allowMeasureCountChange,
    ...writeArguments,
  }),
  example: { start_measure: 3, end_measure: 4, allow_measure_count_change: true },
  precheck: (args) => {
    const count = args.end_measure - args.start_measure + 1;
    return measureCountRefusal(
      'delete_measures',
      args.allow_measure_count_change,
      `delete ${count > 0 ? count : 'some'} measure${count === 1 ? '' : 's'}`,
    );
  },
  spec: (args) => ({
    label: `delete_measures m${args.start_measure}-m${args.end_measure}`,
    plan: (score, revision) =>
      planDeleteMeasures(score, {
        start: args.start_measure,
        end: args.end_measure,
        ...(revision === undefined ? {} : { revision }),
      }),
  }),
});
