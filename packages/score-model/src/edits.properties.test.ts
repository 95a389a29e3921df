import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { apply } from './apply-plan.ts';
import { arbitraryValidRewrite, PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import { scoreOf, stateVector } from './fixtures.test-support.ts';
import { planDeleteMeasures, planInsertMeasures } from './measure-edits.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import type { Score } from './score.ts';
import { planTranspose } from './transpose.ts';

function lanes(score: Score, start: number, end: number): string {
  const read = readMeasures(score, { start, end });
  if (!read.ok) throw new Error('read failed');
  return read.lanes;
}

function count(score: Score): number {
  const read = readMeasures(score, { start: 1, end: 1 });
  return read.ok ? read.context.measureCount : 0;
}

const INTERVALS = [
  'A1',
  'm2',
  'M2',
  'm3',
  'M3',
  'P4',
  'A4',
  'd5',
  'P5',
  'm6',
  'M6',
  'm7',
  'M7',
  'P8',
];

describe('edits, as laws', () => {
  test.prop(
    [
      fc.array(arbitraryValidRewrite, { maxLength: 3 }),
      arbitraryValidRewrite,
      arbitraryValidRewrite,
    ],
    {
      numRuns: 80,
    },
  )(
    'a plan refused at apply, because what it touches changed, leaves the state vector unchanged',
    (setup, first, second) => {
      const score = scoreOf(PROPERTY_SCORE);
      for (const edit of setup) {
        const result = plan(score, { start: edit.start, parts: edit.parts, text: edit.text });
        if (result.ok) apply(score, result.plan);
      }
      const late = plan(score, { start: first.start, parts: first.parts, text: first.text });
      const early = plan(score, { start: second.start, parts: second.parts, text: second.text });
      if (!late.ok || !early.ok) throw new Error('a valid rewrite was refused');
      expect(apply(score, early.plan).ok).toBe(true);
      const before = stateVector(score);
      const applied = apply(score, late.plan);
      if (!applied.ok) {
        expect(applied.problems.every((problem) => problem.code === 'stale')).toBe(true);
        expect(stateVector(score)).toEqual(before);
      }
    },
  );

  test.prop(
    [
      fc.constantFrom(...INTERVALS),
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 0, max: 5 }),
      fc.subarray([1, 2], { minLength: 1 }),
    ],
    { numRuns: 60 },
  )(
    'transposing up and back down gives the same pitches, spelled the same',
    (interval, start, size, parts) => {
      const score = scoreOf(PROPERTY_SCORE);
      const end = Math.min(6, start + size);
      const read = readMeasures(score, { start, end, parts });
      if (!read.ok) throw new Error('read failed');
      const up = planTranspose(score, { start, end, parts, interval });
      if (!up.ok) throw new Error(up.problems[0]?.message);
      apply(score, up.plan);
      const down = planTranspose(score, { start, end, parts, interval: `-${interval}` });
      if (!down.ok) throw new Error(down.problems[0]?.message);
      apply(score, down.plan);
      const back = readMeasures(score, { start, end, parts });
      // Ties across the range's edges were repaired on the way up; the rest is as it was.
      const untie = (text: string) => text.replace(/~/g, '');
      expect(back.ok && untie(back.lanes)).toBe(untie(read.lanes));
    },
  );

  test.prop([fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 4 })], { numRuns: 40 })(
    'inserting measures and deleting them again leaves the content as it was, but for repaired ties',
    (at, size) => {
      const score = scoreOf(PROPERTY_SCORE);
      const before = lanes(score, 1, 6).replace(/~/g, '');
      const inserted = planInsertMeasures(score, { at, count: size });
      if (!inserted.ok) throw new Error(inserted.problems[0]?.message);
      apply(score, inserted.plan);
      expect(count(score)).toBe(6 + size);
      const deleted = planDeleteMeasures(score, { start: at, end: at + size - 1 });
      if (!deleted.ok) throw new Error(deleted.problems[0]?.message);
      apply(score, deleted.plan);
      expect(lanes(score, 1, 6).replace(/~/g, '')).toBe(before);
    },
  );
});
