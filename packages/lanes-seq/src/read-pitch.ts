/**
 * Reading a pitch, `F#4`: step, accidental and octave. The well-formed case
 * is read straight from character codes; anything else is described in a
 * draft (which accidental form, which octave form) and reported once the
 * whole pitch is read, so every hint can show the whole corrected pitch.
 */

import {
  APOSTROPHE,
  CLOSE,
  DIGIT_0,
  DOUBLE_FLAT_LOW,
  DOUBLE_SHARP_LOW,
  EQUALS,
  FLAT_SIGN,
  FULLWIDTH_DIGIT_0,
  FULLWIDTH_DIGIT_9,
  HASH,
  HIGH_SURROGATE_MUSIC,
  isDigit,
  isSpace,
  LOWER_B,
  LOWER_E,
  LOWER_I,
  LOWER_N,
  LOWER_R,
  LOWER_S,
  LOWER_X,
  MINUS,
  NATURAL_SIGN,
  PLUS,
  SHARP_SIGN,
  TILDE,
} from './char-codes.ts';
import type { TextEdit } from './issue.ts';
import { type Cursor, quote, report, reportStrayCharacter } from './parse-cursor.ts';
import { pitchIndex } from './pitch-table.ts';
import { describeCharacter, quoteSource } from './source-text.ts';

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

/** `readPitch` found nothing that starts like a pitch. */
export const NOT_A_PITCH = -2;
/** `readPitch` read a pitch-like token but reported problems with it. */
export const BAD_PITCH = -1;

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

/**
 * Reads step, accidental and octave. Returns the pitch-table index, or
 * BAD_PITCH after reporting problems (the cursor is past the pitch), or
 * NOT_A_PITCH when nothing here starts a pitch (reported too).
 */
export function readPitch(cursor: Cursor): number {
  const { text } = cursor;
  const start = cursor.pos;
  const code = text.charCodeAt(start);
  const draft = cursor.pitch;
  let stepIndex = code < 128 ? STEP_INDEX[code]! : -1;
  draft.lowercase = false;
  if (stepIndex < 0 && code >= 97 && code <= 103) {
    stepIndex = STEP_INDEX[code - 32]!;
    draft.lowercase = true;
  }
  if (stepIndex < 0) {
    reportNotAPitch(cursor, start);
    return NOT_A_PITCH;
  }
  if (!draft.lowercase) {
    const plain = readPlainPitch(cursor, stepIndex);
    if (plain >= 0) return plain;
  }
  draft.stepIndex = stepIndex;
  cursor.pos++;
  readAccidental(cursor, draft);
  readOctave(cursor, draft);
  readTrailingMarks(cursor, draft);
  if (
    draft.lowercase ||
    draft.accidental !== AccidentalForm.Plain ||
    draft.octaveForm !== OctaveForm.Plain ||
    draft.trailing !== TrailingForm.None
  ) {
    reportPitchProblems(cursor, start, draft);
    return BAD_PITCH;
  }
  return pitchIndex(stepIndex, draft.alter, draft.octave);
}

/**
 * The fast path for a pitch written right with octaves 0 to 9 (`C4`, `F#4`,
 * `Bbb3`), read without the draft. Returns the pitch-table index and moves
 * past it, or -1 (the cursor unmoved) for anything else.
 */
export function readPlainPitch(cursor: Cursor, stepIndex: number): number {
  const { text } = cursor;
  let pos = cursor.pos + 1;
  let code = text.charCodeAt(pos);
  let alter = 0;
  if (code === HASH) {
    alter = 1;
    code = text.charCodeAt(++pos);
    if (code === HASH) {
      alter = 2;
      code = text.charCodeAt(++pos);
    }
  } else if (code === LOWER_B) {
    alter = -1;
    code = text.charCodeAt(++pos);
    if (code === LOWER_B) {
      alter = -2;
      code = text.charCodeAt(++pos);
    }
  }
  if (!isDigit(code)) return -1;
  const after = text.charCodeAt(pos + 1);
  if (
    pos + 1 < cursor.contentEnd &&
    after !== EQUALS &&
    after !== TILDE &&
    after !== CLOSE &&
    !isSpace(after)
  ) {
    return -1;
  }
  cursor.pos = pos + 1;
  return pitchIndex(stepIndex, alter, code - DIGIT_0);
}

