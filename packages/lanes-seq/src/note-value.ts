/**
 * How an exact duration can be written in standard notation: a plain or
 * dotted value, a tuplet value, or several values tied. The planner uses this
 * to refuse durations nothing can print, and the MusicXML exporter to choose
 * note types, dots and time modifications.
 */
import { isPowerOfTwo, multiply, type Rational, rational, subtract } from './rational.ts';

/**
 * A printed note value: a power-of-two `base` (`1` whole, `1/4` quarter,
 * `2` breve) with 0 to 3 dots. It lasts `base * (2 - 1/2^dots)`.
 */
export interface NoteValue {
  readonly base: Rational;
  readonly dots: number;
}

/** A tuplet ratio: `actual` notes in the time of `normal` (3:2 for a triplet). */
export interface TupletRatio {
  readonly actual: number;
  readonly normal: number;
}

/** The outcome of {@link notateDuration}, discriminated on `kind`. */
export type DurationNotation =
  /** One plain or dotted value. */
  | { readonly kind: 'value'; readonly value: NoteValue }
  /** One value inside a tuplet: it sounds `value * normal / actual`. */
  | { readonly kind: 'tuplet'; readonly value: NoteValue; readonly ratio: TupletRatio }
  /** Values tied together, longest first; inside a tuplet when `ratio` is set. */
  | {
      readonly kind: 'tied';
      readonly values: readonly NoteValue[];
      readonly ratio?: TupletRatio;
    }
  /** Nothing standard notation can print; `reason` says why. */
  | { readonly kind: 'unnotatable'; readonly reason: string };

/** The shortest printable value, a 1024th note. */
export const SHORTEST_VALUE: Rational = rational(1, 1024);
/** The longest printable single value, a long (four whole notes). */
export const LONGEST_VALUE: Rational = rational(4);
/** The most dots a value may carry. */
export const MAX_DOTS = 3;
/** The largest odd tuplet number the notation accepts (3, 5, 7, ..., 15). */
export const MAX_TUPLET = 15;
/** The most tied values one duration may be split into before it counts as unnotatable. */
export const MAX_TIED_VALUES = 8;

function isPowerOfTwoFraction(value: Rational): boolean {
  return isPowerOfTwo(value.num) && isPowerOfTwo(value.den);
}

function withinValueRange(base: Rational): boolean {
  // base is a power of two: 2^-10 .. 2^2
  return (
    (base.num === 1 && base.den <= SHORTEST_VALUE.den) ||
    (base.den === 1 && base.num <= LONGEST_VALUE.num)
  );
}

/**
 * The single plain or dotted value that lasts exactly `duration`, if any.
 *
 * @example
 * ```ts
 * noteValueOf(rational(3, 8)); // { base: { num: 1, den: 4 }, dots: 1 }
 * noteValueOf(rational(5, 8)); // undefined: needs a tie
 * ```
 */
export function noteValueOf(duration: Rational): NoteValue | undefined {
  if (duration.num <= 0) return undefined;
  for (let dots = 0; dots <= MAX_DOTS; dots++) {
    // duration = base * (2^(dots+1) - 1) / 2^dots
    const base = multiply(duration, rational(2 ** dots, 2 ** (dots + 1) - 1));
    if (isPowerOfTwoFraction(base) && withinValueRange(base)) return { base, dots };
  }
  return undefined;
}

/**
 * How long a printed value lasts, without any tuplet.
 *
 * @example
 * ```ts
 * noteValueDuration({ base: rational(1, 4), dots: 2 }); // { num: 7, den: 16 }
 * ```
 */
export function noteValueDuration(value: NoteValue): Rational {
  return multiply(value.base, rational(2 ** (value.dots + 1) - 1, 2 ** value.dots));
}

