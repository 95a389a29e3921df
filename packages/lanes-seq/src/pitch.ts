/**
 * Absolute scientific pitch, as lanes-seq writes it: `C4` is middle C, `A4`
 * is 440 Hz, `Cb4` sounds as `B3`. An accidental belongs to the note alone.
 */

/** A note name without accidental or octave. */
export type Step = 'C' | 'D' | 'E' | 'F' | 'G' | 'A' | 'B';

/** The steps in scale order from C. */
export const STEPS: readonly Step[] = ['C', 'D', 'E', 'F', 'G', 'A', 'B'];

/** Semitones of each step above C in the same octave. */
const STEP_SEMITONES: Readonly<Record<Step, number>> = {
  C: 0,
  D: 2,
  E: 4,
  F: 5,
  G: 7,
  A: 9,
  B: 11,
};

/** Chromatic alteration in semitones: `-2` is `bb`, `2` is `##`. */
export type Alter = -2 | -1 | 0 | 1 | 2;

/** The lowest and highest octave lanes-seq can write. */
export const MIN_OCTAVE = -1;
/** The highest octave lanes-seq can write. */
export const MAX_OCTAVE = 9;

/**
 * A spelled pitch: the same sound spelled `C#4` and `Db4` gives two different
 * pitches, as it must for transposition and notation.
 *
 * @example
 * ```ts
 * const fSharp: Pitch = { step: 'F', alter: 1, octave: 4 }; // F#4
 * ```
 */
export interface Pitch {
  readonly step: Step;
  readonly alter: Alter;
  /** Scientific octave, -1 to 9; octave 4 starts at middle C. */
  readonly octave: number;
}

const ACCIDENTAL_TEXT: Readonly<Record<Alter, string>> = {
  [-2]: 'bb',
  [-1]: 'b',
  0: '',
  1: '#',
  2: '##',
};

/**
 * Writes a pitch as lanes-seq does: step, accidental, octave.
 *
 * @example
 * ```ts
 * formatPitch({ step: 'B', alter: -1, octave: 3 }); // "Bb3"
 * ```
 */
export function formatPitch(pitch: Pitch): string {
  return `${pitch.step}${ACCIDENTAL_TEXT[pitch.alter]}${pitch.octave}`;
}

/**
 * Reads one pitch written alone (`"F#4"`, `"Bb-1"`). For pitches inside a
 * lane, {@link parse} reports problems with positions; this is for code that
 * holds a single pitch string.
 *
 * @returns the pitch, or `undefined` when the text is not exactly one pitch.
 * @example
 * ```ts
 * parsePitch('Eb5'); // { step: 'E', alter: -1, octave: 5 }
 * parsePitch('e5');  // undefined: steps are upper case
 * ```
 */
export function parsePitch(text: string): Pitch | undefined {
  const match = /^([A-G])(##|#|bb|b)?(-1|[0-9])$/.exec(text);
  if (!match) return undefined;
  const accidental = match[2] ?? '';
  const alter = (
    { '': 0, '#': 1, '##': 2, b: -1, bb: -2 } as const satisfies Record<string, Alter>
  )[accidental as '' | '#' | '##' | 'b' | 'bb'];
  return { step: match[1] as Step, alter, octave: Number(match[3]) };
}

/**
 * The MIDI note number of a pitch: `C4` is 60, `A4` is 69, `Cb4` is 59.
 * Pitches at the edges of lanes-seq's range can fall outside MIDI's 0-127;
 * callers that emit MIDI check {@link isMidiPitch}.
 *
 * @example
 * ```ts
 * midiNumber({ step: 'A', alter: 0, octave: 4 }); // 69
 * ```
 */
export function midiNumber(pitch: Pitch): number {
  return (pitch.octave + 1) * 12 + STEP_SEMITONES[pitch.step] + pitch.alter;
}

/**
 * Whether a pitch sounds within MIDI's range, 0 to 127.
 *
 * @example
 * ```ts
 * isMidiPitch({ step: 'C', alter: -1, octave: -1 }); // false: one below MIDI 0
 * ```
 */
export function isMidiPitch(pitch: Pitch): boolean {
  const midi = midiNumber(pitch);
  return midi >= 0 && midi <= 127;
}

/**
 * The diatonic index of a pitch: steps counted from `C-1`, ignoring
 * accidentals. Two pitches a third apart differ by 2. Used for spelling in
 * transposition.
 *
 * @example
 * ```ts
 * diatonicIndex({ step: 'E', alter: 0, octave: 4 }) - diatonicIndex({ step: 'C', alter: 1, octave: 4 }); // 2
 * ```
 */
export function diatonicIndex(pitch: Pitch): number {
  return (pitch.octave + 1) * 7 + STEPS.indexOf(pitch.step);
}

/**
 * Orders pitches from low to high by sound, then by spelling (step, then
 * alter) so that enharmonic spellings still have a fixed order. The serializer
 * writes chord pitches in this order.
 *
 * @example
 * ```ts
 * comparePitches(parsePitch('B#3')!, parsePitch('C4')!) < 0; // true: same sound, B before C
 * ```
 */
export function comparePitches(a: Pitch, b: Pitch): number {
  return midiNumber(a) - midiNumber(b) || diatonicIndex(a) - diatonicIndex(b) || a.alter - b.alter;
}

/**
 * Whether two pitches are the same spelled pitch (not merely the same sound).
 *
 * @example
 * ```ts
 * samePitch(parsePitch('C#4')!, parsePitch('Db4')!); // false
 * ```
 */
export function samePitch(a: Pitch, b: Pitch): boolean {
  return a.step === b.step && a.alter === b.alter && a.octave === b.octave;
}
