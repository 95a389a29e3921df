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
  /** The largest value asked for, in whole notes (a float: only its size matters). */
  #largest = 0;

  /**
   * Asks that `duration` (in whole notes) be a whole number of divisions.
   *
   * @throws RangeError when no safe integer expresses every duration asked
   *   for (denominators no notation uses, such as 1/421 beside 1/385).
   */
  need(duration: Rational): void {
    if (duration.num === 0) return;
    this.reach(duration.num / duration.den);
    // duration * 4 * divisions must be an integer; most durations already are, in the value so far.
    const scaled = 4 * this.#value * duration.num;
    if (Number.isSafeInteger(scaled) && scaled % duration.den === 0) return;
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

  /**
   * Asks only that a value of `wholeNotes` be writable (see
   * {@link checkWritable}): for a value that is whole in any divisions that
   * make the durations asked for whole, such as a sum of them, which need not
   * be asked for itself. A float is enough, since only its size matters.
   *
   * @example
   * ```ts
   * const divisions = new DivisionsNeeded();
   * divisions.need(rational(1, 12));
   * divisions.reach(400 * (3 / 4)); // the end of 400 measures of 3/4
   * divisions.checkWritable(); // fine
   * ```
   */
  reach(wholeNotes: number): void {
    const size = Math.abs(wholeNotes);
    if (size > this.#largest) this.#largest = size;
  }

  /** The least divisions per quarter note that express everything asked for. */
  get value(): number {
    return this.#value;
  }

  /**
   * Checks that every value asked for is, in {@link value} divisions, a
   * number that a file can hold exactly (at most 2^53), so that export can
   * write all of them.
   *
   * @throws RangeError when the largest is not.
   * @example
   * ```ts
   * const divisions = new DivisionsNeeded();
   * divisions.need(rational(1, 12));
   * divisions.checkWritable(); // fine: 1/12 of a whole note is 1 division of 3 per quarter
   * ```
   */
  checkWritable(): void {
    if (this.#largest * 4 * this.#value > Number.MAX_SAFE_INTEGER) {
      throw new RangeError(
        `A value of ${this.#largest} whole notes is more than 2^53 divisions at ${this.#value} divisions per quarter note.`,
      );
    }
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
  const scaled = duration.num * 4 * divisions;
  if (Number.isSafeInteger(scaled)) {
    const value = scaled / duration.den;
    if (Number.isSafeInteger(value)) return value;
    throw notWhole(duration, divisions);
  }
  // The product overflows where the quotient may not: divide exactly in BigInt.
  const exact = BigInt(duration.num) * 4n * BigInt(divisions);
  const den = BigInt(duration.den);
  const value = exact / den;
  if (
    value * den !== exact ||
    value > BigInt(Number.MAX_SAFE_INTEGER) ||
    -value > BigInt(Number.MAX_SAFE_INTEGER)
  ) {
    throw notWhole(duration, divisions);
  }
  return Number(value);
}

function notWhole(duration: Rational, divisions: number): RangeError {
  return new RangeError(
    `${duration.num}/${duration.den} is not a whole number of ${divisions} divisions, or too large to write exactly.`,
  );
}
