/**
 * Deleting measures keeps the clef of the music after them: a clef change
 * inside the deleted measures still holds for what follows, so it moves to
 * the first measure after the deletion instead of vanishing with them.
 */
import { compare, ZERO } from '@scorelane/lanes-seq';
import { clefBeforeIn } from './clef-changes.ts';
import { unitChange } from './plan-support.ts';
import type { PlannedWrite, UnitChange } from './plan-types.ts';
import type { UnitContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';
import type { UnitRef } from './staleness.ts';

/** The writes that carry clefs past a deletion, and the unit changes they make. */
export interface ClefCarry {
  readonly writes: readonly PlannedWrite[];
  readonly changes: readonly UnitChange[];
}

/**
 * For each staff where measures `start`-`end` change the clef, a clef
 * change at the start of measure `end + 1` (numbered as before the
 * deletion) to the clef that was in force there, so the music after the
 * deletion reads in the clef it was written in. A staff whose measure
 * `end + 1` already starts with a clef change, or whose clef is the same
 * on both sides, is left as it is. Nothing follows a deletion that reaches
 * the last measure, so nothing is carried then.
 *
 * @example
 * ```ts
 * // m5 changes the bass staff to treble; deleting m4-m6 keeps m7 in treble
 * carryClefsPastDeletion(view, 4, 6).writes; // [{ op: 'unit', part: 1, staff: 2, measure: 7, content }]
 * ```
 */
export function carryClefsPastDeletion(view: ScoreView, start: number, end: number): ClefCarry {
  const writes: PlannedWrite[] = [];
  const changes: UnitChange[] = [];
  const after = end + 1;
  if (after > view.measureCount) return { writes, changes };
  for (const part of view.parts) {
    for (let staff = 1; staff <= part.info.staves; staff++) {
      const unit = view.unit(part.index, staff, after);
      if (!unit) continue;
      const entering = clefBeforeIn(view, part.index, staff, start);
      const kept = clefBeforeIn(view, part.index, staff, after);
      const startsWithChange = (unit.content.clefs ?? []).some(
        (change) => compare(change.onset, ZERO) === 0,
      );
      if (kept === entering || startsWithChange) continue;
      const content: UnitContent = {
        ...unit.content,
        clefs: [{ onset: ZERO, clef: kept }, ...(unit.content.clefs ?? [])],
      };
      const ref: UnitRef = { part: part.index, staff, measure: after };
      writes.push({ op: 'unit', ...ref, content });
      changes.push(unitChange(ref, unit.content, content, 'clef'));
    }
  }
  return { writes, changes };
}