/** Whether an octave starts at `at`: a digit, `-` and a digit, or a full-width digit. */
export function startsOctave(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return (
    isDigit(code) || isFullWidthDigit(code) || (code === MINUS && isDigit(text.charCodeAt(at + 1)))
  );
}

const isFullWidthDigit = (code: number): boolean =>
  code >= FULLWIDTH_DIGIT_0 && code <= FULLWIDTH_DIGIT_9;

/** Reads the accidental after the step into the draft. */
export function readAccidental(cursor: Cursor, draft: PitchDraft): void {
  const { text } = cursor;
  const at = cursor.pos;
  draft.accidentalStart = at;
  draft.accidental = AccidentalForm.Plain;
  draft.alter = 0;
  const code = text.charCodeAt(at);
  if (code === HASH || code === LOWER_B) {
    let sharps = 0;
    let flats = 0;
    for (let c = code; c === HASH || c === LOWER_B; c = text.charCodeAt(++cursor.pos)) {
      if (c === HASH) sharps++;
      else flats++;
    }
    draft.alter = sharps - flats;
    if (sharps > 0 && flats > 0) draft.accidental = AccidentalForm.Mixed;
    else if (sharps > 2 || flats > 2) {
      draft.accidental = AccidentalForm.TooMany;
      draft.alter = Math.sign(draft.alter) * 2;
    }
  } else {
    readForeignAccidental(cursor, draft, code);
  }
  draft.accidentalEnd = cursor.pos;
}

/** An accidental from another notation or alphabet (`♯`, `n`, `x`, `is`, `+`), read into the draft. */
function readForeignAccidental(cursor: Cursor, draft: PitchDraft, code: number): void {
  const { text } = cursor;
  const at = cursor.pos;
  const unicode = unicodeAccidental(text, at);
  if (unicode !== undefined) {
    draft.accidental = AccidentalForm.Unicode;
    draft.alter = unicode.alter;
    cursor.pos += unicode.length;
    return;
  }
  if (code === LOWER_N && startsOctave(text, at + 1)) {
    draft.accidental = AccidentalForm.Natural;
    cursor.pos++;
  } else if (code === LOWER_X && startsOctave(text, at + 1)) {
    draft.accidental = AccidentalForm.DoubleSharpX;
    draft.alter = 2;
    cursor.pos++;
  } else if (code === PLUS && startsOctave(text, at + 1)) {
    draft.accidental = AccidentalForm.Plus;
    draft.alter = 1;
    cursor.pos++;
  } else {
    const german = germanAccidental(text, at, draft.stepIndex);
    if (german !== undefined) {
      draft.accidental = AccidentalForm.German;
      draft.alter = german.alter;
      cursor.pos += german.length;
    }
  }
}

/** German spellings, longest first: `Disis` D##, `Dis` D#, `Deses` Dbb, `Des` Db, and `As`, `Es` for Ab, Eb. */
const GERMAN_SUFFIXES: readonly (readonly [suffix: string, alter: number])[] = [
  ['isis', 2],
  ['is', 1],
  ['eses', -2],
  ['es', -1],
  ['s', -1],
];
const STEP_A = 5;
const STEP_E = 2;

function germanAccidental(
  text: string,
  at: number,
  stepIndex: number,
): { alter: number; length: number } | undefined {
  const code = text.charCodeAt(at);
  if (code !== LOWER_I && code !== LOWER_E && code !== LOWER_S) return undefined;
  for (const [suffix, alter] of GERMAN_SUFFIXES) {
    // A lone "s" is German only after A and E (As, Es); elsewhere it is "es".
    if (suffix === 's' && stepIndex !== STEP_A && stepIndex !== STEP_E) continue;
    if (text.startsWith(suffix, at) && startsOctave(text, at + suffix.length)) {
      return { alter, length: suffix.length };
    }
  }
  return undefined;
}

/** The largest octave value worth counting; past it the octave is out of range anyway. */
const OCTAVE_COUNT_LIMIT = 1000;

