import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { rangeHas, selectionAfterArrow, selectionAfterClick } from './measure-range.ts';

const measure = fc.integer({ min: 1, max: 64 });

describe('selectionAfterClick', () => {
  it('selects the clicked measure in every part', () => {
    expect(selectionAfterClick(null, 3, false, [1, 2])).toEqual({
      start_measure: 3,
      end_measure: 3,
      parts: [1, 2],
    });
  });

  it('extends the selection with shift, keeping its parts', () => {
    const current = { start_measure: 4, end_measure: 5, parts: [2] };
    expect(selectionAfterClick(current, 2, true, [1, 2])).toEqual({
      start_measure: 2,
      end_measure: 5,
      parts: [2],
    });
  });

  test.prop([measure, measure, measure])(
    'a shift-click range holds the old range and the clicked measure, and nothing outside them',
    (a, b, clicked) => {
      const current = { start_measure: Math.min(a, b), end_measure: Math.max(a, b), parts: [1] };
      const next = selectionAfterClick(current, clicked, true, [1, 2]);
      expect(rangeHas(next, clicked)).toBe(true);
      expect(rangeHas(next, current.start_measure) && rangeHas(next, current.end_measure)).toBe(
        true,
      );
      expect(next.start_measure).toBe(Math.min(current.start_measure, clicked));
      expect(next.end_measure).toBe(Math.max(current.end_measure, clicked));
    },
  );
});

describe('selectionAfterArrow', () => {
  const range = { start_measure: 2, end_measure: 3, parts: [1] };

  it('starts at measure 1, and moves to the measure after or before the selection', () => {
    expect(selectionAfterArrow(null, 1, false, [1, 2], 16)).toEqual({
      start_measure: 1,
      end_measure: 1,
      parts: [1, 2],
    });
    expect(selectionAfterArrow(range, 1, false, [1, 2], 16)).toMatchObject({
      start_measure: 4,
      end_measure: 4,
    });
    expect(selectionAfterArrow(range, -1, false, [1, 2], 16)).toMatchObject({
      start_measure: 1,
      end_measure: 1,
    });
  });

  it('moves the end with shift, keeping the start and the parts', () => {
    expect(selectionAfterArrow(range, 1, true, [1, 2], 16)).toEqual({
      start_measure: 2,
      end_measure: 4,
      parts: [1],
    });
  });

  test.prop([measure, measure, fc.constantFrom(-1 as const, 1 as const), fc.boolean(), measure])(
    'stays inside the score, start never after end',
    (a, b, step, extend, count) => {
      const start = Math.min(a, b, count);
      const current = {
        start_measure: start,
        end_measure: Math.min(Math.max(a, b), count),
        parts: [1],
      };
      const next = selectionAfterArrow(current, step, extend, [1], count);
      expect(next.start_measure).toBeGreaterThanOrEqual(1);
      expect(next.end_measure).toBeLessThanOrEqual(count);
      expect(next.start_measure).toBeLessThanOrEqual(next.end_measure);
    },
  );
});
