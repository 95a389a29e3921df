/**
 * A whole score as the exporter reads it: parts, measures, and the content
 * of any unit by its (part, staff, measure).
 */
import {
  type Json,
  type MeasureInfo,
  type PartInfo,
  restUnit,
  SCORE_TEXT_FIELDS,
  type Score,
  type ScoreInit,
  type ScoreTexts,
  scoreContent,
  type UnitContent,
} from '@scorelane/score-model';

/** Everything export reads from a score. Indexes are 1-based, as in lanes-seq. */
export interface ScoreSnapshot {
  readonly title: string | undefined;
  /** Every score text (title, composer, ...) the score has. */
  readonly texts: ScoreTexts;
  readonly parts: readonly PartInfo[];
  readonly measures: readonly MeasureInfo[];
  /** What import kept for the score as a whole (`ScoreInit.attachments`). */
  readonly attachments?: Json;
  /** The content of one unit; a unit never written holds one rest filling the measure. */
  unit(part: number, staff: number, measure: number): UnitContent;
}

/**
 * A snapshot of content in the shape `createScore` takes: of a score not yet
 * written to a Y.Doc (import checks it can be exported before it writes), or
 * of one read whole with `scoreContent`.
 *
 * @example
 * ```ts
 * scoreDivisions(snapshotOfInit(init)); // checks an import can be written back
 * ```
 */
export function snapshotOfInit(init: ScoreInit): ScoreSnapshot {
  // Indexed by part, staff and measure rather than by a key string: export asks for each unit
  // several times (divisions, voices, slurs, the measures around), and a key string per ask adds up.
  const units: UnitContent[][][] = [];
  for (const unit of init.units ?? []) {
    units[unit.part] ??= [];
    const part = units[unit.part]!;
    part[unit.staff] ??= [];
    part[unit.staff]![unit.measure] = unit.content;
  }
  return {
    title: init.title,
    texts: Object.fromEntries(
      SCORE_TEXT_FIELDS.flatMap((field) => (init[field] ? [[field, init[field]]] : [])),
    ),
    parts: init.parts,
    measures: init.measures,
    ...(init.attachments !== undefined ? { attachments: init.attachments } : {}),
    unit(part, staff, measure) {
      return units[part]?.[staff]?.[measure] ?? restUnit(init.measures[measure - 1]!);
    },
  };
}

/**
 * Reads the whole score as it is now, attachments included.
 *
 * @example
 * ```ts
 * const snapshot = readScore(score);
 * snapshot.unit(1, 1, 1).voices[0]?.events.length;
 * ```
 */
export function readScore(score: Score): ScoreSnapshot {
  return snapshotOfInit(scoreContent(score));
}
