/**
 * Pitches moved by intervals. The intervals themselves (`M3`, `-P4`) are
 * lanes-seq's: part directives name transpositions with them.
 */
import {
  type Alter,
  diatonicIndex,
  type Interval,
  midiNumber,
  type Pitch,
  STEPS,
} from '@scorelane/lanes-seq';

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
