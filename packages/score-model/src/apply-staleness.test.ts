import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf, stateVector, syncAll } from './fixtures.test-support.ts';
import { planDeleteMeasures, planInsertMeasures } from './measure-edits.ts';
import { plan } from './plan-rewrite.ts';
import type { ScorePlan } from './plan-types.ts';
import type { Result } from './problem.ts';
import { readMeasures } from './read-measures.ts';
import { openScore, type Score } from './score.ts';
import { planSetKey, planSetTime } from './signatures.ts';
import { planTranspose } from './transpose.ts';
import { validate } from './validate.ts';

/** One violin, four measures of 4/4; only m1 holds notes. */
const RESTS = `%% part P1 name="Violin" staves=1 clefs=treble
%% measures 4
%% time m1 4/4
%% key m1 C major
P1 s1 v1 m1: C5=1
`;

function planned(result: Result<{ plan: ScorePlan }>): ScorePlan {
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
  return result.plan;
}

function write(score: Score, start: number, text: string): void {
  expect(apply(score, planned(plan(score, { start, text }))).ok).toBe(true);
}

/** Two peers of one score: `a` plans, `b` edits, then they sync. */
function peers(text: string): { a: Score; b: Score; sync: () => void } {
  const docA = new Y.Doc();
  const a = scoreOf(text, docA, 'agent');
  const docB = new Y.Doc();
  syncAll(docA, docB);
  return { a, b: openScore(docB, { origin: 'person' }), sync: () => syncAll(docA, docB) };
}

/** Applies an old plan, expecting it refused as stale on `units` with nothing written. */
function expectStale(score: Score, old: ScorePlan, units: string[]): void {
  const before = stateVector(score);
  expect(apply(score, old)).toEqual({
    ok: false,
    problems: units.map((unit) => ({
      code: 'stale',
      lane: unit,
      message: `${unit} changed after revision ${old.basis}.`,
      fix: `Read ${unit.split(' ')[2]} again and base the write on the new revision.`,
    })),
  });
  expect(stateVector(score)).toEqual(before);
  expect(validate(score).ok).toBe(true);
}

describe('apply refuses a plan whose writes depend on a unit changed since', () => {
  it('planSetTime: a unit of its extent was rewritten by a synced peer', () => {
    const { a, b, sync } = peers(RESTS);
    const setTime = planned(planSetTime(a, { measure: 2, time: { beats: 3, beatType: 4 } }));
    write(b, 3, 'P1 s1 v1 m3: D5=1\n');
    sync();
    expectStale(a, setTime, ['P1 s1 m3']);
  });

  it('planSetTime: a unit of its extent was rewritten locally', () => {
    const score = scoreOf(RESTS);
    const setTime = planned(planSetTime(score, { measure: 3, time: { beats: 3, beatType: 4 } }));
    write(score, 3, 'P1 s1 v1 m3: D5=1\n');
    expectStale(score, setTime, ['P1 s1 m3']);
  });

  it('planInsertMeasures: the measure before now ties into the measure that moves', () => {
    const score = scoreOf(
      RESTS.replace('P1 s1 v1 m1: C5=1', 'P1 s1 v1 m1: C5=1\nP1 s1 v1 m2: C5=1'),
    );
    const insert = planned(planInsertMeasures(score, { at: 2, count: 1 }));
    write(score, 1, 'P1 s1 v1 m1: C5=1~\n');
    expectStale(score, insert, ['P1 s1 m1']);
  });

  it('planDeleteMeasures: the measure before now ties into the deleted one', () => {
    const score = scoreOf(SMALL);
    const remove = planned(planDeleteMeasures(score, { start: 2, end: 2 }));
    write(score, 1, 'P1 s1 v1 m1: G4=1/4 A4=1/4 B4=1/4 D5=1/4~\n');
    expectStale(score, remove, ['P1 s1 m1']);
  });

  it('planDeleteMeasures: the measure after now holds the pitch a cut tie was repaired for', () => {
    const score = scoreOf(SMALL);
    const remove = planned(planDeleteMeasures(score, { start: 3, end: 3 }));
    write(score, 4, 'P1 s1 v1 m4: B4=1\n');
    expectStale(score, remove, ['P1 s1 m4']);
  });

  it('planTranspose: the measure before the range now ties into it', () => {
    const score = scoreOf(SMALL);
    const transpose = planned(
      planTranspose(score, { start: 4, end: 4, parts: [1], interval: 'M2' }),
    );
    write(score, 3, 'P1 s1 v1 m3: B4=1/4 A4=1/4 G4=1/2~\n');
    expectStale(score, transpose, ['P1 s1 m3']);
  });

  it('plan: the unit before a replaced one now ties into it', () => {
    const { a, b, sync } = peers(SMALL);
    const rewrite = planned(plan(a, { start: 3, parts: [2], text: 'P2 s2 v1 m3: E3=1\n' }));
    write(b, 2, 'P2 s2 v1 m2: D3=1/2 C3=1/2~\n');
    sync();
    expectStale(a, rewrite, ['P2 s2 m2']);
  });
});

describe('apply refuses a plan it cannot have made', () => {
  it('a plan made for another score is an invalid revision, writing nothing', () => {
    const other = scoreOf(SMALL);
    const foreign = planned(plan(other, { start: 1, parts: [1], text: 'P1 s1 v1 m1: C5=1\n' }));
    const score = scoreOf(SMALL);
    const before = stateVector(score);
    expect(apply(score, foreign)).toEqual({
      ok: false,
      problems: [
        {
          code: 'invalid-revision',
          message:
            'This plan was made for another score (its revision was not given out for this one).',
          fix: "Plan the change again with this score's planners.",
        },
      ],
    });
    expect(stateVector(score)).toEqual(before);
  });
});

describe('a document that holds no score', () => {
  const NO_SCORE = {
    ok: false,
    problems: [
      {
        code: 'no-score',
        message:
          'This document holds no score: nothing was created in it, or it has not synced yet.',
        fix: 'Wait for the document to sync, or create a score in it (createScore, or import a file) first.',
      },
    ],
  };

  it('every planner refuses with no-score, writing nothing', () => {
    const doc = new Y.Doc();
    const score = openScore(doc);
    const before = Y.encodeStateVector(doc);
    expect(planSetTime(score, { measure: 1, time: { beats: 3, beatType: 4 } })).toEqual(NO_SCORE);
    expect(
      planSetKey(score, { measure: 1, tonic: { step: 'G', alter: 0 }, mode: 'major' }),
    ).toEqual(NO_SCORE);
    expect(planInsertMeasures(score, { at: 1, count: 1 })).toEqual(NO_SCORE);
    expect(planDeleteMeasures(score, { start: 1, end: 1 })).toEqual(NO_SCORE);
    expect(planTranspose(score, { start: 1, end: 1, interval: 'M2' })).toEqual(NO_SCORE);
    expect(Y.encodeStateVector(doc)).toEqual(before);
  });

  it('a score whose every measure two peers deleted at once reads as no-score', () => {
    const { a, b, sync } = peers(SMALL);
    expect(apply(a, planned(planDeleteMeasures(a, { start: 1, end: 2 }))).ok).toBe(true);
    expect(apply(b, planned(planDeleteMeasures(b, { start: 3, end: 4 }))).ok).toBe(true);
    sync();
    expect(readMeasures(a, { start: 1, end: 1 })).toEqual({
      ok: false,
      problems: [
        {
          code: 'no-score',
          message:
            'The score in this document has no measures left (they were all deleted, possibly by two peers at once).',
          fix: 'Restore the score (undo, or import it again) before reading or changing it.',
        },
      ],
    });
  });
});
