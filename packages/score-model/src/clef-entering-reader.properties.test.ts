import { fc, test } from '@fast-check/vitest';
import { CLEFS } from '@scorelane/lanes-seq';
import { describe, expect } from 'vitest';
import { apply } from './apply-plan.ts';
import { clefEntering, clefEnteringReader, planSetClef } from './clef-changes.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';

/** A staff of SMALL (P1 s1, P2 s1, P2 s2) and a measure 1-4. */
const place = fc.record({
  part: fc.integer({ min: 1, max: 2 }),
  staff: fc.integer({ min: 1, max: 2 }),
  measure: fc.integer({ min: 1, max: 4 }),
});

describe('clefEnteringReader', () => {
  test.prop(
    [
      fc.array(fc.tuple(place, fc.constantFrom(...CLEFS)), { maxLength: 6 }),
      fc.array(
        fc.record({
          part: fc.integer({ min: 1, max: 2 }),
          staff: fc.integer({ min: 1, max: 2 }),
          measure: fc.integer({ min: 1, max: 7 }),
        }),
        { minLength: 1, maxLength: 12 },
      ),
    ],
    { numRuns: 150 },
  )(
    'answers what clefEntering answers, for any clef changes and in any order of asking',
    (changes, asked) => {
      const score = scoreOf(SMALL);
      for (const [where, clef] of changes) {
        const planned = planSetClef(score, { ...where, clef });
        if (planned.ok) apply(score, planned.plan);
      }
      const entering = clefEnteringReader(score);
      for (const { part, staff, measure } of asked) {
        expect(entering(part, staff, measure)).toBe(clefEntering(score, part, staff, measure));
      }
    },
  );
});
