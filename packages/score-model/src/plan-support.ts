/**
 * What every planner shares: checking a revision, and describing a unit's
 * change for the dry run.
 */
import type { UnitChange } from './plan-types.ts';
import type { Problem } from './problem.ts';
import { decodeRevision } from './revision.ts';
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
  return findStale(view, seen, revision, targets);
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
