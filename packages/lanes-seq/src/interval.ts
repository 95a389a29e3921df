/**
 * Intervals, written as a quality and a number with an optional sign: `M3`
 * up a major third, `-P4` down a perfect fourth, `A1` up an augmented
 * unison. Part directives name transpositions with them (`transpose=-M2`),
 * and score-model transposes by them.
 */

/**
 * An interval as steps on the staff and semitones, both signed.
 *
 * @example
 * ```ts
 * const majorThird: Interval = { steps: 2, semitones: 4 };
 * ```
 */
export interface Interval {
  readonly steps: number;
  readonly semitones: number;
}

const INTERVAL = /^([+-]?)(AA|dd|P|M|m|A|d)([1-9]\d?)$/;
/** Semitones of the major or perfect simple intervals, unison to seventh. */
const BASE = [0, 2, 4, 5, 7, 9, 11];
const PERFECT = new Set([0, 3, 4]);
/** Each quality's semitones from the perfect interval of its size, or from the major one. */
const FROM_PERFECT: Readonly<Record<string, number>> = { P: 0, A: 1, AA: 2, d: -1, dd: -2 };
const FROM_MAJOR: Readonly<Record<string, number>> = { M: 0, m: -1, A: 1, AA: 2, d: -2, dd: -3 };

/**
 * Reads an interval: quality `P`, `M`, `m`, `A`, `d`, `AA` or `dd`, then its
 * number (1 for a unison, 8 for an octave, 10 for a tenth), with `-` in front
 * to go down. `undefined` when the text is not one (`P3`, `M5`, `X2`, `d1`).
 *
 * @example
 * ```ts
 * parseInterval('M3');  // { steps: 2, semitones: 4 }
 * parseInterval('-P4'); // { steps: -3, semitones: -5 }
 * parseInterval('A1');  // { steps: 0, semitones: 1 }
 * ```
 */
export function parseInterval(text: string): Interval | undefined {
  const match = INTERVAL.exec(text.trim());
  if (!match) return undefined;
  const sign = match[1] === '-' ? -1 : 1;
  const number = Number(match[3]);
  const simple = (number - 1) % 7;
  const offset = (PERFECT.has(simple) ? FROM_PERFECT : FROM_MAJOR)[match[2]!];
  if (offset === undefined) return undefined;
  const semitones = BASE[simple]! + 12 * Math.floor((number - 1) / 7) + offset;
  if (number === 1 && semitones < 0) return undefined;
  return { steps: sign * (number - 1), semitones: sign * semitones };
}
