import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { rangeHas, selectionAfterClick } from './measure-range.ts';

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
