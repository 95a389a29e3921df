import { parsePitch, rational } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import { oneMeasureScore, SMALL, scoreOf, stateVector } from './fixtures.test-support.ts';
import { plan } from './plan-rewrite.ts';
import { MAX_VOICES } from './rewrite-admission.ts';
import { validate } from './validate.ts';

/** `count` voices of P1 s1 m1, each a whole note. */
function voices(count: number, first = 1): string {
  return Array.from({ length: count }, (_, index) => `P1 s1 v${first + index} m1: C5=1\n`).join('');
}

describe('the voice limit', () => {
  it(`accepts ${MAX_VOICES} voices on a staff`, () => {
    const planned = plan(scoreOf(SMALL), { start: 1, parts: [1], text: voices(MAX_VOICES) });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    const after = planned.plan.changes[0]!.after.trimEnd().split('\n');
    expect(after.at(-1)).toBe(`P1 s1 v${MAX_VOICES} m1: C5=1`);
  });

  it('refuses a voice past v16, saying the limit and what to do, and writes nothing', () => {
    const score = scoreOf(SMALL);
    const before = stateVector(score);
    const result = plan(score, {
      start: 1,
      parts: [1],
      text: 'P1 s1 v1 m1: C5=1\nP1 s1 v17 m1: r=1\n',
    });
    expect(stateVector(score)).toEqual(before);
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          code: 'too-many-voices',
          lane: 'P1 s1 v17 m1',
          line: 2,
          column: 1,
          message: 'P1 s1 v17 m1 is voice 17, but a staff holds at most 16 voices (v1-v16).',
          fix: 'Write it in a voice between v1 and v16 (most staves need no more than v1-v4), or on another staff.',
        },
      ],
    });
  });

  it('refuses 40,000 voices on one staff, one problem a voice past the limit', () => {
    const result = plan(scoreOf(SMALL), { start: 1, parts: [1], text: voices(40_000) });
    if (result.ok) throw new Error('expected the plan to be refused');
    expect(result.problems[0]).toMatchObject({ code: 'too-many-voices', lane: 'P1 s1 v17 m1' });
    expect(result.problems.at(-1)?.message).toBe(
      '... and 39,884 more problems from here on (39,884 too-many-voices), not listed one by one; 39,984 in all.',
    );
  });

  it('validate reports a stored voice past the limit', () => {
    const whole = {
      kind: 'note' as const,
      pitch: parsePitch('C5')!,
      duration: rational(1, 1),
      grace: false,
      tie: false,
    };
    const score = oneMeasureScore([
      { voice: 1, events: [whole] },
      { voice: 20, events: [whole] },
    ]);
    expect(validate(score)).toEqual({
      ok: false,
      problems: [
        {
          code: 'too-many-voices',
          lane: 'P1 s1 v20 m1',
          message: 'P1 s1 v20 m1 is voice 20, but a staff holds at most 16 voices (v1-v16).',
          fix: 'Merge voices, or move some to another staff, then rewrite m1 with voices v1-v16.',
        },
      ],
    });
  });
});