/** Reads the octave into the draft: `4`, `-1`, and the ways it is written wrong. */
export function readOctave(cursor: Cursor, draft: PitchDraft): void {
  const { text } = cursor;
  const at = cursor.pos;
  draft.octaveStart = at;
  draft.octaveForm = OctaveForm.Plain;
  let code = text.charCodeAt(at);
  const negative = code === MINUS && isDigit(text.charCodeAt(at + 1));
  if (negative) code = text.charCodeAt(++cursor.pos);
  if (!isDigit(code) && !isFullWidthDigit(code)) {
    draft.octaveForm = OctaveForm.Missing;
    draft.octaveEnd = cursor.pos;
    return;
  }
  const digitsStart = cursor.pos;
  let value = 0;
  let fullWidth = false;
  for (; ; code = text.charCodeAt(++cursor.pos)) {
    let digit: number;
    if (isDigit(code)) digit = code - DIGIT_0;
    else if (isFullWidthDigit(code)) {
      digit = code - FULLWIDTH_DIGIT_0;
      fullWidth = true;
    } else break;
    if (value < OCTAVE_COUNT_LIMIT) value = value * 10 + digit;
  }
  draft.octaveEnd = cursor.pos;
  draft.octave = negative ? -value : value;
  const leadingZero =
    cursor.pos - digitsStart > 1 &&
    (text.charCodeAt(digitsStart) === DIGIT_0 ||
      text.charCodeAt(digitsStart) === FULLWIDTH_DIGIT_0);
  if (draft.octave < -1 || draft.octave > 9) draft.octaveForm = OctaveForm.OutOfRange;
  else if (fullWidth) draft.octaveForm = OctaveForm.FullWidth;
  else if (leadingZero) draft.octaveForm = OctaveForm.LeadingZero;
  else if (negative && value === 0) {
    draft.octaveForm = OctaveForm.SignedZero;
    draft.octave = 0;
  }
}

/** Whether the code ends the subject of an event: `=`, `~`, `)`, a space or the line's end. */
function endsSubject(cursor: Cursor, at: number): boolean {
  const code = cursor.text.charCodeAt(at);
  return (
    at >= cursor.contentEnd || code === EQUALS || code === TILDE || code === CLOSE || isSpace(code)
  );
}

/** Reads what other notations write after the octave: an accidental (`E4b`) or octave marks (`C4'`). */
export function readTrailingMarks(cursor: Cursor, draft: PitchDraft): void {
  draft.trailing = TrailingForm.None;
  if (draft.octaveForm === OctaveForm.Missing) return;
  const { text } = cursor;
  const at = cursor.pos;
  let end = at;
  let alter = 0;
  let code = text.charCodeAt(end);
  if (code === APOSTROPHE) {
    while (text.charCodeAt(end) === APOSTROPHE) end++;
    if (!endsSubject(cursor, end)) return;
    draft.trailing = TrailingForm.OctaveMarks;
  } else {
    const unicode = unicodeAccidental(text, at);
    if (unicode !== undefined) {
      end += unicode.length;
      alter = unicode.alter;
    } else {
      for (; code === HASH || code === LOWER_B; code = text.charCodeAt(++end)) {
        alter += code === HASH ? 1 : -1;
      }
    }
    const plainBefore = draft.accidental === AccidentalForm.Plain && draft.alter === 0;
    if (end === at || !plainBefore || alter < -2 || alter > 2 || !endsSubject(cursor, end)) return;
    draft.trailing = TrailingForm.Accidental;
    draft.alter = alter;
  }
  draft.trailingStart = at;
  cursor.pos = end;
}

