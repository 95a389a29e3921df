/**
 * The argument fields the score tools share, spelled once: 1-based measures
 * and parts, and the measure-count flag.
 */
import { describeScope, type ScopeDescription } from '@scorelane/tool-contracts';
import * as z from 'zod';

/**
 * A 1-based measure index field with its description.
 *
 * @example
 * ```ts
 * z.object({ start_measure: measureField('The first measure to read.') });
 * ```
 */
export function measureField(description: string) {
  return z.number().int().min(1).describe(description);
}

/**
 * A list of 1-based part numbers.
 *
 * @example
 * ```ts
 * z.object({ parts: partsField('The parts to read; left out: all parts.').optional() });
 * ```
 */
export function partsField(description: string) {
  return z.array(z.number().int().min(1)).min(1).describe(description);
}

/**
 * `allow_measure_count_change`: the agent says it means to change the
 * number of measures.
 *
 * @example
 * ```ts
 * z.object({ allow_measure_count_change: allowMeasureCountChange });
 * ```
 */
export const allowMeasureCountChange = z
  .boolean()
  .optional()
  .describe(
    'true: you mean to change the number of measures (append, insert or delete). Without it, a call that would change the measure count is refused.',
  );

/**
 * The revision field of read results, with its meaning for the model.
 *
 * @example
 * ```ts
 * z.object({ revision: revisionOutput });
 * ```
 */
export const revisionOutput = z
  .string()
  .describe('The score revision after this call; pass it as `revision` to your next write.');

/**
 * The write scope in read results, so the agent knows where it may write:
 * `null` when it may write anywhere.
 *
 * @example
 * ```ts
 * z.object({ write_scope: writeScopeOutput });
 * ```
 */
export const writeScopeOutput = z
  .object({
    label: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .nullable()
  .describe(
    'Where your writes may go (measures, and parts when limited); a write that touches anything else is refused as out_of_scope. null: anywhere.',
  );

/**
 * The value of {@link writeScopeOutput} for a call's scope.
 *
 * @example
 * ```ts
 * toolOk({ ..., write_scope: writeScopeOf(call.scope) });
 * ```
 */
export function writeScopeOf(
  scope: ScopeDescription | undefined,
): z.output<typeof writeScopeOutput> {
  return scope === undefined ? null : describeScope(scope);
}
