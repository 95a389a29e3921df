/**
 * What a plan holds: the exact writes, and everything a dry run shows about
 * them.
 */
import type { Json } from './json.ts';
import type { Mark } from './marks.ts';
import type { ScoreTextField } from './score-texts.ts';
import type { MeasureInfo, PartInfo, UnitContent } from './score-types.ts';
import type { StaleTargets } from './staleness.ts';
import type { SplitEvent, TupletGroup } from './voice-check.ts';

/**
 * One unit a plan replaces, with its lanes-seq before and after.
 *
 * @example
 * ```ts
 * planned.plan.changes[0]; // { unit: 'P1 s1 m3', reason: 'rewrite', before: 'P1 s1 v1 m3: ...', after: 'P1 s1 v1 m3: C5=1\n', ... }
 * ```
 */
export interface UnitChange {
  /** `P1 s1 m3`. */
  readonly unit: string;
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  /**
   * Why it changes: written by the request, a tie out of it repaired,
   * transposed, deleted, refitted to a new time, created (filled with a
   * rest) in a measure the plan adds, its marks or its clef changed.
   */
  readonly reason:
    | 'rewrite'
    | 'tie-repair'
    | 'transpose'
    | 'delete-measure'
    | 'refit'
    | 'new-measure'
    | 'marks'
    | 'clef';
  /** Canonical lanes-seq of the unit now; empty for a measure the plan adds. */
  readonly before: string;
  /** Canonical lanes-seq of the unit after the plan. */
  readonly after: string;
  /**
   * The unit already holds exactly this content, so the plan does not write
   * it: no Yjs change, and no one's revision of it goes stale. Left out when
   * the unit is written.
   */
  readonly unchanged?: true;
}

/**
 * A tie from before the rewritten range that no longer lands, and was removed.
 *
 * @example
 * ```ts
 * planned.plan.repairs[0]?.message; // 'P1 s1 v1 m2 tied B4 into m3, where ... no longer starts with B4; the tie was removed.'
 * ```
 */
export interface TieRepair {
  /** The lane that held the tie, `P1 s1 v1 m2`. */
  readonly lane: string;
  readonly pitch: string;
  readonly message: string;
}

/**
 * Musical marks a plan drops because the event or unit that held them is
 * replaced or deleted, in words and as marks. Layout (attachments whose
 * marks list is empty: positions, stems, beams) is never listed.
 *
 * @example
 * ```ts
 * const dropped: DroppedAttachment = {
 *   lane: 'P1 s1 v1 m2',
 *   event: 1,
 *   marks: [{ kind: 'articulation', name: 'staccato' }, { kind: 'lyric', text: 'la' }],
 *   message: 'P1 s1 v1 m2: event 1 lost a staccato and the lyric "la".',
 *   attachments,
 * };
 * ```
 */
export interface DroppedAttachment {
  /** The lane of the event (`P1 s1 v1 m2`), or the unit (`P1 s1 m2`) for marks between its notes. */
  readonly lane: string;
  /** 1-based index of the event in the lane before the change; left out for marks of the unit as a whole. */
  readonly event?: number;
  /** The marks lost, as the importer described them; empty for an attachment that does not describe itself. */
  readonly marks: readonly Mark[];
  /** What was lost, in words, with where: `P1 s1 v1 m2: event 1 lost a staccato and the lyric "la".` */
  readonly message: string;
  /** The attachment itself, as stored, so a host can put it back. */
  readonly attachments: Json;
}

/**
 * One write a plan makes, in order. Measure numbers are 1-based and refer to the score as it is when the write runs.
 *
 * @example
 * ```ts
 * const write: PlannedWrite = { op: 'insert-measures', at: 5, infos: [info] };
 * ```
 */
export type PlannedWrite =
  | {
      readonly op: 'unit';
      readonly part: number;
      readonly staff: number;
      readonly measure: number;
      readonly content: UnitContent;
    }
  | { readonly op: 'measure'; readonly measure: number; readonly info: MeasureInfo }
  | { readonly op: 'insert-measures'; readonly at: number; readonly infos: readonly MeasureInfo[] }
  | { readonly op: 'delete-measures'; readonly start: number; readonly end: number }
  /** A score text set (`value` `''` removes it). */
  | { readonly op: 'text'; readonly field: ScoreTextField; readonly value: string }
  /** A new part at position `at`, with a full-measure rest in each of its units. */
  | { readonly op: 'insert-part'; readonly at: number; readonly info: PartInfo }
  /** A part removed with all its units. */
  | { readonly op: 'delete-part'; readonly part: number }
  /** A part's values replaced (its staves stay). */
  | { readonly op: 'part'; readonly part: number; readonly info: PartInfo }
  /** A part moved from position `from` to `to` (its number after the move). */
  | { readonly op: 'move-part'; readonly from: number; readonly to: number };

/**
 * A complete plan: apply it with `apply`, or show it as a dry run.
 *
 * @example
 * ```ts
 * const result = plan(score, { start: 3, parts: [1], text: 'P1 s1 v1 m3: C5=1\n' });
 * if (result.ok) for (const change of result.plan.changes) console.log(change.before, '->', change.after);
 * ```
 */
export interface ScorePlan {
  readonly kind:
    | 'rewrite'
    | 'transpose'
    | 'set-time'
    | 'set-key'
    | 'set-clef'
    | 'set-barline'
    | 'insert-measures'
    | 'delete-measures'
    | 'write-marks'
    | 'set-texts'
    | 'add-part'
    | 'remove-part'
    | 'set-part'
    | 'move-part';
  /** The revision the plan was made at; `apply` refuses if a target changed since. */
  readonly basis: string;
  /** The measure count when the plan was made. */
  readonly measureCount: number;
  /** The measures the plan changes, 1-based inclusive, after it is applied. */
  readonly range: { readonly start: number; readonly end: number };
  readonly parts: readonly number[];
  readonly addedMeasures: number;
  readonly removedMeasures: number;
  readonly changes: readonly UnitChange[];
  readonly repairs: readonly TieRepair[];
  readonly tuplets: readonly TupletGroup[];
  readonly splits: readonly SplitEvent[];
  readonly dropped: readonly DroppedAttachment[];
  readonly writes: readonly PlannedWrite[];
  readonly targets: StaleTargets;
  /** The score texts a `set-texts` plan changes, each with its text before and after (`''`: none). */
  readonly texts?: readonly {
    readonly field: ScoreTextField;
    readonly before: string;
    readonly after: string;
  }[];
  /** What a part plan (`add-part`, `remove-part`, `set-part`, `move-part`) or a `set-barline` plan changes, in words. */
  readonly partEdit?: string;
}
