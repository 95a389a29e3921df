import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { scoreOf, stateVector } from './fixtures.test-support.ts';
import { planWriteMarks } from './plan-write-marks.ts';
import { readMeasures } from './read-measures.ts';
import type { Score } from './score.ts';

const SCORE = `%% title: Marks
%% part P1 name="Flute" staves=1 clefs=treble
%% measures 3
%% time m1 4/4
%% key m1 C major
P1 s1 v1 m1: C5=1/4\\f D5=1/4 E5=1/4 r=1/4
P1 s1 v1 m2: E5=1/8 D5=1/8 C5=1/8 D5=1/8 E5=1/2
P1 s1 v1 m3: C5=1
`;

function lanes(score: Score, measure: number): string {
  const read = readMeasures(score, { start: measure, end: measure });
  if (!read.ok) throw new Error('read failed');
  return read.lanes;
}

function written(score: Score, text: string, mode?: 'add' | 'remove' | 'replace') {
  const planned = planWriteMarks(score, { text, ...(mode ? { mode } : {}) });
  if (!planned.ok) throw new Error(planned.problems.map((p) => p.message).join('\n'));
  apply(score, planned.plan);
  return planned.plan;
}

describe('planWriteMarks', () => {
  it('adds marks to the events its * items stand for, leaving the rest and the notes alone', () => {
    const score = scoreOf(SCORE);
    written(score, 'P1 s1 v1 m2: *-.( *-. *-. *-.)\n');
    expect(lanes(score, 2)).toBe('P1 s1 v1 m2: E5=1/8-.( D5-. C5-. D5)-. E5=1/2\n');
    // The same mark again is not doubled.
    const again = planWriteMarks(score, { text: 'P1 s1 v1 m2: *-.\n' });
    expect(again.ok && again.plan.changes[0]?.unchanged).toBe(true);
  });

  it('replaces the dynamic at an event, listing the old one in dropped', () => {
    const score = scoreOf(SCORE);
    const plan = written(score, 'P1 s1 v1 m1: *\\p\n');
    expect(plan.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 v1 m1: event 1 lost the dynamic f.',
    ]);
    expect(lanes(score, 1)).toBe('P1 s1 v1 m1: C5=1/4\\p D5 E5 r\n');
  });

  it('puts marks at an onset without an event, and lyrics on the slots', () => {
    const score = scoreOf(SCORE);
    written(score, 'P1 s1 v1 m3: *"C" @1/2"G7"\nP1 s1 v1 m1 w1: la li lo\n');
    expect(lanes(score, 3)).toBe('P1 s1 v1 m3: C5=1"C" @1/2"G7"\n');
    expect(lanes(score, 1)).toBe('P1 s1 v1 m1: C5=1/4\\f D5 E5 r\nP1 s1 v1 m1 w1: la li lo\n');
  });

  it('removes marks, and replace sets the listed events exactly', () => {
    const score = scoreOf(SCORE);
    written(score, 'P1 s1 v1 m1: *\\f\n', 'remove');
    expect(lanes(score, 1)).toBe('P1 s1 v1 m1: C5=1/4 D5 E5 r\n');
    written(score, 'P1 s1 v1 m2: *-> *->\n');
    const plan = written(score, 'P1 s1 v1 m2: * *--\n', 'replace');
    expect(plan.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 v1 m2: event 1 lost an accent.',
      'P1 s1 v1 m2: event 2 lost an accent.',
    ]);
    expect(lanes(score, 2)).toBe('P1 s1 v1 m2: E5=1/8 D5-- C5 D5 E5=1/2\n');
  });

  it('refuses, changing nothing, a removal that finds nothing, too many *, and a mark a rest cannot take', () => {
    const score = scoreOf(SCORE);
    const before = stateVector(score);
    const planned = planWriteMarks(score, {
      text: 'P1 s1 v1 m1: * * * *-.\nP1 s1 v1 m3: * *\n',
      mode: 'add',
    });
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.problems.map((p) => [p.code, p.line, p.column])).toEqual([
      ['mark-does-not-fit', 1, 21],
      ['too-many-stars', 2, 16],
    ]);
    expect(planned.problems[1]?.message).toBe(
      'P1 s1 v1 m3 has 2 * items, but the voice has 1 event.',
    );
    const removal = planWriteMarks(score, { text: 'P1 s1 v1 m2: *\\p\n', mode: 'remove' });
    expect(!removal.ok && removal.problems.map((p) => p.message)).toEqual([
      'P1 s1 v1 m2 event 1 has no \\p to remove.',
    ]);
    expect(stateVector(score)).toEqual(before);
  });
});
