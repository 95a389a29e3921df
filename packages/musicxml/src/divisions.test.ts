import { fc, test as property } from '@fast-check/vitest';
import { rational } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal.ts';
import { DivisionsNeeded, toDivisions } from './divisions.ts';

describe('divisions', () => {
  it('are 1 for quarter notes and longer, and grow for what needs them', () => {
    const needed = new DivisionsNeeded();
    needed.need(rational(1, 4));
    needed.need(rational(3, 2));
    expect(needed.value).toBe(1);
    needed.need(rational(1, 12));
    needed.need(rational(3, 16));
    expect(needed.value).toBe(12);
  });

  it('refuse to grow past 2^31 per quarter note', () => {
    const needed = new DivisionsNeeded();
    expect(() => {
      for (const den of [421, 118, 385, 387, 150, 930, 277]) needed.need(rational(1, den));
    }).toThrow(/No <divisions> can express/);
  });

  it('throws on a duration they cannot express: that is a caller bug', () => {
    expect(() => toDivisions(rational(1, 8), 1)).toThrow(RangeError);
  });

  it('write a value whose numerator times the divisions overflows, when the value itself fits', () => {
    // 2^40 + 1 quarters of a 2^-20 grid: num * 4 * divisions is past 2^53, the quotient is not.
    const num = 2 ** 40 + 1;
    const value = toDivisions(rational(num, 2 ** 22), 2 ** 20);
    expect(value).toBe(num);
  });

  it('refuse, when asked, a value more than 2^53 divisions: import refuses the file then', () => {
    const needed = new DivisionsNeeded();
    needed.need(rational(1, 2 ** 30));
    needed.checkWritable();
    needed.need(rational(2 ** 24));
    expect(() => needed.checkWritable()).toThrow(/more than 2\^53 divisions/);
  });

  /** Denominators of notatable durations: a power of two times a tuplet's odd number. */
  const den = fc
    .tuple(fc.integer({ min: 0, max: 10 }), fc.constantFrom(1, 3, 5, 7, 9, 11, 13, 15))
    .map(([power, odd]) => 2 ** power * odd);

  property.prop([
    fc.array(fc.tuple(fc.integer({ min: 1, max: 64 }), den), { minLength: 1, maxLength: 20 }),
  ])('express every notatable duration they were asked for as a whole number', (pairs) => {
    const needed = new DivisionsNeeded();
    for (const [num, den] of pairs) needed.need(rational(num, den));
    for (const [num, den] of pairs) {
      expect(Number.isInteger(toDivisions(rational(num, den), needed.value))).toBe(true);
    }
  });

  property.prop([
    fc.array(fc.tuple(fc.integer({ min: 1, max: 64 }), den), { minLength: 1, maxLength: 20 }),
  ])('are the least that do, asked in any order', (pairs) => {
    const forward = new DivisionsNeeded();
    for (const [num, den] of pairs) forward.need(rational(num, den));
    const backward = new DivisionsNeeded();
    for (const [num, den] of [...pairs].reverse()) backward.need(rational(num, den));
    // The least: no divisor of the value expresses every duration.
    const fits = (divisions: number) =>
      pairs.every(([num, den]) => Number.isInteger((num * 4 * divisions) / den));
    for (let divisor = 1; divisor < forward.value; divisor++)
      if (forward.value % divisor === 0) expect(fits(divisor)).toBe(false);
    expect(backward.value).toBe(forward.value);
  });

  it('check the size of a value reached, never its divisions', () => {
    const needed = new DivisionsNeeded();
    needed.need(rational(1, 2 ** 30));
    needed.reach(1 / 3);
    expect(needed.value).toBe(2 ** 28);
    needed.checkWritable();
    needed.reach(2 ** 24);
    expect(() => needed.checkWritable()).toThrow(/more than 2\^53 divisions/);
  });
});

describe('parseDecimal', () => {
  it('reads decimals exactly, never through floating point', () => {
    expect(parseDecimal('1.25')).toEqual(rational(5, 4));
    expect(parseDecimal('-0.5')).toEqual(rational(-1, 2));
    expect(parseDecimal(' 480 ')).toEqual(rational(480));
    expect(parseDecimal('1e3')).toBeUndefined();
    expect(parseDecimal('')).toBeUndefined();
  });
});
