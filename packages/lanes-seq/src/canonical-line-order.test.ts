import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { blockOf, lanesInLineOrder } from './canonical-line-order.ts';
import { compareLanes, type Lane } from './document.ts';

const arbitraryLanes = fc
  .tuple(
    fc.array(
      fc.record({
        part: fc.integer({ min: 1, max: 3 }),
        staff: fc.integer({ min: 1, max: 2 }),
        voice: fc.integer({ min: 1, max: 2 }),
        // Fractional measures put more than a few measures in one block.
        measure: fc.oneof(
          fc.integer({ min: 1, max: 14 }),
          fc.integer({ min: 4, max: 56 }).map((quarter) => quarter / 4),
        ),
        events: fc.constant([]),
      }),
      { maxLength: 40 },
    ),
    fc.constantFrom('any', 'by measure'),
  )
  .map(([lanes, order]): Lane[] => (order === 'any' ? lanes : [...lanes].sort(compareLanes)));

describe('lanesInLineOrder', () => {
  test.prop([arbitraryLanes], { numRuns: 500 })(
    'orders lanes as a stable sort by block, part, staff, voice and measure does',
    (lanes) => {
      const expected = lanes
        .map((lane, index) => ({ lane, index }))
        .sort(
          (a, b) =>
            blockOf(a.lane.measure) - blockOf(b.lane.measure) ||
            a.lane.part - b.lane.part ||
            a.lane.staff - b.lane.staff ||
            a.lane.voice - b.lane.voice ||
            a.lane.measure - b.lane.measure ||
            a.index - b.index,
        )
        .map(({ lane }) => lane);
      const ordered = lanesInLineOrder(lanes);
      expect(ordered).toHaveLength(expected.length);
      for (const [index, lane] of ordered.entries()) expect(lane).toBe(expected[index]);
    },
  );
});
