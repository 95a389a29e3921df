/**
 * The result every write tool returns, as a zod schema (the tools' output
 * schema) and its type.
 */
import { MARK_KINDS } from '@scorelane/score-model';
import * as z from 'zod';

const measure = z.number().int().min(1);

/**
 * A musical warning: the write was applied (or would be), but a musician
 * would look twice. Warnings never block a write.
 *
 * - `outside-usual-range`: a note outside the usual range of the part's instrument;
 * - `voices-cross`: a lower voice sounds above a higher one at the same moment, a crossing the unit did not have before the write;
 * - `voice-removed`: a voice the unit held is gone, because the text did not write it.
 *
 * @example
 * ```ts
 * const warning: MusicalWarning = {
 *   code: 'outside-usual-range',
 *   unit: 'P1 s1 v1 m2',
 *   message: 'C3 is below the usual range of a violin (G3-A7).',
 * };
 * ```
 */
export const musicalWarningSchema = z.object({
  code: z.enum(['outside-usual-range', 'voices-cross', 'voice-removed']),
  unit: z.string(),
  message: z.string(),
});

/** A musical warning; see {@link musicalWarningSchema}. */
export type MusicalWarning = z.output<typeof musicalWarningSchema>;

/**
 * One unit (one staff of one part in one measure) a write replaces. Dry runs
 * and reviews carry its canonical lanes-seq before and after.
 *
 * @example
 * ```ts
 * const change: UnitChangeOutput = { unit: 'P1 s1 m2', reason: 'rewrite', before: 'P1 s1 v1 m2: …', after: 'P1 s1 v1 m2: …' };
 * ```
 */
export const unitChangeSchema = z.object({
  unit: z.string(),
  reason: z.enum([
    'rewrite',
    'tie-repair',
    'transpose',
    'delete-measure',
    'refit',
    'new-measure',
    'marks',
    'clef',
  ]),
  before: z.string().optional(),
  after: z.string().optional(),
  /** The unit already held this content, so the write left it alone (no one's revision of it goes stale). */
  unchanged: z.literal(true).optional(),
});

/** One changed unit; see {@link unitChangeSchema}. */
export type UnitChangeOutput = z.output<typeof unitChangeSchema>;

/**
 * The measures and parts a call concerns, 1-based and inclusive.
 *
 * @example
 * ```ts
 * const range = { start_measure: 2, end_measure: 3, parts: [1] };
 * ```
 */
export const rangeSchema = z.object({
  start_measure: measure,
  end_measure: measure,
  parts: z.array(z.number().int().min(1)),
});

/**
 * One event (or unit) that lost musical marks: where, the marks as the
 * importer described them, and the words to show (`P1 s1 v1 m2: event 1
 * lost a staccato and the lyric "la".`). Layout is never listed.
 *
 * @example
 * ```ts
 * droppedSchema.parse({ lane: 'P1 s1 v1 m2', event: 1, marks: [{ kind: 'lyric', text: 'la' }], message: '...' });
 * ```
 */
export const droppedSchema = z.object({
  lane: z.string(),
  event: z.number().int().optional(),
  marks: z.array(
    z.object({
      kind: z.enum(MARK_KINDS),
      name: z.string().optional(),
      text: z.string().optional(),
      number: z.string().optional(),
      open: z.boolean().optional(),
    }),
  ),
  message: z.string(),
});

/**
 * What a write tool returns.
 *
 * - `status`: `applied` (one undo step, the range selected), `dry_run`
 *   (nothing written) or `awaiting_review` (nothing written yet; the user
 *   accepts or rejects the review session).
 * - `summary`: one paragraph for the model.
 * - `revision`: the score's revision after the call; pass it to the next write.
 *
 * @example
 * ```ts
 * const output: WriteOutput = (await tools.invoke('rewrite_measures', args)).output as WriteOutput;
 * output.status; // 'applied'
 * ```
 */
export const writeOutputSchema = z.object({
  status: z.enum(['applied', 'dry_run', 'awaiting_review']),
  summary: z.string(),
  revision: z.string(),
  changed_range: rangeSchema,
  measure_count: z.number().int().min(0),
  changes: z.array(unitChangeSchema),
  repairs: z.array(z.string()),
  dropped: z.array(droppedSchema),
  warnings: z.array(musicalWarningSchema),
  review: z
    .object({
      id: z.string(),
      state: z.string(),
    })
    .optional(),
});

/** The output of a write tool; see {@link writeOutputSchema}. */
export type WriteOutput = z.output<typeof writeOutputSchema>;
