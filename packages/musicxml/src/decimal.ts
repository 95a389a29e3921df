/**
 * Exact numbers from MusicXML text: durations in divisions may be written
 * with decimals, and must never pass through floating point.
 */
import { type Rational, rational } from '@scorelane/lanes-seq';

/**
 * The exact value of a decimal such as `"3"`, `"1.5"`, `"-2"`, or
 * `undefined` when the text is not one.
 *
 * @example
 * ```ts
 * parseDecimal('1.25'); // { num: 5, den: 4 }
 * ```
 */
export function parseDecimal(text: string | undefined): Rational | undefined {
  if (text === undefined) return undefined;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const fraction = (match[3] ?? '').replace(/0+$/, '').slice(0, 6);
  const whole = Number(match[2] || '0');
  const den = 10 ** fraction.length;
  const num = whole * den + Number(fraction || '0');
  if (!Number.isSafeInteger(num)) return undefined;
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
