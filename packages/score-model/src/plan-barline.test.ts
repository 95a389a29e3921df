import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { scoreWithBarlines } from './barline-scores.test-support.ts';
import { SMALL, scoreOf, stateVector } from './fixtures.test-support.ts';
import { planSetBarline, type SetBarlineRequest } from './plan-barline.ts';
import { playOrder } from './play-order.ts';
import { readMeasures } from './read-measures.ts';
import type { Score } from './score.ts';
import { scoreContent } from './score-content.ts';

function setBarline(score: Score, request: SetBarlineRequest) {
  const planned = planSetBarline(score, request);
  if (!planned.ok) throw new Error(planned.problems.map((p) => p.message).join('\n'));
  const applied = apply(score, planned.plan);
  if (!applied.ok) throw new Error(applied.problems[0]?.message);
  return planned.plan;
}

function barLinesLine(score: Score, start = 1, end = 4): string | undefined {
  const read = readMeasures(score, { start, end });
  if (!read.ok) throw new Error(read.problems[0]?.message);
  return read.text.split('\n').find((line) => line.startsWith('% bar lines'));
}

describe('planSetBarline', () => {
  it('writes a repeat with first and second endings for every part, read back in the % line', () => {
    const score = scoreOf(SMALL);
    setBarline(score, { measure: 2, style: 'repeat-start' });
    setBarline(score, { measure: 3, style: 'repeat-end', volta: '1' });
    setBarline(score, { measure: 4, style: 'final', volta: '2', voltaOpen: true });
    expect(barLinesLine(score)).toBe('% bar lines m2 |:, m3 [1. ] :|, m4 [2. ) |.');
    expect(scoreContent(score).measures[2]!.barlines).toEqual({
      end: 'repeat',
      volta: { numbers: [1], end: 'closed' },
    });
    expect(playOrder(score)).toEqual([1, 2, 3, 2, 4]);
  });

  it('says how often a repeat plays when it is not twice, and a range inside a volta says so', () => {
    const score = scoreWithBarlines([undefined, undefined, undefined, undefined]);
    setBarline(score, { measure: 2, volta: '1, 2', voltaEnd: 3 });
    setBarline(score, { measure: 3, style: 'repeat-end', times: 3 });
    expect(barLinesLine(score)).toBe('% bar lines m2 [1,2., m3 ] :|x3');
    expect(barLinesLine(score, 3, 4)).toBe('% bar lines m3 in [1,2. ] :|x3');
  });

  it('removes what it set: regular on either side, volta "" over the whole volta', () => {
    const score = scoreWithBarlines([undefined, undefined, undefined]);
    setBarline(score, { measure: 1, style: 'repeat-start' });
    setBarline(score, { measure: 2, style: 'double', volta: '1', voltaEnd: 3 });
    setBarline(score, { measure: 1, side: 'start', style: 'regular' });
    setBarline(score, { measure: 2, style: 'regular' });
    setBarline(score, { measure: 3, volta: '' });
    expect(barLinesLine(score, 1, 3)).toBeUndefined();
    expect(scoreContent(score).measures.map((measure) => measure.barlines)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('writes nothing for a bar line already as asked', () => {
    const score = scoreWithBarlines([undefined, { end: 'double' }]);
    const planned = planSetBarline(score, { measure: 2, style: 'double' });
    expect(planned.ok && planned.plan.writes).toEqual([]);
  });

  it('refuses every problem of a call at once, each with a fix, and changes nothing', () => {
    const score = scoreOf(SMALL);
    const before = stateVector(score);
    const planned = planSetBarline(score, {
      measure: 9,
      style: 'repeat-start',
      side: 'end',
      times: 3,
      volta: '1, 1',
    });
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.problems.map((problem) => problem.message)).toEqual([
      'There is no m9; the score has measures 1-4.',
      'A repeat start stands at the start of a measure.',
      'times goes with a repeat end only.',
      '"1, 1" is not a list of volta numbers.',
    ]);
    expect(planned.problems.every((problem) => problem.fix.length > 0)).toBe(true);
    expect(stateVector(score)).toEqual(before);
  });

  it('refuses a volta overlapping another, and its fix (remove it first) succeeds', () => {
    const score = scoreWithBarlines([undefined, undefined, undefined, undefined]);
    setBarline(score, { measure: 2, volta: '1', voltaEnd: 3 });
    const planned = planSetBarline(score, { measure: 3, volta: '2', voltaEnd: 4 });
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.problems[0]).toMatchObject({
      code: 'invalid-barline',
      message: 'The volta 1. over m2-m3 overlaps m3-m4.',
      fix: 'Remove it first (measure 2, volta ""), or give this volta measures outside m2-m3.',
    });
    setBarline(score, { measure: 2, volta: '' });
    setBarline(score, { measure: 3, volta: '2', voltaEnd: 4 });
    expect(barLinesLine(score)).toBe('% bar lines m3 [2., m4 ]');
  });

  it('refuses a volta sharing a pass with the one beside it, suggesting the next pass', () => {
    const score = scoreWithBarlines([undefined, undefined, undefined]);
    setBarline(score, { measure: 2, style: 'repeat-end', volta: '1' });
    const planned = planSetBarline(score, { measure: 3, volta: '1' });
    expect(!planned.ok && planned.problems[0]?.fix).toBe(
      'Give this volta other passes, for example "2".',
    );
    setBarline(score, { measure: 3, volta: '2' });
    expect(playOrder(score)).toEqual([1, 2, 1, 3]);
  });

  it('refuses a double bar on the start side, pointing at the measure before', () => {
    const score = scoreWithBarlines([undefined, undefined]);
    const planned = planSetBarline(score, { measure: 2, side: 'start', style: 'double' });
    expect(!planned.ok && planned.problems[0]?.fix).toBe(
      "Leave side out, or set it on measure 1, whose end is this measure's start.",
    );
  });

  it('refuses a write based on a revision whose measure changed since', () => {
    const score = scoreWithBarlines([undefined, undefined]);
    const read = readMeasures(score, { start: 1, end: 2 });
    if (!read.ok) throw new Error('read');
    setBarline(score, { measure: 2, style: 'final' });
    const planned = planSetBarline(score, { measure: 2, style: 'double', revision: read.revision });
    expect(!planned.ok && planned.problems[0]?.code).toBe('stale');
  });
});
