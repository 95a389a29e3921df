import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { scoreOf, stateVector } from './fixtures.test-support.ts';
import { planInsertMeasures } from './measure-edits.ts';
import { plan } from './plan-rewrite.ts';
import type { Score } from './score.ts';
import { MAX_SCORE_MEASURES, MAX_SCORE_QUARTERS } from './score-limits.ts';
import { viewScore } from './score-view.ts';
import { planSetTime } from './signatures.ts';

/** One part, one measure of `time` holding one note of `length`. */
const oneMeasure = (time: string, length = time) => `%% part P1 name="Flute" staves=1 clefs=treble
%% time m1 ${time}
%% key m1 C major
P1 s1 v1 m1: C5=${length}
`;

/** Inserts `count` measures at the end, 1,000 at a time, as seventeen insert_measures calls would. */
function grow(score: Score, count: number): void {
  for (let left = count; left > 0; left -= 1000) {
    const at = viewScore(score).measureCount + 1;
    const planned = planInsertMeasures(score, { at, count: Math.min(1000, left) });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    apply(score, planned.plan);
  }
}

describe('the planners refuse what a reader would refuse', () => {
  it('refuses the insert_measures that would pass MAX_SCORE_QUARTERS, changing nothing', () => {
    const score = scoreOf(oneMeasure('8/4', '2'));
    const fits = MAX_SCORE_QUARTERS / 8 - 1; // 8,191 more measures of 8/4 reach 65,536 quarters
    grow(score, fits);
    const before = stateVector(score);
    const refused = planInsertMeasures(score, {
      at: viewScore(score).measureCount + 1,
      count: 1,
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems).toEqual([
      {
        code: 'score-too-long',
        message: `The change would give the score more than ${MAX_SCORE_QUARTERS} quarter notes (it passes that in measure ${MAX_SCORE_QUARTERS / 8 + 1}), longer than a score may last; a file that long could not be opened again.`,
        fix: `Keep the score within ${MAX_SCORE_MEASURES} measures and ${MAX_SCORE_QUARTERS} quarter notes: insert fewer or shorter measures, or split the score into several files.`,
      },
    ]);
    expect(stateVector(score)).toEqual(before);
  });

  it('refuses the seventeenth insert_measures of 1,000 measures of 4/4', () => {
    const score = scoreOf(oneMeasure('4/4'));
    grow(score, 16_000);
    const seventeenth = planInsertMeasures(score, { at: 16_002, count: 1000 });
    expect(seventeenth.ok || seventeenth.problems.map((problem) => problem.code)).toEqual([
      'score-too-long',
    ]);
  });

  it('refuses measures past MAX_SCORE_MEASURES however short, and a rewrite that adds them', () => {
    const score = scoreOf(oneMeasure('1/4'));
    grow(score, MAX_SCORE_MEASURES - 1);
    const refused = planInsertMeasures(score, { at: 1, count: 1 });
    expect(refused.ok || refused.problems[0]?.message).toContain(
      `${MAX_SCORE_MEASURES + 1} measures, more than the ${MAX_SCORE_MEASURES} a score may have`,
    );
    const last = viewScore(score).measureCount;
    const rewrite = plan(score, {
      start: last,
      parts: [1],
      text: `P1 s1 v1 m${last}: C5=1/4\nP1 s1 v1 m${last + 1}: C5=1/4\n`,
      allowMeasureCountChange: true,
    });
    expect(rewrite.ok || rewrite.problems.map((problem) => problem.code)).toEqual([
      'score-too-long',
    ]);
  });

  it('refuses a time signature that would make the score last too long', () => {
    const score = scoreOf(oneMeasure('4/4'));
    grow(score, 4000); // 4,001 measures of 4/4: 16,004 quarters
    const refused = planSetTime(score, { measure: 1, time: { beats: 64, beatType: 4 } });
    expect(refused.ok || refused.problems.map((problem) => problem.code)).toContain(
      'score-too-long',
    );
  });
});
