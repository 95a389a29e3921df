import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import { scoreOf } from './fixtures.test-support.ts';
import { scoreTypes } from './layout.ts';
import { plan } from './plan-rewrite.ts';
import { unitPlaces } from './unit-places.ts';

describe('unitPlaces', () => {
  it('places the unit keys a rewrite wrote, and reads what they hold now', () => {
    const score = scoreOf(PROPERTY_SCORE);
    const places = unitPlaces(score);
    const written: string[] = [];
    score.doc.on('afterTransaction', (transaction) => {
      for (const key of transaction.changed.get(scoreTypes(score.doc).units as never) ?? []) {
        if (key !== null) written.push(key);
      }
    });
    const planned = plan(score, { start: 2, parts: [2], text: 'P2 s2 v1 m2: C3=1\n' });
    if (!planned.ok) throw new Error(JSON.stringify(planned.problems));
    expect(apply(score, planned.plan).ok).toBe(true);
    expect(written).toHaveLength(1);
    const place = places.placeOf(written[0]!);
    expect(place).toEqual({ part: 2, staff: 2, measure: 2 });
    const content = places.contentAt(place!);
    expect(content?.voices).toHaveLength(1);
    expect(content?.voices[0]?.events[0]).toMatchObject({
      kind: 'note',
      pitch: { step: 'C', octave: 3 },
    });
  });

  it('places no key of another shape or of a part or measure the score does not have', () => {
    const places = unitPlaces(scoreOf(PROPERTY_SCORE));
    expect(places.placeOf('nothing')).toBeUndefined();
    expect(places.placeOf('p.x/1/m.y')).toBeUndefined();
    expect(places.placeOf('a/b/c/d')).toBeUndefined();
    expect(places.contentAt({ part: 9, staff: 1, measure: 1 })).toBeUndefined();
  });
});
