import { fc, test } from '@fast-check/vitest';
import { serialize } from '@scorelane/lanes-seq';
import { describe, expect } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import {
  arbitraryAnyText,
  arbitraryValidRewrite,
  PROPERTY_SCORE,
} from './arbitrary-rewrite.test-support.ts';
import { scoreOf, stateVector, syncAll } from './fixtures.test-support.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import { openScore, type Score } from './score.ts';
import { validate } from './validate.ts';

function lanes(score: Score, start: number, end: number, parts?: number[]): string {
  const read = readMeasures(score, { start, end, ...(parts ? { parts } : {}) });
  if (!read.ok) throw new Error('read failed');
  return read.lanes;
}

describe('plan and apply, as laws', () => {
  test.prop(
    [
      arbitraryAnyText,
      fc.integer({ min: 0, max: 8 }),
      fc.subarray([1, 2, 3]),
      fc.boolean(),
      fc.option(fc.constantFrom('r1.AA', 'nonsense'), { nil: undefined }),
    ],
    { numRuns: 200 },
  )('a refused plan leaves the state vector unchanged', (text, start, parts, allow, revision) => {
    const score = scoreOf(PROPERTY_SCORE);
    const before = stateVector(score);
    const beforeContent = lanes(score, 1, 6);
    const result = plan(score, {
      start,
      text,
      ...(parts.length > 0 ? { parts } : {}),
      allowMeasureCountChange: allow,
      ...(revision !== undefined ? { revision } : {}),
    });
    if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
    expect(stateVector(score)).toEqual(before);
    expect(lanes(score, 1, 6)).toBe(beforeContent);
  });

  test.prop([arbitraryValidRewrite], { numRuns: 150 })(
    'apply then read returns the submitted lanes, canonical',
    (rewrite) => {
      const score = scoreOf(PROPERTY_SCORE);
      const read = readMeasures(score, { start: 1, end: 6 });
      if (!read.ok) throw new Error('read failed');
      const result = plan(score, {
        start: rewrite.start,
        parts: rewrite.parts,
        text: rewrite.text,
        revision: read.revision,
      });
      if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
      expect(apply(score, result.plan).ok).toBe(true);
      expect(lanes(score, rewrite.start, rewrite.end, rewrite.parts)).toBe(
        serialize({ lanes: rewrite.lanes }),
      );
      expect(validate(score).ok).toBe(true);
    },
  );

  test.prop([fc.array(arbitraryValidRewrite, { maxLength: 3 })], { numRuns: 60 })(
    'read-all then rewrite-all with the same text changes no content',
    (edits) => {
      const score = scoreOf(PROPERTY_SCORE);
      for (const edit of edits) {
        const result = plan(score, { start: edit.start, parts: edit.parts, text: edit.text });
        if (result.ok) apply(score, result.plan);
      }
      const read = readMeasures(score, { start: 1, end: 6 });
      if (!read.ok) throw new Error('read failed');
      const result = plan(score, { start: 1, text: read.text, revision: read.revision });
      if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
      expect(result.plan.repairs).toEqual([]);
      for (const change of result.plan.changes) expect(change.after).toBe(change.before);
      expect(apply(score, result.plan).ok).toBe(true);
      expect(lanes(score, 1, 6)).toBe(read.lanes);
    },
  );

  test.prop(
    [
      fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), arbitraryValidRewrite), {
        minLength: 1,
        maxLength: 9,
      }),
    ],
    { numRuns: 80 },
  )(
    'three peers rewriting concurrently converge, and every voice still fills its measure',
    (edits) => {
      const first = new Y.Doc();
      scoreOf(PROPERTY_SCORE, first);
      const docs = [first, new Y.Doc(), new Y.Doc()];
      syncAll(...docs);
      const peers = docs.map((doc, index) => openScore(doc, { origin: `peer-${index}` }));
      for (const [peer, edit] of edits) {
        const score = peers[peer]!;
        const result = plan(score, { start: edit.start, parts: edit.parts, text: edit.text });
        if (result.ok) expect(apply(score, result.plan).ok).toBe(true);
      }
      syncAll(...docs);
      syncAll(...docs);
      const texts = peers.map((score) => lanes(score, 1, 6));
      expect(texts[1]).toBe(texts[0]);
      expect(texts[2]).toBe(texts[0]);
      const checked = validate(peers[0]!);
      const codes = checked.ok ? [] : checked.problems.map((problem) => problem.code);
      // Units are replaced whole, so merges can only break ties between units, never fill.
      for (const code of codes) expect(code).toBe('tie-not-landing');
    },
  );
});
