/**
 * Reading a pitch, `F#4`: step, accidental and octave. The well-formed case
 * is read straight from character codes; anything else is read into the
 * cursor's pitch draft and reported by `report-pitch` once the whole pitch is
 * read.
 */

import {
  APOSTROPHE,
  DIGIT_0,
  EQUALS,
  endsEventUnspaced,
  FULLWIDTH_DIGIT_0,
  FULLWIDTH_DIGIT_9,
  HASH,
  isDigit,
  isSpace,
  LOWER_B,
  LOWER_E,
  LOWER_I,
  LOWER_N,
  LOWER_S,
  LOWER_X,
  MINUS,
  PLUS,
  TILDE,
} from './char-codes.ts';
import { readForeignSpelling } from './foreign-pitch-hint.ts';
import type { Cursor } from './parse-cursor.ts';
import {
  AccidentalForm,
  OctaveForm,
  type PitchDraft,
  STEP_INDEX,
  TrailingForm,
  unicodeAccidental,
} from './pitch-draft.ts';
import { pitchIndex } from './pitch-table.ts';
import { startsMark } from './read-mark.ts';
import { reportNotAPitch, reportPitchProblems } from './report-pitch.ts';

/** `readPitch` found nothing that starts like a pitch. */
export const NOT_A_PITCH = -2;
/** `readPitch` read a pitch-like token but reported problems with it. */
export const BAD_PITCH = -1;

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
    !startsMark(after) &&
    !endsEventUnspaced(after) &&
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
  if (
    readForeignSpelling(
      cursor,
      draft,
      at,
      (end) => startsOctave(text, end) || endsSubject(cursor, end),
    )
  )
    return;
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

/** Whether the code ends the subject of an event: `=`, `~`, a mark (its duration left out), a space or the line's end. */
function endsSubject(cursor: Cursor, at: number): boolean {
  const code = cursor.text.charCodeAt(at);
  return (
    at >= cursor.contentEnd ||
    code === EQUALS ||
    code === TILDE ||
    startsMark(code) ||
    endsEventUnspaced(code) ||
    isSpace(code)
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
