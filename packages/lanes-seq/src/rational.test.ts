import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  equals,
  formatRational,
  isPowerOfTwo,
  multiply,
  rational,
  subtract,
  sum,
  ZERO,
} from './rational.ts';

const arbitraryRational = fc
  .tuple(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }))
  .map(([num, den]) => rational(num, den));

describe('rational', () => {
  it('reduces and keeps the sign on the numerator', () => {
    expect(rational(2, 8)).toEqual({ num: 1, den: 4 });
    expect(rational(3, -6)).toEqual({ num: -1, den: 2 });
    expect(rational(0, -5)).toEqual({ num: 0, den: 1 });
    expect(Object.is(rational(0, -5).num, 0)).toBe(true);
  });

  it('throws on a zero denominator or a non-integer, as misuse', () => {
    expect(() => rational(1, 0)).toThrow(RangeError);
    expect(() => rational(0.5, 2)).toThrow(RangeError);
  });

  it('adds, subtracts and multiplies exactly', () => {
    expect(add(rational(1, 4), rational(1, 12))).toEqual({ num: 1, den: 3 });
    expect(subtract(rational(1), rational(1, 4))).toEqual({ num: 3, den: 4 });
    expect(multiply(rational(1, 4), rational(2, 3))).toEqual({ num: 1, den: 6 });
    expect(sum([rational(1, 12), rational(1, 12), rational(1, 12), rational(3, 4)])).toEqual({
      num: 1,
      den: 1,
    });
    expect(sum([])).toEqual(ZERO);
  });

  it('compares exactly where cross products pass 2^53', () => {
    const a = rational(Number.MAX_SAFE_INTEGER - 2, Number.MAX_SAFE_INTEGER);
    const b = rational(Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER);
    expect(compare(a, b)).toBeLessThan(0);
    expect(compare(b, a)).toBeGreaterThan(0);
  });

  it('throws rather than lose exactness', () => {
    expect(() => add(rational(1, 999_999_937), rational(1, 999_999_929))).toThrow(RangeError);
  });

  it('formats as lanes-seq writes durations', () => {
    expect(formatRational(rational(6, 8))).toBe('3/4');
    expect(formatRational(rational(4, 2))).toBe('2');
  });

  it('knows powers of two', () => {
    expect([1, 2, 1024, 2 ** 40].every(isPowerOfTwo)).toBe(true);
    expect([0, 3, 12, -4, 0.5].some(isPowerOfTwo)).toBe(false);
  });

  test.prop([arbitraryRational, arbitraryRational, arbitraryRational])(
    'addition is commutative and associative, and subtraction undoes it',
    (a, b, c) => {
      expect(add(a, b)).toEqual(add(b, a));
      expect(add(add(a, b), c)).toEqual(add(a, add(b, c)));
      expect(subtract(add(a, b), b)).toEqual(a);
    },
  );

  test.prop([arbitraryRational, arbitraryRational])(
    'compare agrees with equals and with subtraction',
    (a, b) => {
      expect(compare(a, b) === 0).toBe(equals(a, b));
      expect(Math.sign(compare(a, b))).toBe(Math.sign(subtract(a, b).num));
    },
  );
});
