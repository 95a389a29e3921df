/**
 * What every planner shares: checking a revision, and describing a unit's
 * change for the dry run.
 */

import { entryId } from './layout.ts';
import type { ScorePlan, UnitChange } from './plan-types.ts';
import type { Problem } from './problem.ts';
import { currentRevision, decodeRevision, isRevisionOf } from './revision.ts';
import type { Score } from './score.ts';
import type { UnitContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';
import { findStale, type StaleTargets, type UnitRef } from './staleness.ts';
import { unitName, unitText } from './unit-lanes.ts';

/** The problems with a write's revision: invalid, or stale on its targets. */
export function revisionProblems(
  view: ScoreView,
  revision: string | undefined,
  targets: StaleTargets,
): Problem[] {
  if (revision === undefined) return [];
  const seen = decodeRevision(revision);
  if (!seen) {
    return [
      {
        code: 'invalid-revision',
        message: `"${revision}" is not a revision of this score.`,
        fix: 'Pass the revision that the last read returned, or leave it out.',
      },
    ];
  }
  if (!isRevisionOf(seen, entryId(view.types.meta, 'format'))) return [foreignRevision()];
  return findStale(view, seen, revision, targets);
}

/** The problem of a well-formed revision that another score gave out. */
export function foreignRevision(): Problem {
  return {
    code: 'invalid-revision',
    message: 'This revision was not given out for this score (it comes from another document).',
    fix: 'Read the measures of this score again and pass the revision that read returns, or leave it out.',
  };
}

/**
 * The `no-score` problem when the doc holds no score to read or change (it
 * was never created, its provider has not synced yet, or every measure or
 * part is gone); `undefined` when there is one.
 */
export function noScore(view: ScoreView): Problem | undefined {
  if (view.types.meta.get('format') === undefined) {
    return {
      code: 'no-score',
      message: 'This document holds no score: nothing was created in it, or it has not synced yet.',
      fix: 'Wait for the document to sync, or create a score in it (createScore, or import a file) first.',
    };
  }
  if (view.measureCount === 0 || view.parts.length === 0) {
    const missing = view.measureCount === 0 ? 'measures' : 'parts';
    return {
      code: 'no-score',
      message: `The score in this document has no ${missing} left (they were all deleted, possibly by two peers at once).`,
      fix: 'Restore the score (undo, or import it again) before reading or changing it.',
    };
  }
  return undefined;
}

/** The problem of a request whose `parts` is an empty list (left out means all parts). */
export function noPartsNamed(partCount: number): Problem {
  return {
    code: 'unknown-part',
    message: 'The request names no parts: its parts list is empty.',
    fix: `${partCount === 1 ? 'Name part 1' : `Name at least one part between 1 and ${partCount}`}, or leave parts out to mean all parts.`,
  };
}

/** The dry-run entry of a unit that changes. */
export function unitChange(
  ref: UnitRef,
  before: UnitContent | undefined,
  after: UnitContent | undefined,
  reason: UnitChange['reason'],
): UnitChange {
  return {
    unit: unitName(ref.part, ref.staff, ref.measure),
    part: ref.part,
    staff: ref.staff,
    measure: ref.measure,
    reason,
    before: before ? unitText(ref.part, ref.staff, ref.measure, before) : '',
    after: after ? unitText(ref.part, ref.staff, ref.measure, after) : '',
  };
}

/** Every unit of the given measures in every part and staff. */
export function allUnits(
  view: ScoreView,
  measures: Iterable<number>,
  parts?: readonly number[],
): UnitRef[] {
  const refs: UnitRef[] = [];
  for (const measure of measures) {
    for (const part of view.parts) {
      if (parts && !parts.includes(part.index)) continue;
      for (let staff = 1; staff <= part.info.staves; staff++)
        refs.push({ part: part.index, staff, measure });
    }
  }
  return refs;
}

/** The numbers `start` to `end`, inclusive. */
export function span(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, index) => start + index);
}

/**
 * A plan that keeps the measure count and repairs, splits or drops nothing
 * unless `fields` says so: the basis and measure count are the score's now.
 *
 * @example
 * ```ts
 * const plan = steadyPlan(score, view, { kind: 'set-texts', range, parts, writes, targets });
 * ```
 */
export function steadyPlan(
  score: Score,
  view: ScoreView,
  fields: Pick<ScorePlan, 'kind' | 'range' | 'parts' | 'writes' | 'targets'> & Partial<ScorePlan>,
): ScorePlan {
  return {
    basis: currentRevision(score),
    measureCount: view.measureCount,
    addedMeasures: 0,
    removedMeasures: 0,
    changes: [],
    repairs: [],
    tuplets: [],
    splits: [],
    dropped: [],
    ...fields,
  };
}
