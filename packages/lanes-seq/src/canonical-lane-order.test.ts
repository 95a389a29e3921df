import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { canonicalLaneOrder } from './canonical-lane-order.ts';
import { compareLanes, type Lane } from './document.ts';

const arbitraryLanes = fc.array(
  fc.record({
    part: fc.integer({ min: 1, max: 3 }),
    staff: fc.integer({ min: 1, max: 2 }),
    voice: fc.integer({ min: 1, max: 2 }),
    measure: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(100_000, 0.5, -3)),
    events: fc.constant([]),
  }),
  { maxLength: 40 },
);

describe('canonicalLaneOrder', () => {
  test.prop([arbitraryLanes], { numRuns: 500 })(
    'orders the lanes as a stable sort by measure, part, staff and voice does',
    (lanes: Lane[]) => {
      const sorted = lanes
        .map((_, index) => index)
        .sort((a, b) => compareLanes(lanes[a]!, lanes[b]!));
      expect([...canonicalLaneOrder(lanes)]).toEqual(sorted);
    },
  );

  it('puts text in the canonical text order (a voice`s measures together) in measure order', () => {
    const lane = (part: number, measure: number): Lane => ({
      part,
      staff: 1,
      voice: 1,
      measure,
      events: [],
    });
    const lanes = [lane(1, 1), lane(1, 2), lane(2, 1), lane(2, 2)];
    expect([...canonicalLaneOrder(lanes)]).toEqual([0, 2, 1, 3]);
  });
});
