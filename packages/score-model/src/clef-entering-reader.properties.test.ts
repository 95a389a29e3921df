import { fc, test } from '@fast-check/vitest';
import { CLEFS, type Clef } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import {
  clefChanges,
  clefEntering,
  clefEnteringReader,
  planSetClef,
  type SetClefRequest,
} from './clef-changes.ts';
import { SMALL, scoreOf, syncAll } from './fixtures.test-support.ts';
import { scoreTypes } from './layout.ts';
import { openScore, type Score } from './score.ts';
import { viewScore } from './score-view.ts';

/** A staff of SMALL (P1 s1, P2 s1, P2 s2) and a measure 1-4. */
const place = fc.record({
  part: fc.integer({ min: 1, max: 2 }),
  staff: fc.integer({ min: 1, max: 2 }),
  measure: fc.integer({ min: 1, max: 4 }),
});
const asked = fc.array(
  fc.record({
    part: fc.integer({ min: 1, max: 2 }),
    staff: fc.integer({ min: 1, max: 2 }),
    measure: fc.integer({ min: 1, max: 7 }),
  }),
  { minLength: 1, maxLength: 12 },
);

/** The clef entering a measure, worked out from the list of clef changes and the part's clefs alone. */
function expectedEntering(score: Score, part: number, staff: number, measure: number): Clef {
  const earlier = clefChanges(score).filter(
    (change) => change.part === part && change.staff === staff && change.measure < measure,
  );
  const own = viewScore(score).parts[part - 1]?.info.clefs[staff - 1] ?? 'treble';
  return earlier.at(-1)?.clef ?? own;
}

function setClef(score: Score, request: SetClefRequest): void {
  const planned = planSetClef(score, request);
  if (planned.ok) apply(score, planned.plan);
}

describe('the clef entering a measure', () => {
  test.prop([fc.array(fc.tuple(place, fc.constantFrom(...CLEFS)), { maxLength: 6 }), asked], {
    numRuns: 80,
  })(
    'clefEntering and clefEnteringReader follow every clef change, asked before and after each, in any order',
    (changes, questions) => {
      const score = scoreOf(SMALL);
      const check = () => {
        const entering = clefEnteringReader(score);
        for (const { part, staff, measure } of questions) {
          const expected = expectedEntering(score, part, staff, measure);
          expect(entering(part, staff, measure)).toBe(expected);
          expect(clefEntering(score, part, staff, measure)).toBe(expected);
        }
      };
      check();
      for (const [where, clef] of changes) {
        setClef(score, { ...where, clef });
        check();
      }
    },
  );

  it("follows a peer's clef change that arrives as an update", () => {
    const score = scoreOf(SMALL);
    const peer = openScore(new Y.Doc());
    syncAll(score.doc, peer.doc);
    expect(clefEntering(peer, 1, 1, 4)).toBe('treble');

    setClef(score, { part: 1, staff: 1, measure: 2, clef: 'alto' });
    syncAll(score.doc, peer.doc);

    expect(clefEntering(peer, 1, 1, 4)).toBe('alto');
  });

  it('is read right inside an observer of the transaction that set the clef', () => {
    const score = scoreOf(SMALL);
    const seen: Clef[] = [];
    let watching = false;
    // Listening before the clefs are first read, so this listener runs before any the reader adds.
    score.doc.on('afterTransaction', () => {
      if (watching) seen.push(clefEntering(score, 1, 1, 4));
    });
    expect(clefEntering(score, 1, 1, 4)).toBe('treble');
    watching = true;

    setClef(score, { part: 1, staff: 1, measure: 2, clef: 'alto' });

    expect(seen).toContain('alto');
    expect(seen.at(-1)).toBe('alto');
  });

  it('numbers the parts as a view does when an id in the part order has no stored part', () => {
    const score = scoreOf(SMALL);
    const types = scoreTypes(score.doc);
    // The first id loses its part: a view then counts the piano as part 1.
    score.doc.transact(() => types.parts.delete(types.partOrder.get(0)));
    const entering = clefEnteringReader(score);
    for (const [part, staff] of [
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
      [3, 1],
      [0, 1],
    ] as const) {
      expect(entering(part, staff, 3)).toBe(expectedEntering(score, part, staff, 3));
    }
    expect(entering(1, 2, 3)).toBe('bass');
  });
});
