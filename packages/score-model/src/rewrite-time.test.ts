import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { laneLines as lanesOf, scoreOf, stateVector } from './fixtures.test-support.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import type { Score } from './score.ts';

/** Violin and cello, four measures of 4/4; the cello rests in m3. */
function duo(): Score {
  return scoreOf(`%% part P1 name="Violin" staves=1 clefs=treble
%% part P2 name="Cello" staves=1 clefs=bass
%% measures 4
%% time m1 4/4
%% key m1 C major
P1 s1 v1 m1: C5=1
P1 s1 v1 m2: D5=1
P1 s1 v1 m3: E5=1
P1 s1 v1 m4: F5=1
P2 s1 v1 m1: C3=1
P2 s1 v1 m2: D3=1
P2 s1 v1 m4: F3=1
`);
}

const threeFour = { beats: 3, beatType: 4 };

describe('rewrite_measures with a time signature: meter and notes in one call', () => {
  it('writes the measures in the new time; the measure after keeps its own', () => {
    const score = duo();
    const planned = plan(score, {
      start: 2,
      time: threeFour,
      text: 'P1 s1 v1 m2: D5=3/4\nP2 s1 v1 m2: D3=3/4\nP1 s1 v1 m3: E5=1/4 F5 G5\n',
    });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(apply(score, planned.plan).ok).toBe(true);
    const read = readMeasures(score, { start: 1, end: 4 });
    expect(read.ok && read.context.times).toEqual([
      { measure: 1, beats: 4, beatType: 4 },
      { measure: 2, beats: 3, beatType: 4 },
      { measure: 4, beats: 4, beatType: 4 },
    ]);
    // The cello's whole rest in m3, which the text leaves out, is refitted to 3/4.
    expect(lanesOf(score, 3, 3)).toEqual(['P1 s1 v1 m3: E5=1/4 F5 G5', 'P2 s1 v1 m3: r=3/4']);
  });

  it('refuses lanes that fill the old time, and music the text leaves out, naming the lane to write; nothing changes', () => {
    const score = duo();
    const before = stateVector(score);
    const planned = plan(score, { start: 2, time: threeFour, text: 'P1 s1 v1 m2: D5=1\n' });
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    const codes = planned.problems.map((problem) => problem.code);
    expect(codes).toContain('measure-fill');
    const leftOut = planned.problems.find((problem) => problem.code === 'content-does-not-fit');
    expect(leftOut).toMatchObject({ lane: 'P2 s1 v1 m2' });
    expect(leftOut?.fix).toContain("Write P2 s1's lanes of m2 in 3/4 in this call too");
    expect(stateVector(score)).toEqual(before);
  });

  it('refuses a time signature the score cannot hold', () => {
    const planned = plan(duo(), {
      start: 3,
      time: { beats: 3, beatType: 5 },
      text: 'P1 s1 v1 m3: E5=3/4\n',
    });
    expect(planned.ok ? [] : planned.problems.map((problem) => problem.code)).toContain(
      'invalid-signature',
    );
  });
});
