/**
 * The argument fields the score tools share, spelled once: 1-based measures
 * and parts, and the measure-count flag.
 */
import { describeScope, type ScopeDescription, writeFields } from '@scorelane/tool-contracts';
import * as z from 'zod';

/**
 * A 1-based measure index field, with a description where its name and the
 * tool's description do not say it already (`start_measure`, `end_measure`
 * need none).
 *
 * @example
 * ```ts
 * z.object({ start_measure: measureField(), measure: measureField('The first measure in the new key.') });
 * ```
 */
export function measureField(description?: string) {
  const field = z.number().int().min(1);
  return description === undefined ? field : field.describe(description);
}

/**
 * A list of 1-based part numbers, with a description where the tool's
 * description does not say what it is.
 *
 * @example
 * ```ts
 * z.object({ parts: partsField().optional() }); // the description says "of parts (default all)"
 * ```
 */
export function partsField(description?: string) {
  const field = z.array(z.number().int().min(1)).min(1);
  return description === undefined ? field : field.describe(description);
}

/**
 * A 1-based part number field (`get_score_info` lists the parts).
 *
 * @example
 * ```ts
 * z.object({ part: partField() });
 * ```
 */
export function partField(description?: string) {
  const field = z.number().int().min(1);
  return description === undefined ? field : field.describe(description);
}

/**
 * `allow_part_count_change`: the agent says it means to remove a part
 * (remove_part's description says so; the field needs no words of its own).
 *
 * @example
 * ```ts
 * z.object({ allow_part_count_change: allowPartCountChange });
 * ```
 */
export const allowPartCountChange = z.boolean().optional();

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
  .describe('true: you mean to add or remove measures.');

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

/**
 * tool-contracts' `writeFields` (`revision`, `dry_run`, `idempotency_key`)
 * with the same checks and no descriptions: rewrite_measures' description
 * says once what they do for every write tool, so no listed schema repeats it.
 * Their schemas give no lengths: repeated in every write tool, they cost the
 * agent's context more than they tell it. An empty revision is refused by
 * the revision check (`invalid-revision`, with its fix), and an
 * `idempotency_key` of no or over 200 characters by tool-contracts' replay.
 *
 * @example
 * ```ts
 * z.object({ measure: measureField('The first measure in the new key.'), ...writeArguments });
 * ```
 */
export const writeArguments = {
  revision: z.string().optional(),
  dry_run: writeFields.dry_run.unwrap().optional(),
  idempotency_key: z.string().optional(),
};
