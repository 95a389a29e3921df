import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { twinsInStartOrder } from './line-twins.ts';

interface Line {
  readonly key: string;
  readonly start: number;
}

const order = (lines: readonly Line[]) =>
  twinsInStartOrder(
    lines,
    (line) => line.key,
    (line) => line.start,
  );

describe('twinsInStartOrder', () => {
  it('tries the first of two twins to start first, in the place the first to stop had', () => {
    const b = { key: 'pedal 1-2', start: 2 };
    const c = { key: 'pedal 3-4', start: 3 };
    const a = { key: 'pedal 1-2', start: 1 };
    expect(order([b, c, a])).toEqual([a, c, b]);
  });

  it('leaves lines with no twin as they were', () => {
    const lines = [
      { key: 'x', start: 5 },
      { key: 'y', start: 1 },
    ];
    expect(order(lines)).toEqual(lines);
  });

  const lines = fc.array(
    fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd'), start: fc.integer({ min: 0, max: 50 }) }),
    { maxLength: 30 },
  );

  property.prop([lines])(
    'is a permutation that keeps each key in its places and puts each set of twins in start order',
    (given) => {
      const result = order(given);
      expect([...result].sort(byKeyAndStart)).toEqual([...given].sort(byKeyAndStart));
      expect(result.map((line) => line.key)).toEqual(given.map((line) => line.key));
      for (const key of new Set(given.map((line) => line.key))) {
        const starts = result.filter((line) => line.key === key).map((line) => line.start);
        expect(starts).toEqual([...starts].sort((x, y) => x - y));
      }
    },
  );
});

function byKeyAndStart(a: Line, b: Line): number {
  return a.key.localeCompare(b.key) || a.start - b.start;
}
