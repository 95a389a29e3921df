import { parsePitch, rational } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import { oneMeasureScore } from './fixtures.test-support.ts';
import { plan } from './plan-rewrite.ts';
import { MAX_PROBLEMS } from './problem-list.ts';
import { readMeasures } from './read-measures.ts';
import type { Score } from './score.ts';
import type { ScoreEvent } from './score-types.ts';
import { validate } from './validate.ts';

// Past about 120,000 items, `push(...items)` throws a RangeError: these
// lanes are longer than that.
const EVENTS = 130_000;
const C4 = parsePitch('C4')!;
const D4 = parsePitch('D4')!;

/** One measure of 4/4 whose one unit holds `events`. */
function scoreWith(events: readonly ScoreEvent[]): Score {
  return oneMeasureScore([{ voice: 1, events }]);
}

/** 129,999 grace notes, each with a lyric, before a whole note: a valid lane. */
function graceRun(): ScoreEvent[] {
  const events: ScoreEvent[] = [];
  for (let index = 0; index < EVENTS - 1; index++) {
    events.push({
      kind: 'note',
      pitch: D4,
      duration: rational(1, 8),
      grace: true,
      tie: false,
      attachments: { lyric: `${index}` },
    });
  }
  events.push({ kind: 'note', pitch: C4, duration: rational(1, 1), grace: false, tie: false });
  return events;
}

describe('lanes of 130,000 events', () => {
  it('a rewrite of a valid 130,000-event lane plans, every dropped attachment listed', () => {
    const score = scoreWith(graceRun());
    expect(readMeasures(score, { start: 1, end: 1 }).ok).toBe(true);
    const planned = plan(score, { start: 1, text: 'P1 s1 v1 m1: E4=1\n' });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(planned.plan.dropped).toHaveLength(EVENTS - 1);
    expect(planned.plan.dropped.at(-1)).toEqual({
      lane: 'P1 s1 v1 m1',
      event: EVENTS - 1,
      attachments: { lyric: `${EVENTS - 2}` },
    });
  });

  it('validate reports a stored lane with a problem on each of 130,000 events', () => {
    // C4~ D4~ C4~ ...: no tie lands.
    const events: ScoreEvent[] = Array.from({ length: EVENTS }, (_, index) => ({
      kind: 'note',
      pitch: index % 2 === 0 ? C4 : D4,
      duration: rational(1, 4),
      grace: false,
      tie: true,
    }));
    const checked = validate(scoreWith(events));
    if (checked.ok) throw new Error('expected problems');
    expect(checked.problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(checked.problems[0]).toMatchObject({ code: 'measure-fill', lane: 'P1 s1 v1 m1' });
    expect(checked.problems.at(-1)?.message).toBe(
      '... and 129,901 more problems from here on (129,901 tie-not-landing), not listed one by one; 130,001 in all.',
    );
    expect(
      checked.problems.filter((problem) => problem.code === 'tie-not-landing').length,
    ).toBeGreaterThan(0);
  });
});

describe('a lane of 130,000 events with a problem on each', () => {
  it('plan lists the first 100 in text order, pointing at each event, then counts the rest', () => {
    const score = scoreWith([{ kind: 'rest', duration: rational(1, 1), grace: false }]);
    // C4~ D4~ C4~ ...: no tie lands, and the lane is far too long.
    const events = Array.from({ length: EVENTS }, (_, index) =>
      index % 2 === 0 ? 'C4=1/4~' : 'D4=1/4~',
    );
    const result = plan(score, { start: 1, text: `P1 s1 v1 m1: ${events.join(' ')}\n` });
    if (result.ok) throw new Error('expected the plan to be refused');
    expect(result.problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(result.problems[0]).toMatchObject({ code: 'measure-fill', line: 1, column: 1 });
    result.problems.slice(1, MAX_PROBLEMS).forEach((problem, index) => {
      expect(problem).toMatchObject({ code: 'tie-not-landing', line: 1, column: 14 + 8 * index });
    });
    expect(result.problems.at(-1)).toMatchObject({
      code: 'too-many-problems',
      line: 1,
      column: 14 + 8 * (MAX_PROBLEMS - 1),
      message:
        '... and 129,901 more problems from here on (129,901 tie-not-landing), not listed one by one; 130,001 in all.',
    });
  });
});
