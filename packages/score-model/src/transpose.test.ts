import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { readMeasures } from './read-measures.ts';
import { planTranspose } from './transpose.ts';

describe('planTranspose', () => {
  it('moves every pitch by the interval with its spelling, and repairs ties across the edges', () => {
    const score = scoreOf(SMALL);
    const planned = planTranspose(score, { start: 2, end: 2, parts: [1, 2], interval: 'M3' });
    if (!planned.ok) throw new Error('refused');
    expect(planned.plan.repairs.map((repair) => repair.message)).toEqual([
      'P1 s1 v1 m2 tied D#5 into m3, which was not transposed and P1 s1 v1 m3 does not hold D#5; the tie was removed.',
    ]);
    expect(apply(score, planned.plan).ok).toBe(true);
    const read = readMeasures(score, { start: 2, end: 2 });
    if (!read.ok) throw new Error('read failed');
    expect(read.lanes).toBe(
      [
        'P1 s1 v1 m2: F#5=1/2 D#5=1/2',
        'P2 s1 v1 m2: (F#4 A#4)=1',
        'P2 s1 v2 m2: C#4=1/2 C#4=1/2',
        'P2 s2 v1 m2: F#3=1',
        '',
      ].join('\n'),
    );
  });

  it('refuses an interval that is not one', () => {
    const score = scoreOf(SMALL);
    expect(planTranspose(score, { start: 1, end: 2, interval: 'P3' })).toEqual({
      ok: false,
      problems: [
        {
          code: 'invalid-interval',
          message: '"P3" is not an interval.',
          fix: 'Write a quality (P, M, m, A, d) and a number, with - to go down: "M3", "-P4", "A1".',
        },
      ],
    });
  });

  it('refuses a pitch that cannot be spelled after moving', () => {
    const score = scoreOf(SMALL);
    const planned = planTranspose(score, { start: 4, end: 4, parts: [1], interval: 'P8' });
    expect(planned.ok).toBe(true);
    const far = planTranspose(score, { start: 4, end: 4, parts: [1], interval: 'P43' });
    expect(far.ok ? [] : far.problems.map((p) => p.code)).toEqual(['pitch-out-of-range']);
  });
});
