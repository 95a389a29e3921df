import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { arbitraryBarlines } from './barline-scores.test-support.ts';
import { MAX_REPEAT_TIMES } from './measure-barlines.ts';
import { playOrderOf } from './play-order.ts';
import type { MeasureBarlines, MeasureInfo } from './score-types.ts';

function measures(barlines: readonly (MeasureBarlines | undefined)[]): MeasureInfo[] {
  return barlines.map((bars) => ({
    time: { beats: 4, beatType: 4 },
    key: { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 },
    ...(bars ? { barlines: bars } : {}),
  }));
}

describe('playOrderOf', () => {
  it('repeats back to the beginning when no repeat start stands before the end', () => {
    expect(playOrderOf(measures([undefined, { end: 'repeat' }, undefined]))).toEqual([
      1, 2, 1, 2, 3,
    ]);
  });

  it('repeats back to the last repeat start, as often as times says', () => {
    const order = playOrderOf(
      measures([undefined, { repeatStart: true }, { end: 'repeat', times: 3 }, { end: 'final' }]),
    );
    expect(order).toEqual([1, 2, 3, 2, 3, 2, 3, 4]);
  });

  it('plays the first ending on pass 1 and the second on pass 2', () => {
    const order = playOrderOf(
      measures([
        { repeatStart: true },
        undefined,
        { end: 'repeat', volta: { numbers: [1], end: 'closed' } },
        { volta: { numbers: [2] } },
        { volta: { numbers: [2], end: 'open' } },
        undefined,
      ]),
    );
    expect(order).toEqual([1, 2, 3, 1, 2, 4, 5, 6]);
  });

  it('plays a volta of passes 1 and 2 twice before the third ending', () => {
    const order = playOrderOf(
      measures([
        undefined,
        { end: 'repeat', times: 3, volta: { numbers: [1, 2], end: 'closed' } },
        { volta: { numbers: [3], end: 'open' } },
      ]),
    );
    expect(order).toEqual([1, 2, 1, 2, 1, 3]);
  });

  it('goes back after the repeat it completed when a second repeat end has no start', () => {
    const order = playOrderOf(measures([{ end: 'repeat' }, undefined, { end: 'repeat' }]));
    expect(order).toEqual([1, 1, 2, 3, 2, 3]);
  });

  it('plays two sections with endings each on their own passes', () => {
    const order = playOrderOf(
      measures([
        { end: 'repeat', volta: { numbers: [1], end: 'closed' } },
        { volta: { numbers: [2], end: 'open' } },
        { repeatStart: true },
        { end: 'repeat', volta: { numbers: [1], end: 'closed' } },
        { volta: { numbers: [2], end: 'open' } },
      ]),
    );
    expect(order).toEqual([1, 2, 3, 4, 3, 5]);
  });
});

describe('playOrderOf, as laws', () => {
  test.prop([
    fc.array(
      fc.option(fc.record({ end: fc.constantFrom('double' as const, 'final' as const) }), {
        nil: undefined,
      }),
      { minLength: 1, maxLength: 20 },
    ),
  ])('a score without repeats or voltas plays in written order', (bars) => {
    expect(playOrderOf(measures(bars))).toEqual(bars.map((_, index) => index + 1));
  });

  test.prop([fc.array(arbitraryBarlines, { minLength: 1, maxLength: 16 })])(
    'every measure is played, unless it lies in a volta; the order ends and plays only measures of the score',
    (bars) => {
      const order = playOrderOf(measures(bars));
      const played = new Set(order);
      bars.forEach((bar, index) => {
        if (!played.has(index + 1)) expect(bar?.volta, `m${index + 1} is left out`).toBeDefined();
      });
      expect(order.every((measure) => measure >= 1 && measure <= bars.length)).toBe(true);
      expect(order.length).toBeLessThanOrEqual(bars.length * MAX_REPEAT_TIMES * bars.length);
    },
  );

  test.prop([fc.array(arbitraryBarlines, { minLength: 1, maxLength: 16 })])(
    'a measure outside every volta and after no repeat end is played exactly once',
    (bars) => {
      const order = playOrderOf(measures(bars));
      const lastRepeat = bars.reduce(
        (last, bar, index) => (bar?.end === 'repeat' ? index + 1 : last),
        0,
      );
      bars.forEach((bar, index) => {
        if (index + 1 > lastRepeat && !bar?.volta && !bar?.repeatStart)
          expect(order.filter((m) => m === index + 1)).toHaveLength(1);
      });
    },
  );
});
