/**
 * The text of pitches and durations as the serializer writes them, each
 * made once and then looked up: a large score writes the same few dozen
 * pitches and durations hundreds of thousands of times.
 */

import { formatPitch, MAX_OCTAVE, MIN_OCTAVE, type Pitch } from './pitch.ts';
import { STEP_INDEX } from './pitch-draft.ts';
import { PITCH_COUNT, pitchIndex } from './pitch-table.ts';
import { formatRational, type Rational } from './rational.ts';

const pitchTexts: (string | undefined)[] = new Array(PITCH_COUNT);

/**
 * `formatPitch(pitch)`, looked up by the pitch's place in the pitch table;
 * a pitch outside the table (an octave of 10 in a document built by hand)
 * is formatted each time.
 *
 * @example
 * ```ts
 * pitchText({ step: 'B', alter: -1, octave: 3 }); // "Bb3"
 * ```
 */
export function pitchText(pitch: Pitch): string {
  const { step, alter, octave } = pitch;
  const stepIndex = step.length === 1 ? (STEP_INDEX[step.charCodeAt(0)] ?? -1) : -1;
  const inTable =
    stepIndex >= 0 &&
    Number.isInteger(alter) &&
    alter >= -2 &&
    alter <= 2 &&
    Number.isInteger(octave) &&
    octave >= MIN_OCTAVE &&
    octave <= MAX_OCTAVE;
  if (!inTable) return formatPitch(pitch);
  const index = pitchIndex(stepIndex, alter, octave);
  let text = pitchTexts[index];
  if (text === undefined) {
    text = formatPitch(pitch);
    pitchTexts[index] = text;
  }
  return text;
}

/** The largest numerator and denominator whose text is kept. */
const KEPT_NUM = 64;
const KEPT_DEN = 1024;

const durationTexts: (string | undefined)[] = new Array((KEPT_NUM + 1) * (KEPT_DEN + 1));

/**
 * `formatRational(duration)`, kept for the common durations (numerator up
 * to 64, denominator up to 1024) and formatted each time for any other.
 *
 * @example
 * ```ts
 * durationText(rational(3, 8)); // "3/8"
 * ```
 */
export function durationText(duration: Rational): string {
  const { num, den } = duration;
  const kept =
    Number.isInteger(num) &&
    Number.isInteger(den) &&
    num >= 1 &&
    num <= KEPT_NUM &&
    den >= 1 &&
    den <= KEPT_DEN;
  if (!kept) return formatRational(duration);
  const slot = num * (KEPT_DEN + 1) + den;
  let text = durationTexts[slot];
  if (text === undefined) {
    text = formatRational(duration);
    durationTexts[slot] = text;
  }
  return text;
}
