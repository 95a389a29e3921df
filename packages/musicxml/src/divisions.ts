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

  /**
   * Asks that `duration` (in whole notes) be a whole number of divisions.
   *
   * @throws RangeError when no safe integer expresses every duration asked
   *   for (denominators no notation uses, such as 1/421 beside 1/385).
   */
  need(duration: Rational): void {
    if (duration.num === 0) return;
    // duration * 4 * divisions must be an integer.
    const den = duration.den / gcd(duration.den, 4 * Math.abs(duration.num));
    if (den === 1) return;
    const value = lcm(this.#value, den);
    if (!Number.isSafeInteger(value) || value > 2 ** 31 - 1) {
      throw new RangeError(
        `No <divisions> can express ${duration.num}/${duration.den} beside the other durations of the score: it would need more than 2^31 divisions per quarter note.`,
      );
    }
    this.#value = value;
  }

  /** The least divisions per quarter note that express everything asked for. */
  get value(): number {
    return this.#value;
  }
}

/**
 * A duration in whole notes as a whole number of divisions.
 *
 * @throws RangeError when `divisions` cannot express it (a caller bug: ask {@link DivisionsNeeded} first),
 *   or the number of divisions is too large to write exactly (beyond 2^53).
 *
 * @example
 * ```ts
 * toDivisions(rational(3, 8), 2); // 3: a dotted quarter at 2 divisions per quarter
 * ```
 */
export function toDivisions(duration: Rational, divisions: number): number {
  const value = (duration.num * 4 * divisions) / duration.den;
  if (!Number.isSafeInteger(value) || !Number.isSafeInteger(duration.num * 4 * divisions)) {
    throw new RangeError(
      `${duration.num}/${duration.den} is not a whole number of ${divisions} divisions.`,
    );
  }
  return value;
}
