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
        'P1 s1 v1 m2: F#5=1/2 D#5',
        'P2 s1 v1 m2: (F#4 A#4)=1',
        'P2 s1 v2 m2: C#4=1/2 C#4',
        'P2 s2 v1 m2: F#3=1',
        '',
      ].join('\n'),
    );
  });

  it('moves the key signatures with keys: true when every part moves', () => {
    const score = scoreOf(SMALL);
    const planned = planTranspose(score, { start: 1, end: 4, interval: '-m3', keys: true });
    if (!planned.ok) throw new Error('refused');
    expect(apply(score, planned.plan).ok).toBe(true);
    const read = readMeasures(score, { start: 1, end: 1, parts: [1] });
    expect(read.ok && read.context.keys).toEqual([
      { measure: 1, tonic: { step: 'E', alter: 0 }, mode: 'major', fifths: 4 },
    ]);
    expect(read.ok && read.lanes).toBe('P1 s1 v1 m1: E4=1/4 F#4 G#4 A4\n');
  });

  it('refuses to move keys when only some parts move, or past seven sharps', () => {
    const score = scoreOf(SMALL);
    const some = planTranspose(score, { start: 1, end: 4, parts: [1], interval: 'M2', keys: true });
    expect(some.ok ? [] : some.problems.map((problem) => problem.message)).toEqual([
      'Key signatures belong to every part, so they move only when every part is transposed.',
    ]);
    const far = planTranspose(score, { start: 1, end: 4, interval: 'A1', keys: true });
    expect(far.ok ? [] : far.problems.map((problem) => problem.message)).toEqual([
      'G major at m1 moved by A1 needs more than seven sharps or flats.',
    ]);
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
