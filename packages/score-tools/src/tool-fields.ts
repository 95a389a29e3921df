/**
 * The argument fields the score tools share, spelled once: 1-based measures
 * and parts, and the measure-count flag.
 */
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
