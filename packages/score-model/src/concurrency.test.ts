import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { arbitraryValidRewrite, PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import { SMALL, scoreOf, syncAll } from './fixtures.test-support.ts';
import { planDeleteMeasures, planInsertMeasures } from './measure-edits.ts';
import { plan } from './plan-rewrite.ts';
import type { ScorePlan } from './plan-types.ts';
import type { Result } from './problem.ts';
import { readMeasures } from './read-measures.ts';
import { openScore, type Score } from './score.ts';
import { validate } from './validate.ts';

function peers(text: string, count: number): { docs: Y.Doc[]; scores: Score[] } {
  const first = new Y.Doc();
  scoreOf(text, first);
  const docs = [first, ...Array.from({ length: count - 1 }, () => new Y.Doc())];
  syncAll(...docs);
  return { docs, scores: docs.map((doc, index) => openScore(doc, { origin: `peer-${index}` })) };
}

function lanesOf(score: Score, parts?: number[]): string {
  const count = readMeasures(score, { start: 1, end: 1 });
  if (!count.ok) throw new Error('read failed');
  const read = readMeasures(score, {
    start: 1,
    end: count.context.measureCount,
    ...(parts ? { parts } : {}),
  });
  if (!read.ok) throw new Error('read failed');
  return read.lanes;
}

function applied(score: Score, result: Result<{ plan: ScorePlan }>): void {
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
  expect(apply(score, result.plan).ok).toBe(true);
}

describe('concurrent edits', () => {
  it('two peers rewriting the same unit end with one of the two versions, whole', () => {
    const { docs, scores } = peers(SMALL, 2);
    applied(
      scores[0]!,
      plan(scores[0]!, {
        start: 1,
        parts: [2],
        text: 'P2 s1 v1 m1: C4=1/2 D4=1/2\nP2 s1 v2 m1: G3=1\n',
      }),
    );
    applied(
      scores[1]!,
      plan(scores[1]!, { start: 1, parts: [2], text: 'P2 s1 v1 m1: (E4 G4)=1/4 r=3/4\n' }),
    );
    syncAll(...docs);
    const read = readMeasures(scores[0]!, { start: 1, end: 1, parts: [2] });
    if (!read.ok) throw new Error('read failed');
    const staff1 = read.lanes.split('\n').filter((line) => line.startsWith('P2 s1'));
    expect([
      ['P2 s1 v1 m1: C4=1/2 D4', 'P2 s1 v2 m1: G3=1'],
      ['P2 s1 v1 m1: (E4 G4)=1/4 r=3/4'],
    ]).toContainEqual(staff1);
    expect(lanesOf(scores[1]!)).toBe(lanesOf(scores[0]!));
  });

  test.prop(
    [
      fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: 2 }),
          fc.oneof(
            arbitraryValidRewrite.map((rewrite) => ({ kind: 'rewrite' as const, rewrite })),
            fc.record({ kind: fc.constant('insert' as const), at: fc.integer({ min: 2, max: 7 }) }),
            fc.record({ kind: fc.constant('delete' as const), at: fc.integer({ min: 2, max: 6 }) }),
          ),
          fc.boolean(),
        ),
        { minLength: 1, maxLength: 10 },
      ),
    ],
    { numRuns: 60 },
  )(
    'three peers inserting, deleting and rewriting measures converge, and merges break only ties',
    (edits) => {
      const { docs, scores } = peers(PROPERTY_SCORE, 3);
      for (const [peer, edit, syncAfter] of edits) {
        const score = scores[peer]!;
        const result =
          edit.kind === 'rewrite'
            ? plan(score, {
                start: edit.rewrite.start,
                parts: edit.rewrite.parts,
                text: edit.rewrite.text,
              })
            : edit.kind === 'insert'
              ? planInsertMeasures(score, { at: edit.at, count: 1 })
              : planDeleteMeasures(score, { start: edit.at, end: edit.at });
        if (result.ok) expect(apply(score, result.plan).ok).toBe(true);
        if (syncAfter) syncAll(...docs);
      }
      syncAll(...docs);
      const texts = scores.map((score) => lanesOf(score));
      expect(texts[1]).toBe(texts[0]);
      expect(texts[2]).toBe(texts[0]);
      const checked = validate(scores[0]!);
      for (const problem of checked.ok ? [] : checked.problems)
        expect(problem.code).toBe('tie-not-landing');
    },
  );
});
