/**
 * Intervals for transposition, written as a quality and a number with an
 * optional sign: `M3` up a major third, `-P4` down a perfect fourth, `A1` up
 * an augmented unison.
 */
import { type Alter, diatonicIndex, midiNumber, type Pitch, STEPS } from '@scorelane/lanes-seq';

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

/** Semitones of the major or perfect simple intervals, unison to seventh. */
const BASE = [0, 2, 4, 5, 7, 9, 11];
const PERFECT = new Set([0, 3, 4]);

/**
 * Reads an interval: quality `P`, `M`, `m`, `A`, `d`, `AA` or `dd`, then its
 * number (1 for a unison, 8 for an octave, 10 for a tenth), with `-` in front
 * to go down. `undefined` when the text is not one (`P3`, `M5`, `X2`).
 *
 * @example
 * ```ts
 * parseInterval('M3');  // { steps: 2, semitones: 4 }
 * parseInterval('-P4'); // { steps: -3, semitones: -5 }
 * parseInterval('A1');  // { steps: 0, semitones: 1 }
 * ```
 */
export function parseInterval(text: string): Interval | undefined {
  const match = /^([+-]?)(AA|dd|P|M|m|A|d)([1-9]\d?)$/.exec(text.trim());
  if (!match) return undefined;
  const sign = match[1] === '-' ? -1 : 1;
  const quality = match[2]!;
  const number = Number(match[3]);
  const simple = (number - 1) % 7;
  const octaves = Math.floor((number - 1) / 7);
  const perfect = PERFECT.has(simple);
  const base = BASE[simple]! + 12 * octaves;
  const offsets: Record<string, number | undefined> = perfect
    ? { P: 0, A: 1, AA: 2, d: -1, dd: -2 }
    : { M: 0, m: -1, A: 1, AA: 2, d: -2, dd: -3 };
  const offset = offsets[quality];
  if (offset === undefined) return undefined;
  const semitones = base + offset;
  if (number === 1 && semitones < 0) return undefined;
  return { steps: sign * (number - 1), semitones: sign * semitones };
}

/**
 * A pitch moved by an interval and spelled by it: the step moves by the
 * interval's steps, the accidental makes up the semitones. `undefined` when
 * that spelling would need more than a double sharp or flat, or leaves
 * octaves -1 to 9.
 *
 * @example
 * ```ts
 * transposePitch(parsePitch('C#4')!, parseInterval('M3')!); // E#4, not F4
 * ```
 */
export function transposePitch(pitch: Pitch, interval: Interval): Pitch | undefined {
  const index = diatonicIndex(pitch) + interval.steps;
  const octave = Math.floor(index / 7) - 1;
  const step = STEPS[((index % 7) + 7) % 7]!;
  const natural = midiNumber({ step, alter: 0, octave });
  const alter = midiNumber(pitch) + interval.semitones - natural;
  if (alter < -2 || alter > 2 || octave < -1 || octave > 9) return undefined;
  return { step, alter: alter as Alter, octave };
}
