import { describe, expect, it } from 'vitest';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { plan } from './plan-rewrite.ts';
import type { Problem } from './problem.ts';
import { validate } from './validate.ts';

// "The next sounding event" of a tie is the next event of the lane that
// takes time: grace notes before it are passed over, and a rest or an
// invisible rest there means the tie does not land.

function problems(text: string): readonly Problem[] {
  const result = plan(scoreOf(SMALL), { start: 1, parts: [1], text });
  return result.ok ? [] : result.problems;
}

describe('where a tie lands', () => {
  it('passes over grace notes to the next event that takes time, in the lane and across the bar line', () => {
    expect(problems('P1 s1 v1 m1: C5=1/2~ D5=g1/16 E5=g1/16 C5=1/2\n')).toEqual([]);
    expect(problems('P1 s1 v1 m1: r=1/2 C5=1/2~\nP1 s1 v1 m2: D5=g1/16 C5=1/2 B4=1/2\n')).toEqual(
      [],
    );
  });

  it("lands a grace note's tie on the very next event, grace or not", () => {
    expect(problems('P1 s1 v1 m1: C5=g1/8~ C5=1\n')).toEqual([]);
    expect(problems('P1 s1 v1 m1: C5=g1/8~ D5=g1/8 C5=1\n')).toMatchObject([
      {
        code: 'tie-not-landing',
        message:
          'P1 s1 v1 m1 event 1 "C5=g1/8~" ties C5, but the next event "D5=g1/8" does not hold C5.',
      },
    ]);
  });

  it('never lands on a rest or an invisible rest, and says why', () => {
    expect(
      problems('P1 s1 v1 m1: C5=1/4~ r=1/4 C5=1/2\nP1 s1 v1 m2: D5=1/2~ D5=g1/8 x=1/2\n'),
    ).toEqual([
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 14,
        message:
          'P1 s1 v1 m1 event 1 "C5=1/4~" ties C5, but the next event "r=1/4" is a rest: a tie cannot continue over silence.',
        fix: 'Remove the ~ after C5, or replace the rest with C5 (a tie passes over grace notes, never over a rest).',
      },
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m2',
        line: 2,
        column: 14,
        message:
          'P1 s1 v1 m2 event 1 "D5=1/2~" ties D5, but the next event "x=1/2" is an invisible rest: a tie cannot continue over silence.',
        fix: 'Remove the ~ after D5, or replace the invisible rest with D5 (a tie passes over grace notes, never over a rest).',
      },
    ]);
  });

  it('never lands on a rest that starts the next measure, in the text or in the score', () => {
    expect(problems('P1 s1 v1 m1: C5=1~\nP1 s1 v1 m2: r=1\n')).toMatchObject([
      {
        code: 'tie-not-landing',
        message:
          'P1 s1 v1 m1 event 1 "C5=1~" ties C5, but the first event of P1 s1 v1 m2 "r=1" is a rest: a tie cannot continue over silence.',
      },
    ]);
    const score = scoreOf(SMALL.replace('P1 s1 v1 m4: G4=1', 'P1 s1 v1 m4: r=1'));
    const text = 'P1 s1 v1 m3: B4=1/4 A4=1/4 G4=1/2~\n';
    const result = plan(score, { start: 3, end: 3, parts: [1], text });
    expect(result.ok ? [] : result.problems).toMatchObject([
      {
        code: 'tie-not-landing',
        message:
          'P1 s1 v1 m3 event 3 "G4=1/2~" ties G4, but P1 s1 v1 m4 in the score, which starts with "r=1", is a rest: a tie cannot continue over silence.',
      },
    ]);
  });

  it('validate applies the same rule to what is stored', () => {
    const score = scoreOf(
      SMALL.replace('P1 s1 v1 m4: G4=1', 'P1 s1 v1 m4: r=1').replace('G4=1/2\n', 'G4=1/2~\n'),
    );
    const checked = validate(score);
    if (checked.ok) throw new Error('expected a problem');
    expect(checked.problems).toEqual([
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m3',
        message:
          'P1 s1 v1 m3 event 3 "G4=1/2~" ties G4, but the first event of P1 s1 v1 m4 "r=1" is a rest: a tie cannot continue over silence.',
        fix: 'Remove the ~ after G4, or replace the rest with G4 (a tie passes over grace notes, never over a rest).',
      },
    ]);
  });
});