/** Reports what is wrong with the pitch from `start` to the cursor, as the draft describes it. */
export function reportPitchProblems(cursor: Cursor, start: number, draft: PitchDraft): void {
  const fixable =
    draft.accidental !== AccidentalForm.TooMany &&
    draft.accidental !== AccidentalForm.Mixed &&
    draft.octaveForm !== OctaveForm.OutOfRange &&
    draft.octaveForm !== OctaveForm.Missing;
  const step = STEP_LETTERS[draft.stepIndex]!;
  const octave = fixable ? draft.octave : 4;
  const corrected = `${step}${ACCIDENTAL_TEXT[draft.alter + 2]}${octave}`;
  const edit: TextEdit | undefined = fixable
    ? { start, end: cursor.pos, text: corrected }
    : undefined;
  draft.corrected = fixable ? corrected : undefined;
  if (draft.lowercase && draft.octaveForm !== OctaveForm.Missing) {
    report(
      cursor,
      'lowercase-step',
      start,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} has a lower-case step.`,
      `pitch steps are upper case: ${fixable ? corrected : step}`,
      edit,
    );
  }
  reportAccidental(cursor, start, draft, corrected, edit);
  reportOctave(cursor, start, draft, corrected, edit);
  if (draft.trailing === TrailingForm.Accidental) {
    report(
      cursor,
      'invalid-accidental',
      draft.trailingStart,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} puts its accidental after the octave.`,
      `write the step, then the accidental, then the octave: ${corrected}`,
      edit,
    );
  } else if (draft.trailing === TrailingForm.OctaveMarks) {
    report(
      cursor,
      'unexpected-character',
      draft.trailingStart,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} has an octave mark after its octave number.`,
      `lanes-seq gives the octave by its number alone: ${corrected}`,
      edit,
    );
  }
}

function reportAccidental(
  cursor: Cursor,
  start: number,
  draft: PitchDraft,
  corrected: string,
  edit: TextEdit | undefined,
): void {
  if (draft.accidental === AccidentalForm.Plain) return;
  const from = draft.accidentalStart;
  const to = draft.accidentalEnd;
  if (draft.accidental === AccidentalForm.Unicode) {
    const unicode = unicodeAccidental(cursor.text, from)!;
    report(
      cursor,
      'unicode-accidental',
      from,
      to,
      `The accidental ${describeCharacter(cursor.text, from)} is not lanes-seq.`,
      unicode.hint(corrected),
      edit,
    );
    return;
  }
  const [message, hint] = accidentalProblem(cursor, start, draft, corrected);
  report(cursor, 'invalid-accidental', from, to, message, hint, edit);
}

/** The message and hint for an accidental written in a way lanes-seq does not read. */
function accidentalProblem(
  cursor: Cursor,
  start: number,
  draft: PitchDraft,
  corrected: string,
): readonly [message: string, hint: string] {
  const written = quote(cursor, draft.accidentalStart, draft.accidentalEnd);
  const pitch = quote(cursor, start, cursor.pos);
  const step = STEP_LETTERS[draft.stepIndex]!;
  switch (draft.accidental) {
    case AccidentalForm.TooMany:
      return [
        `The accidental ${written} alters by more than two semitones.`,
        'accidentals are #, ##, b and bb',
      ];
    case AccidentalForm.Mixed:
      return [
        `The pitch ${pitch} mixes sharps and flats.`,
        `an accidental is #, ##, b or bb, never both: write ${step}#, ${step}b or ${step} with its octave`,
      ];
    case AccidentalForm.Natural:
      return [
        'A natural sign "n" after a pitch step.',
        `a natural takes no sign: ${corrected} is natural in every key`,
      ];
    case AccidentalForm.DoubleSharpX:
      return [
        `The accidental ${written} is not lanes-seq.`,
        `write double sharps as ##: ${corrected}`,
      ];
    case AccidentalForm.German:
      return [
        `The pitch ${pitch} spells its accidental in German (${written}).`,
        `write sharps as # and flats as b: ${corrected}`,
      ];
    default:
      return [`The accidental ${written} is not lanes-seq.`, `write sharps as #: ${corrected}`];
  }
}

