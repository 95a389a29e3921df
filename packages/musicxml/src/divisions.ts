/**
 * Choosing `<divisions>`: the smallest number of divisions per quarter note
 * in which every duration and offset of the score is a whole number.
 */
import type { Rational } from '@scorelane/lanes-seq';
import { gcd, lcm } from './decimal.ts';

/**
 * Collects what divisions must express exactly, and gives the least number
 * that does.
 *
 * @example
 * ```ts
 * const divisions = new DivisionsNeeded();
 * divisions.need(rational(1, 12)); // a triplet eighth
 * divisions.need(rational(3, 16));
 * divisions.value; // 12
 * ```
 */
export class DivisionsNeeded {
  #value = 1;

  /** Asks that `duration` (in whole notes) be a whole number of divisions. */
  need(duration: Rational): void {
    if (duration.num === 0) return;
    // duration * 4 * divisions must be an integer.
    const den = duration.den / gcd(duration.den, 4 * duration.num);
    if (den > 1) this.#value = lcm(this.#value, den);
  }

  /** The least divisions per quarter note that express everything asked for. */
  get value(): number {
    return this.#value;
  }
}

/**
 * A duration in whole notes as a whole number of divisions.
 *
 * @throws RangeError when `divisions` cannot express it (a caller bug: ask {@link DivisionsNeeded} first).
 */
export function toDivisions(duration: Rational, divisions: number): number {
  const value = (duration.num * 4 * divisions) / duration.den;
  if (!Number.isInteger(value)) {
    throw new RangeError(
      `${duration.num}/${duration.den} is not a whole number of ${divisions} divisions.`,
    );
  }
  return value;
}
