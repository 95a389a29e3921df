/**
 * Exact numbers from MusicXML text: durations in divisions may be written
 * with decimals, and must never pass through floating point.
 */
import { type Rational, rational } from '@scorelane/lanes-seq';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Whether text is a decimal number as MusicXML writes them (`"3"`, `"1.5"`,
 * `"-2"`), whatever its size.
 *
 * @example
 * ```ts
 * isDecimal('99999999999999999999'); // true
 * isDecimal('1e3'); // false
 * ```
 */
export function isDecimal(text: string | undefined): boolean {
  if (text === undefined) return false;
  const match = DECIMAL.exec(text.trim());
  return match !== null && !(match[2] === '' && (match[3] ?? '') === '');
}

/**
 * The exact value of a decimal such as `"3"`, `"1.5"`, `"-2"`, or
 * `undefined` when the text is not one, or is one that no fraction of safe
 * integers holds exactly (more than 15 significant digits, or a number past
 * 2^53). Every digit counts: `"1.0000001"` is 10000001/10000000.
 *
 * @example
 * ```ts
 * parseDecimal('1.25'); // { num: 5, den: 4 }
 * ```
 */
export function parseDecimal(text: string | undefined): Rational | undefined {
  if (text === undefined) return undefined;
  const match = DECIMAL.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const digits = `${match[2] ?? ''}${fraction}`.replace(/^0+/, '') || '0';
  const num = Number(digits);
  const den = 10 ** fraction.length;
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || digits.length > 15)
    return undefined;
  return rational(match[1] === '-' ? -num : num, den);
}

/**
 * The greatest common divisor of two non-negative integers.
 *
 * @example
 * ```ts
 * gcd(12, 18); // 6
 * ```
 */
export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/**
 * The least common multiple of two positive integers.
 *
 * @example
 * ```ts
 * lcm(4, 6); // 12
 * ```
 */
export function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}
