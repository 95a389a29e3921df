import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { scoreTypes } from './layout.ts';
import { plan } from './plan-rewrite.ts';
import { currentRevision, decodeRevision, scoreIdentity } from './revision.ts';

const PITCHES = ['C5', 'D5', 'E5', 'F5', 'G5'];

/** The count of changes a revision shows at its start (`r1.<count>-...`). */
function countOf(revision: string): number {
  const match = /^r1\.(\d+)-/.exec(revision);
  if (!match) throw new Error(`${revision} shows no count`);
  return Number(match[1]);
}

describe('revisions', () => {
  test.prop([fc.array(fc.constantFrom(...PITCHES), { minLength: 1, maxLength: 8 })], {
    numRuns: 30,
  })(
    'differ visibly from one change to the next: the count at their start grows with every write',
    (pitches) => {
      const score = scoreOf(SMALL);
      let previous = currentRevision(score);
      for (const pitch of pitches) {
        const planned = plan(score, { start: 1, text: `P1 s1 v1 m1: ${pitch}=1\n` });
        if (!planned.ok) throw new Error(planned.problems[0]?.message);
        expect(apply(score, planned.plan).ok).toBe(true);
        const next = currentRevision(score);
        // Writing what the measure holds already writes nothing, and the revision stays.
        if (planned.plan.writes.length === 0) {
          expect(next).toBe(previous);
          continue;
        }
        expect(countOf(next)).toBeGreaterThan(countOf(previous));
        expect(next.slice(0, next.indexOf('-'))).not.toBe(previous.slice(0, previous.indexOf('-')));
        previous = next;
      }
    },
  );

  it('reads back exactly, and a token whose count does not match its state is no revision', () => {
    const score = scoreOf(SMALL);
    const revision = currentRevision(score);
    const seen = decodeRevision(revision);
    expect(seen?.clocks).toEqual(Y.decodeStateVector(Y.encodeStateVector(score.doc)));
    expect(seen?.score).toEqual(scoreIdentity(score.doc));
    const count = countOf(revision);
    const tampered = revision.replace(`r1.${count}-`, `r1.${count + 1}-`);
    expect(decodeRevision(tampered)).toBeUndefined();
    expect(decodeRevision(revision.replace(`r1.${count}-`, 'r1.'))).toBeUndefined();
  });
});

describe('the revision of a settled doc', () => {
  test.prop(
    [
      fc.array(
        fc.record({ pitch: fc.constantFrom(...PITCHES), measure: fc.integer({ min: 1, max: 4 }) }),
        { minLength: 1, maxLength: 8 },
      ),
    ],
    { numRuns: 30 },
  )(
    'is what a fresh copy of the doc computes, after every write, undo and remote update',
    (writes) => {
      const score = scoreOf(SMALL);
      const undo = new Y.UndoManager(scoreTypes(score.doc).units, {
        trackedOrigins: new Set(['test']),
      });
      const fresh = () => {
        const copy = new Y.Doc();
        Y.applyUpdate(copy, Y.encodeStateAsUpdate(score.doc));
        return currentRevision({ ...score, doc: copy });
      };
      for (const [index, { pitch, measure }] of writes.entries()) {
        // Asked before and after each change, so a kept revision would show if it went stale.
        expect(currentRevision(score)).toBe(fresh());
        const planned = plan(score, { start: measure, text: `P1 s1 v1 m${measure}: ${pitch}=1\n` });
        if (!planned.ok) throw new Error(planned.problems[0]?.message);
        expect(apply(score, planned.plan).ok).toBe(true);
        expect(currentRevision(score)).toBe(fresh());
        if (index % 3 === 2) undo.undo();
        if (index % 4 === 3) {
          const peer = new Y.Doc();
          Y.applyUpdate(peer, Y.encodeStateAsUpdate(score.doc));
          peer.getMap('scorelane-peer-note').set('seen', index);
          Y.applyUpdate(score.doc, Y.encodeStateAsUpdate(peer, Y.encodeStateVector(score.doc)));
        }
        expect(currentRevision(score)).toBe(fresh());
      }
    },
  );

  it('is computed anew inside a transaction, where the doc is still changing', () => {
    const score = scoreOf(SMALL);
    const before = currentRevision(score);
    let inside: string | undefined;
    score.doc.transact(() => {
      score.doc.getMap('scorelane-test-note').set('written', true);
      inside = currentRevision(score);
    });
    expect(inside).not.toBe(before);
    expect(currentRevision(score)).toBe(inside);
  });
});