/** Splits a duration whose denominator is a power of two into tied values, longest first. */
function splitIntoTiedValues(duration: Rational): NoteValue[] | undefined {
  const values: NoteValue[] = [];
  let rest = duration;
  while (rest.num > 0) {
    if (values.length === MAX_TIED_VALUES) return undefined;
    // The largest power-of-two value that fits, then as many dots as still fit.
    let base = LONGEST_VALUE;
    while (base.num * rest.den > rest.num * base.den) base = multiply(base, rational(1, 2));
    if (base.den > SHORTEST_VALUE.den) return undefined;
    let value: NoteValue = { base, dots: 0 };
    for (let dots = 1; dots <= MAX_DOTS; dots++) {
      const dotted: NoteValue = { base, dots };
      const length = noteValueDuration(dotted);
      if (length.num * rest.den > rest.num * length.den) break;
      if (multiply(base, rational(1, 2 ** dots)).den > SHORTEST_VALUE.den) break;
      value = dotted;
    }
    values.push(value);
    rest = subtract(rest, noteValueDuration(value));
  }
  return values;
}

function oddPart(value: number): number {
  let rest = value;
  while (rest % 2 === 0) rest /= 2;
  return rest;
}

function largestPowerOfTwoBelow(value: number): number {
  let power = 1;
  while (power * 2 < value) power *= 2;
  return power;
}

/**
 * Decides how a positive duration is printed. Durations whose denominator has
 * an odd factor `n` (3, 5, 7, ...) are tuplet values with the ratio
 * `n : largest power of two below n` (a triplet eighth `1/12` is an eighth in
 * 3:2; a quintuplet sixteenth `1/20` a sixteenth in 5:4). A duration no single
 * value can print is split into tied values (`5/8` is `1/2` tied to `1/8`).
 *
 * @example
 * ```ts
 * notateDuration(rational(1, 12)); // { kind: 'tuplet', value: { base: 1/8, dots: 0 }, ratio: { actual: 3, normal: 2 } }
 * notateDuration(rational(5, 8));  // { kind: 'tied', values: [1/2, 1/8] }
 * notateDuration(rational(1, 2048)).kind; // 'unnotatable'
 * ```
 */
export function notateDuration(duration: Rational): DurationNotation {
  if (duration.num <= 0) {
    return { kind: 'unnotatable', reason: 'a duration must be greater than zero' };
  }
  const odd = oddPart(duration.den);
  if (odd === 1) {
    const value = noteValueOf(duration);
    if (value) return { kind: 'value', value };
    const values = splitIntoTiedValues(duration);
    return values
      ? { kind: 'tied', values }
      : { kind: 'unnotatable', reason: unnotatableReason(duration) };
  }
  if (odd > MAX_TUPLET) {
    return {
      kind: 'unnotatable',
      reason: `it would need a tuplet of ${odd}; the largest tuplet is ${MAX_TUPLET}`,
    };
  }
  const ratio: TupletRatio = { actual: odd, normal: largestPowerOfTwoBelow(odd) };
  const printed = multiply(duration, rational(ratio.actual, ratio.normal));
  const value = noteValueOf(printed);
  if (value) return { kind: 'tuplet', value, ratio };
  if (oddPart(printed.den) === 1) {
    const values = splitIntoTiedValues(printed);
    if (values) return { kind: 'tied', values, ratio };
  }
  return { kind: 'unnotatable', reason: unnotatableReason(duration) };
}

function unnotatableReason(duration: Rational): string {
  return duration.den > SHORTEST_VALUE.den
    ? `it is shorter than the shortest value, a 1024th note (1/1024)`
    : `it needs more than ${MAX_TIED_VALUES} tied values`;
}

/**
 * Whether standard notation can print a duration: as a plain or dotted value,
 * a tuplet value, or values tied together. {@link notateDuration} says how.
 *
 * @example
 * ```ts
 * isNotatable(rational(5, 8));   // true: a half tied to an eighth
 * isNotatable(rational(1, 17));  // false: it would need a tuplet of 17
 * ```
 */
export function isNotatable(duration: Rational): boolean {
  return notateDuration(duration).kind !== 'unnotatable';
}
