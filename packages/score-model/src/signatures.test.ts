import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf, stateVector } from './fixtures.test-support.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import { planSetKey, planSetTime } from './signatures.ts';

describe('planSetTime', () => {
  it('sets the time up to the next change, refitting whole-measure rests', () => {
    const score = scoreOf(SMALL.replace('%% measures 4', '%% measures 6'));
    const planned = planSetTime(score, { measure: 5, time: { beats: 3, beatType: 4 } });
    if (!planned.ok) throw new Error('refused');
    expect(planned.plan.range).toEqual({ start: 5, end: 6 });
    expect(apply(score, planned.plan).ok).toBe(true);
    const read = readMeasures(score, { start: 4, end: 6, parts: [1] });
    if (!read.ok) throw new Error('read failed');
    expect(read.context.times).toEqual([
      { measure: 4, beats: 4, beatType: 4 },
      { measure: 5, beats: 3, beatType: 4 },
    ]);
    expect(read.lanes).toBe('P1 s1 v1 m4: G4=1\nP1 s1 v1 m5: r=3/4 | r\n');
  });

  it('refuses when written content would no longer fill its measure, listing each voice', () => {
    const score = scoreOf(SMALL);
    const before = stateVector(score);
    const planned = planSetTime(score, { measure: 4, time: { beats: 3, beatType: 4 } });
    expect(planned.ok ? [] : planned.problems).toEqual([
      {
        code: 'content-does-not-fit',
        lane: 'P1 s1 v1 m4',
        message: 'P1 s1 v1 m4 lasts 1, but m4 would last 3/4 in 3/4.',
        fix: 'Re-bar the music instead: the same call with rebar: true (notes cut by the new bar lines are tied), or rewrite m4 with rewrite_measures to fit 3/4 first.',
      },
      {
        code: 'content-does-not-fit',
        lane: 'P2 s1 v1 m4',
        message: 'P2 s1 v1 m4 lasts 1, but m4 would last 3/4 in 3/4.',
        fix: 'Re-bar the music instead: the same call with rebar: true (notes cut by the new bar lines are tied), or rewrite m4 with rewrite_measures to fit 3/4 first.',
      },
      {
        code: 'content-does-not-fit',
        lane: 'P2 s2 v1 m4',
        message: 'P2 s2 v1 m4 lasts 1, but m4 would last 3/4 in 3/4.',
        fix: 'Re-bar the music instead: the same call with rebar: true (notes cut by the new bar lines are tied), or rewrite m4 with rewrite_measures to fit 3/4 first.',
      },
    ]);
    expect(stateVector(score)).toEqual(before);
  });

  it('refuses a time signature that cannot be', () => {
    const score = scoreOf(SMALL);
    const planned = planSetTime(score, { measure: 1, time: { beats: 3, beatType: 6 } });
    expect(planned.ok ? [] : planned.problems.map((p) => p.message)).toEqual([
      '3/6 is not a time signature this score can hold.',
    ]);
  });

  it('makes rewrites check fill against the new time', () => {
    const score = scoreOf(SMALL.replace('%% measures 4', '%% measures 5'));
    const planned = planSetTime(score, { measure: 5, time: { beats: 3, beatType: 4 } });
    if (!planned.ok) throw new Error('refused');
    apply(score, planned.plan);
    expect(plan(score, { start: 5, parts: [1], text: 'P1 s1 v1 m5: C5=1/2 D5=1/4\n' }).ok).toBe(
      true,
    );
  });
});

describe('planSetKey', () => {
  it('sets the key from a measure to the next change, leaving pitches as they are', () => {
    const score = scoreOf(SMALL);
    const planned = planSetKey(score, {
      measure: 3,
      tonic: { step: 'E', alter: 0 },
      mode: 'minor',
    });
    if (!planned.ok) throw new Error('refused');
    expect(apply(score, planned.plan).ok).toBe(true);
    const read = readMeasures(score, { start: 2, end: 4, parts: [1] });
    if (!read.ok) throw new Error('read failed');
    expect(read.context.keys).toEqual([
      { measure: 2, tonic: { step: 'G', alter: 0 }, mode: 'major', fifths: 1 },
      { measure: 3, tonic: { step: 'E', alter: 0 }, mode: 'minor', fifths: 1 },
    ]);
    expect(read.text).toContain('% key G major from m2, E minor from m3\n');
  });

  it('refuses a key with more than seven sharps', () => {
    const score = scoreOf(SMALL);
    const planned = planSetKey(score, {
      measure: 1,
      tonic: { step: 'D', alter: 1 },
      mode: 'major',
    });
    expect(planned.ok ? [] : planned.problems).toEqual([
      {
        code: 'invalid-signature',
        message: 'D# major needs more than seven sharps or flats.',
        fix: 'Use its enharmonic key, for example Eb major instead of D# major.',
      },
    ]);
  });
});
