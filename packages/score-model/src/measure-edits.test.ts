import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf, stateVector } from './fixtures.test-support.ts';
import { planDeleteMeasures, planInsertMeasures } from './measure-edits.ts';
import { readMeasures } from './read-measures.ts';
import type { Score } from './score.ts';

function lanes(score: Score, start: number, end: number, parts = [1]): string {
  const read = readMeasures(score, { start, end, parts });
  if (!read.ok) throw new Error('read failed');
  return read.lanes;
}

describe('planInsertMeasures', () => {
  it('inserts empty measures and repairs a tie into the measure that moved', () => {
    const score = scoreOf(SMALL);
    const planned = planInsertMeasures(score, { at: 3, count: 2 });
    if (!planned.ok) throw new Error('refused');
    expect(planned.plan.repairs.map((repair) => repair.message)).toEqual([
      'P1 s1 v1 m2 tied B4 into m3, which is now a new empty measure that does not hold B4; the tie was removed.',
    ]);
    expect(apply(score, planned.plan).ok).toBe(true);
    expect(lanes(score, 2, 5)).toBe(
      'P1 s1 v1 m2: D5=1/2 B4 | r=1 | r\nP1 s1 v1 m5: B4=1/4 A4 G4=1/2\n',
    );
  });

  it('refuses a place outside the score, changing nothing', () => {
    const score = scoreOf(SMALL);
    const before = stateVector(score);
    expect(planInsertMeasures(score, { at: 7, count: 1 })).toEqual({
      ok: false,
      problems: [
        {
          code: 'invalid-range',
          message: 'Measures can be inserted before m1 to m5, not before m7.',
          fix: 'Insert at a measure between 1 and 5.',
        },
      ],
    });
    expect(stateVector(score)).toEqual(before);
  });
});

describe('planDeleteMeasures', () => {
  it('deletes measures, lists the dropped units and repairs a tie that no longer lands', () => {
    const score = scoreOf(SMALL);
    const planned = planDeleteMeasures(score, { start: 3, end: 3 });
    if (!planned.ok) throw new Error('refused');
    expect(planned.plan.repairs.map((repair) => repair.message)).toEqual([
      'P1 s1 v1 m2 tied B4 into m3 (m4 before the deletion), which does not start with B4; the tie was removed.',
    ]);
    expect(
      planned.plan.changes.filter((c) => c.reason === 'delete-measure').map((c) => c.unit),
    ).toEqual(['P1 s1 m3', 'P2 s1 m3', 'P2 s2 m3']);
    expect(apply(score, planned.plan).ok).toBe(true);
    expect(lanes(score, 2, 3)).toBe('P1 s1 v1 m2: D5=1/2 B4 | G4=1\n');
  });

  it('refuses deleting every measure', () => {
    const score = scoreOf(SMALL);
    expect(planDeleteMeasures(score, { start: 1, end: 4 })).toEqual({
      ok: false,
      problems: [
        {
          code: 'invalid-range',
          message: 'Deleting every measure would leave a score with none.',
          fix: 'Keep at least one measure.',
        },
      ],
    });
  });

  it('makes a rewrite based on an older revision stale when measures before it moved', () => {
    const score = scoreOf(SMALL);
    const read = readMeasures(score, { start: 4, end: 4 });
    if (!read.ok) throw new Error('read failed');
    const deleted = planDeleteMeasures(score, { start: 1, end: 1 });
    if (!deleted.ok) throw new Error('refused');
    expect(apply(score, deleted.plan).ok).toBe(true);
    const again = planInsertMeasures(score, { at: 3, count: 1, revision: read.revision });
    expect(again.ok ? [] : again.problems.map((p) => p.message)).toEqual([
      `Measures were inserted or deleted at m1 after revision ${read.revision}, so the measure numbers of this write have moved.`,
    ]);
  });
});
