/**
 * What a pitch was written as: the draft `readPitch` fills (which accidental
 * form, which octave form, what follows the octave), read once and reported
 * once the whole pitch is known, so every hint can show the whole corrected
 * pitch. Also the tables the pitch readers and reporters share.
 */
import {
  DOUBLE_FLAT_LOW,
  DOUBLE_SHARP_LOW,
  FLAT_SIGN,
  HIGH_SURROGATE_MUSIC,
  NATURAL_SIGN,
  SHARP_SIGN,
} from './char-codes.ts';

/** Step index (C=0 ... B=6) by upper-case letter code, or -1. */
export const STEP_INDEX: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  'CDEFGAB'.split('').forEach((letter, index) => {
    table[letter.charCodeAt(0)] = index;
  });
  return table;
})();

export const ACCIDENTAL_TEXT = ['bb', 'b', '', '#', '##'];
export const STEP_LETTERS = 'CDEFGAB';

/** How the accidental was written. */
export const AccidentalForm = {
  /** `#`, `##`, `b`, `bb` or none. */
  Plain: 0,
  /** `###`: more than two semitones. */
  TooMany: 1,
  /** `#b`: sharps and flats together. */
  Mixed: 2,
  /** `♯ ♭ ♮ 𝄪 𝄫`. */
  Unicode: 3,
  /** `n`, a natural sign. */
  Natural: 4,
  /** `x`, a double sharp. */
  DoubleSharpX: 5,
  /** `is`, `es`, `s`: German spelling. */
  German: 6,
  /** `+`, a sharp. */
  Plus: 7,
  /** `--`: a double flat as music21 writes it (`E--5`); one `-` is the octave form `DashFlat`. */
  Dashes: 8,
  /** `-` that is no sure flat (`E--1`: Ebb1 or Eb-1; `E---5`). */
  AmbiguousDashes: 9,
  /** `flat`, `sharp`, `natural`, `double-flat`, ...: the accidental as a word. */
  Word: 10,
} as const;
export type AccidentalForm = (typeof AccidentalForm)[keyof typeof AccidentalForm];

/** How the octave was written. */
export const OctaveForm = {
  Plain: 0,
  LeadingZero: 1,
  OutOfRange: 2,
  FullWidth: 3,
  Missing: 4,
  /** `-0`: the grammar's octaves are `-1` and the digits. */
  SignedZero: 5,
  /** `E-5`: out of range as an octave, music21's flat (read as Eb5, reported as out of range). */
  DashFlat: 6,
} as const;
export type OctaveForm = (typeof OctaveForm)[keyof typeof OctaveForm];

/** What stands after the octave, before the duration. */
export const TrailingForm = {
  None: 0,
  /** `E4b`: the accidental after the octave. */
  Accidental: 1,
  /** `C4'`: octave marks from another notation. */
  OctaveMarks: 2,
} as const;
export type TrailingForm = (typeof TrailingForm)[keyof typeof TrailingForm];

/** What `readPitch` read of the pitch at hand; one per parse, refilled for each pitch. */
export interface PitchDraft {
  stepIndex: number;
  lowercase: boolean;
  alter: number;
  accidental: AccidentalForm;
  accidentalStart: number;
  accidentalEnd: number;
  octave: number;
  octaveForm: OctaveForm;
  octaveStart: number;
  octaveEnd: number;
  trailing: TrailingForm;
  trailingStart: number;
  /** For a pitch written wrong but with a sure fix, the pitch as it should be written. */
  corrected: string | undefined;
}

/** A fresh draft, for a new cursor. */
export function emptyPitchDraft(): PitchDraft {
  return {
    stepIndex: 0,
    lowercase: false,
    alter: 0,
    accidental: AccidentalForm.Plain,
    accidentalStart: 0,
    accidentalEnd: 0,
    octave: 0,
    octaveForm: OctaveForm.Plain,
    octaveStart: 0,
    octaveEnd: 0,
    trailing: TrailingForm.None,
    trailingStart: 0,
    corrected: undefined,
  };
}

export interface UnicodeAccidental {
  readonly alter: number;
  readonly length: number;
  /** The hint, given the whole pitch as it should be written. */
  hint(pitch: string): string;
}

const UNICODE_SHARP: UnicodeAccidental = {
  alter: 1,
  length: 1,
  hint: (pitch) => `write sharps as #: ${pitch}`,
};
const UNICODE_FLAT: UnicodeAccidental = {
  alter: -1,
  length: 1,
  hint: (pitch) => `write flats as b: ${pitch}`,
};
const UNICODE_NATURAL: UnicodeAccidental = {
  alter: 0,
  length: 1,
  hint: (pitch) => `a natural takes no sign: ${pitch} is natural in every key`,
};
const UNICODE_DOUBLE_SHARP: UnicodeAccidental = {
  alter: 2,
  length: 2,
  hint: (pitch) => `write double sharps as ##: ${pitch}`,
};
const UNICODE_DOUBLE_FLAT: UnicodeAccidental = {
  alter: -2,
  length: 2,
  hint: (pitch) => `write double flats as bb: ${pitch}`,
};

export function unicodeAccidental(text: string, at: number): UnicodeAccidental | undefined {
  const code = text.charCodeAt(at);
  if (code === SHARP_SIGN) return UNICODE_SHARP;
  if (code === FLAT_SIGN) return UNICODE_FLAT;
  if (code === NATURAL_SIGN) return UNICODE_NATURAL;
  if (code === HIGH_SURROGATE_MUSIC) {
    const low = text.charCodeAt(at + 1);
    if (low === DOUBLE_SHARP_LOW) return UNICODE_DOUBLE_SHARP;
    if (low === DOUBLE_FLAT_LOW) return UNICODE_DOUBLE_FLAT;
  }
  return undefined;
}
