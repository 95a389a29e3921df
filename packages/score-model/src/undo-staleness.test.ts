import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { scoreTypes } from './layout.ts';
import { planDeleteMeasures, planInsertMeasures } from './measure-edits.ts';
import { plan } from './plan-rewrite.ts';
import type { ScorePlan } from './plan-types.ts';
import type { Result } from './problem.ts';
import { readMeasures } from './read-measures.ts';

function planned(result: Result<{ plan: ScorePlan }>): ScorePlan {
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
  return result.plan;
}

function setup() {
  const score = scoreOf(SMALL, new Y.Doc(), 'agent');
  const undo = new Y.UndoManager(Object.values(scoreTypes(score.doc)), {
    trackedOrigins: new Set(['agent']),
    captureTimeout: 0,
  });
  return { score, undo };
}

function revision(score: Parameters<typeof readMeasures>[0]): string {
  const read = readMeasures(score, { start: 1, end: 1 });
  if (!read.ok) throw new Error('read failed');
  return read.revision;
}

describe('apply and Y.UndoManager', () => {
  it('undoes one applied plan as one step, landing on the state between two calls', () => {
    const { score, undo } = setup();
    const lanesNow = () => {
      const read = readMeasures(score, { start: 1, end: 4 });
      if (!read.ok) throw new Error('read failed');
      return read.lanes;
    };
    const start = lanesNow();
    apply(score, planned(plan(score, { start: 3, parts: [1], text: 'P1 s1 v1 m3: A4=1\n' })));
    const between = lanesNow();
    apply(
      score,
      planned(plan(score, { start: 1, text: 'P1 s1 v1 m1: C5=1\nP2 s2 v1 m1: C3=1\n' })),
    );
    undo.undo();
    expect(lanesNow()).toBe(between);
    undo.undo();
    expect(lanesNow()).toBe(start);
  });
});

describe('staleness across undo', () => {
  it('sees an undone rewrite as a change to its unit', () => {
    const { score, undo } = setup();
    expect(
      apply(score, planned(plan(score, { start: 3, parts: [1], text: 'P1 s1 v1 m3: A4=1\n' }))).ok,
    ).toBe(true);
    const after = revision(score);
    undo.undo();
    const result = plan(score, {
      start: 3,
      parts: [1],
      text: 'P1 s1 v1 m3: G4=1\n',
      revision: after,
    });
    // The undo restored the tie the rewrite had repaired in m2, too.
    expect(result.ok ? [] : result.problems.map((problem) => [problem.code, problem.lane])).toEqual(
      [
        ['stale', 'P1 s1 m2'],
        ['stale', 'P1 s1 m3'],
      ],
    );
  });

  it('sees an undone insertion of measures as moving the measures after it', () => {
    const { score, undo } = setup();
    expect(apply(score, planned(planInsertMeasures(score, { at: 2, count: 1 }))).ok).toBe(true);
    const after = revision(score);
    undo.undo();
    const result = plan(score, {
      start: 3,
      parts: [1],
      text: 'P1 s1 v1 m3: G4=1\n',
      revision: after,
    });
    expect(result.ok ? [] : result.problems.map((problem) => problem.message)).toEqual([
      `Measures were inserted or deleted at m2 after revision ${after}, so the measure numbers of this write have moved.`,
    ]);
    // A write before the place that moved is not stale.
    expect(
      plan(score, { start: 1, parts: [1], text: 'P1 s1 v1 m1: G4=1\n', revision: after }).ok,
    ).toBe(true);
  });

  it('sees an undone deletion of measures as moving the measures after it', () => {
    const { score, undo } = setup();
    expect(apply(score, planned(planDeleteMeasures(score, { start: 2, end: 2 }))).ok).toBe(true);
    const after = revision(score);
    undo.undo();
    const result = plan(score, {
      start: 3,
      parts: [1],
      text: 'P1 s1 v1 m3: G4=1\n',
      revision: after,
    });
    expect(result.ok ? [] : result.problems.map((problem) => problem.code)).toContain('stale');
  });

  it('keeps deletions seen at a revision from counting as moves later', () => {
    const { score } = setup();
    expect(apply(score, planned(planDeleteMeasures(score, { start: 1, end: 1 }))).ok).toBe(true);
    const after = revision(score);
    expect(
      plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: G4=1\n', revision: after }).ok,
    ).toBe(true);
  });
});
