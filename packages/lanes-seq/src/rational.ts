/**
 * Exact fractions for durations. No floating point is used anywhere in
 * duration arithmetic: every value is a reduced `num/den` of safe integers.
 */

/**
 * A reduced fraction: `den > 0`, `gcd(|num|, den) === 1`, both safe integers.
 * Build one with {@link rational}; never construct the object by hand.
 *
 * @example
 * ```ts
 * const quarter = rational(1, 4); // { num: 1, den: 4 }
 * ```
 */
export interface Rational {
  /** The numerator; negative for negative values. */
  readonly num: number;
  /** The denominator, always positive. */
  readonly den: number;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

function checkedSafe(value: number, operation: string): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Rational ${operation} left the range of exact integers (${value}).`);
  }
  return value;
}

/**
 * Makes the reduced fraction `num/den`.
 *
 * @throws RangeError when `den` is 0 or either part is not a safe integer
 *   (a programming error: parsed input never gets here unchecked).
 * @example
 * ```ts
 * rational(2, 8); // { num: 1, den: 4 }
 * rational(3);    // { num: 3, den: 1 }
 * ```
 */
export function rational(num: number, den = 1): Rational {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den)) {
    throw new RangeError(`A rational needs safe integers, got ${num}/${den}.`);
  }
  if (den === 0) throw new RangeError('A rational cannot have a zero denominator.');
  const sign = den < 0 ? -1 : 1;
  const divisor = gcd(num, den) || 1;
  // `+ 0` turns a negative zero into zero, so that 0/-4 equals 0/1 under deep equality.
  return { num: (sign * num) / divisor + 0, den: (sign * den) / divisor };
}

/** Zero, as a rational. */
export const ZERO: Rational = rational(0);

/**
 * `a + b`, exactly.
 *
 * @throws RangeError if the exact result does not fit in safe integers.
 * @example
 * ```ts
 * add(rational(1, 4), rational(1, 12)); // { num: 1, den: 3 }
 * ```
 */
export function add(a: Rational, b: Rational): Rational {
  const common = gcd(a.den, b.den);
  const den = checkedSafe((a.den / common) * b.den, 'addition');
  const num = checkedSafe(a.num * (b.den / common) + b.num * (a.den / common), 'addition');
  return rational(num, den);
}

/**
 * `a - b`, exactly.
 *
 * @example
 * ```ts
 * subtract(rational(1), rational(1, 4)); // { num: 3, den: 4 }
 * ```
 */
export function subtract(a: Rational, b: Rational): Rational {
  return add(a, { num: -b.num, den: b.den });
}

/**
 * `a * b`, exactly.
 *
 * @example
 * ```ts
 * multiply(rational(1, 4), rational(2, 3)); // { num: 1, den: 6 }
 * ```
 */
export function multiply(a: Rational, b: Rational): Rational {
  const g1 = gcd(a.num, b.den) || 1;
  const g2 = gcd(b.num, a.den) || 1;
  const num = checkedSafe((a.num / g1) * (b.num / g2), 'multiplication');
  const den = checkedSafe((a.den / g2) * (b.den / g1), 'multiplication');
  return rational(num, den);
}

/**
 * The sum of a list of values; zero for an empty list.
 *
 * @example
 * ```ts
 * sum([rational(1, 2), rational(1, 4), rational(1, 4)]); // { num: 1, den: 1 }
 * ```
 */
export function sum(values: Iterable<Rational>): Rational {
  let total = ZERO;
  for (const value of values) total = add(total, value);
  return total;
}

/**
 * Orders two values: negative when `a < b`, zero when equal, positive when `a > b`.
 *
 * @example
 * ```ts
 * compare(rational(1, 3), rational(1, 4)) > 0; // true
 * ```
 */
export function compare(a: Rational, b: Rational): number {
  // Cross-multiplication can exceed 2^53 for large denominators; BigInt keeps it exact.
  const left = a.num * b.den;
  const right = b.num * a.den;
  if (Number.isSafeInteger(left) && Number.isSafeInteger(right)) return left - right;
  const difference = BigInt(a.num) * BigInt(b.den) - BigInt(b.num) * BigInt(a.den);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/**
 * Whether two values are equal (reduced fractions compare field by field).
 *
 * @example
 * ```ts
 * equals(rational(2, 8), rational(1, 4)); // true
 * ```
 */
export function equals(a: Rational, b: Rational): boolean {
  return a.num === b.num && a.den === b.den;
}

/**
 * Writes a value as lanes-seq writes durations: `1/4`, `3/8`, `1`, `2`.
 *
 * @example
 * ```ts
 * formatRational(rational(6, 8)); // "3/4"
 * formatRational(rational(4, 2)); // "2"
 * ```
 */
export function formatRational(value: Rational): string {
  return value.den === 1 ? String(value.num) : `${value.num}/${value.den}`;
}

/**
 * Whether `value` is an integer power of two (1, 2, 4, ...).
 *
 * @example
 * ```ts
 * isPowerOfTwo(8); // true
 * isPowerOfTwo(12); // false
 * ```
 */
export function isPowerOfTwo(value: number): boolean {
  if (!Number.isSafeInteger(value) || value <= 0) return false;
  let rest = value;
  while (rest % 2 === 0) rest /= 2;
  return rest === 1;
}
