/**
 * The rule that any change in the measure count needs
 * `allow_measure_count_change: true`, for the tools that insert and delete
 * measures.
 */
import { type ToolError, toolError } from '@scorelane/tool-contracts';

/**
 * The refusal of a call that would change the measure count without the
 * flag, or `undefined` when the flag is set.
 *
 * @example
 * ```ts
 * const refused = measureCountRefusal('insert_measures', args.allow_measure_count_change, 'insert 2 measures');
 * if (refused) return toolFail(refused);
 * ```
 */
export function measureCountRefusal(
  tool: string,
  allowed: boolean | undefined,
  what: string,
): ToolError | undefined {
  if (allowed === true) return undefined;
  return toolError('nothing_changed', `${tool} would ${what}, which changes the measure count.`, [
    {
      path: 'allow_measure_count_change',
      message: 'A change in the measure count needs allow_measure_count_change: true.',
      hint: 'Call again with "allow_measure_count_change": true if you mean to change the number of measures.',
    },
  ]);
}