function reportOctave(
  cursor: Cursor,
  start: number,
  draft: PitchDraft,
  corrected: string,
  edit: TextEdit | undefined,
): void {
  const from = draft.octaveStart;
  const to = draft.octaveEnd;
  const written = quoteSource(cursor.text.slice(from, to));
  switch (draft.octaveForm) {
    case OctaveForm.Plain:
      return;
    case OctaveForm.Missing: {
      const pitch = `${STEP_LETTERS[draft.stepIndex]}${ACCIDENTAL_TEXT[draft.alter + 2]}`;
      report(
        cursor,
        'missing-octave',
        start,
        cursor.pos,
        `The pitch ${quote(cursor, start, cursor.pos)} has no octave.`,
        `give every pitch its octave, as in ${pitch}4 (C4 is middle C)`,
      );
      return;
    }
    case OctaveForm.OutOfRange:
      report(
        cursor,
        'octave-out-of-range',
        from,
        to,
        `The octave ${written} is outside -1 to 9.`,
        'octaves run from -1 to 9; C4 is middle C',
      );
      return;
    case OctaveForm.SignedZero:
      report(
        cursor,
        'invalid-number',
        from,
        to,
        'The octave "-0" has a sign.',
        `write octave 0 without a sign: ${corrected}`,
        edit,
      );
      return;
    case OctaveForm.LeadingZero:
      report(
        cursor,
        'invalid-number',
        from,
        to,
        `The octave ${written} has a leading zero.`,
        `write the octave without leading zeros: ${corrected}`,
        edit,
      );
      return;
    case OctaveForm.FullWidth:
      report(
        cursor,
        'unexpected-character',
        from,
        to,
        `The octave ${written} is written with full-width digits.`,
        `write the octave with the digits 0-9: ${corrected}`,
        edit,
      );
      return;
  }
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

export function reportNotAPitch(cursor: Cursor, start: number): void {
  const { text } = cursor;
  let end = start;
  while (end < cursor.contentEnd) {
    const c = text.charCodeAt(end);
    if (isSpace(c) || c === EQUALS || c === CLOSE) break;
    end++;
  }
  const token = text.slice(start, Math.max(end, start + 1));
  const code = text.codePointAt(start) ?? 0;
  if (code === SHARP_SIGN || code === FLAT_SIGN || code === HASH) {
    report(
      cursor,
      'invalid-pitch',
      start,
      end,
      `${quoteSource(token)} puts the accidental before the step.`,
      'write the step, then the accidental, then the octave: F#4, Bb3',
    );
    return;
  }
  if (code === 72 || code === 104) {
    report(
      cursor,
      'invalid-pitch',
      start,
      end,
      `${quoteSource(token)} is not a pitch: lanes-seq uses the steps A to G.`,
      'write the German H as B, and B as Bb',
    );
    return;
  }
  if (reportStrayCharacter(cursor, start)) return;
  if (code < 0x20 || code === 0x7f) {
    report(
      cursor,
      'unexpected-character',
      start,
      start + 1,
      `Unexpected ${describeCharacter(text, start)} in a lane.`,
      'events are separated by spaces or tabs',
    );
    return;
  }
  if (code === EQUALS) {
    report(
      cursor,
      'invalid-pitch',
      start,
      start + 1,
      'An event starts with "=": what sounds is missing before it.',
      'write the pitch, chord, r or x before "=": C4=1/4',
    );
    return;
  }
  if ((code === LOWER_R || code === LOWER_X) && isDigit(text.charCodeAt(start + 1))) {
    reportRestWithOctave(cursor, start, end);
    return;
  }
  report(
    cursor,
    'invalid-pitch',
    start,
    end,
    `${quoteSource(token)} is not a pitch, a rest or an invisible rest.`,
    'an event starts with a pitch (C4, F#4, Bb3), a chord (C4 E4 G4), r for a rest or x for an invisible rest',
  );
}

/** `r4=1/4`: a rest written with an octave. The fix drops the digits and keeps the duration. */
function reportRestWithOctave(cursor: Cursor, start: number, end: number): void {
  const { text } = cursor;
  const letter = text[start]!;
  let digitsEnd = start + 1;
  while (isDigit(text.charCodeAt(digitsEnd))) digitsEnd++;
  const hasDuration = text.charCodeAt(digitsEnd) === EQUALS;
  let durationEnd = digitsEnd;
  while (durationEnd < cursor.contentEnd && !isSpace(text.charCodeAt(durationEnd))) durationEnd++;
  const duration = text.slice(digitsEnd, durationEnd);
  report(
    cursor,
    'invalid-pitch',
    start,
    end,
    `${letter === 'r' ? 'A rest' : 'An invisible rest'} has no octave: ${quoteSource(text.slice(start, end))}.`,
    hasDuration
      ? `write it with its duration only: ${letter}${duration}`
      : `write it with its duration only, as in ${letter}=1/4`,
    hasDuration ? { start: start + 1, end: digitsEnd, text: '' } : undefined,
  );
}
