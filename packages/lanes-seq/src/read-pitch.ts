/**
 * Reading a pitch, `F#4`: step, accidental and octave, with a precise
 * problem for each way it can be written wrong.
 */

import {
  CLOSE,
  DOUBLE_FLAT_LOW,
  DOUBLE_SHARP_LOW,
  EQUALS,
  FLAT_SIGN,
  HASH,
  HIGH_SURROGATE_MUSIC,
  isDigit,
  isSpace,
  LOWER_B,
  LOWER_N,
  LOWER_R,
  LOWER_X,
  MINUS,
  NATURAL_SIGN,
  SHARP_SIGN,
} from './char-codes.ts';
import type { IssueCode } from './issue.ts';
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

/**
 * Reads step, accidental and octave. Returns the pitch-table index, or
 * BAD_PITCH after reporting problems (the cursor is past the pitch), or
 * NOT_A_PITCH when nothing here starts a pitch (reported too).
 */
export function readPitch(cursor: Cursor): number {
  const { text } = cursor;
  const start = cursor.pos;
  const code = text.charCodeAt(start);
  let stepIndex = code < 128 ? STEP_INDEX[code]! : -1;
  let lowercase = false;
  if (stepIndex < 0 && code >= 97 && code <= 103) {
    stepIndex = STEP_INDEX[code - 32]!;
    lowercase = true;
  }
  if (stepIndex < 0) {
    reportNotAPitch(cursor, start);
    return NOT_A_PITCH;
  }
  cursor.pos++;
  let ok = true;
  const reportPending = (pitch: string): void => {
    if (!pending) return;
    report(
      cursor,
      pending.code,
      accidentalStart,
      pending.end,
      pending.message,
      pending.hint(pitch),
    );
    pending = undefined;
  };

  // Accidental. A problem with it is reported once the octave is read, so its hint can show the whole pitch.
  let alter = 0;
  let pending:
    | { code: IssueCode; end: number; message: string; hint: (pitch: string) => string }
    | undefined;
  const accidentalStart = cursor.pos;
  const next = text.charCodeAt(cursor.pos);
  if (next === HASH) {
    while (text.charCodeAt(cursor.pos) === HASH) cursor.pos++;
    alter = cursor.pos - accidentalStart;
  } else if (next === LOWER_B) {
    while (text.charCodeAt(cursor.pos) === LOWER_B) cursor.pos++;
    alter = -(cursor.pos - accidentalStart);
  } else {
    const unicode = unicodeAccidental(text, cursor.pos);
    if (unicode !== undefined) {
      cursor.pos += unicode.length;
      alter = unicode.alter;
      pending = {
        code: 'unicode-accidental',
        end: cursor.pos,
        message: `The accidental ${describeCharacter(text, accidentalStart)} is not lanes-seq.`,
        hint: unicode.hint,
      };
    } else if (next === LOWER_N) {
      cursor.pos++;
      pending = {
        code: 'invalid-accidental',
        end: cursor.pos,
        message: 'A natural sign "n" after a pitch step.',
        hint: (pitch) => `a natural takes no sign: ${pitch} is natural in every key`,
      };
    }
  }
  if (alter > 2 || alter < -2) {
    report(
      cursor,
      'invalid-accidental',
      accidentalStart,
      cursor.pos,
      `The accidental ${quote(cursor, accidentalStart, cursor.pos)} alters by more than two semitones.`,
      'accidentals are #, ##, b and bb',
    );
    ok = false;
    alter = Math.sign(alter) * 2;
  }

  // Octave
  const octaveStart = cursor.pos;
  let octave = 0;
  const first = text.charCodeAt(cursor.pos);
  if (first === MINUS && isDigit(text.charCodeAt(cursor.pos + 1))) {
    cursor.pos++;
    while (isDigit(text.charCodeAt(cursor.pos))) cursor.pos++;
    octave = -Number(text.slice(octaveStart + 1, cursor.pos));
  } else if (isDigit(first)) {
    while (isDigit(text.charCodeAt(cursor.pos))) cursor.pos++;
    octave = Number(text.slice(octaveStart, cursor.pos));
  } else {
    const step = STEP_LETTERS[stepIndex]!;
    if (pending) reportPending(`${step}${ACCIDENTAL_TEXT[alter + 2]}4`);
    report(
      cursor,
      'missing-octave',
      start,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} has no octave.`,
      `give every pitch its octave, as in ${step}${ACCIDENTAL_TEXT[alter + 2]}4 (C4 is middle C)`,
    );
    return BAD_PITCH;
  }
  const octaveText = text.slice(octaveStart, cursor.pos);
  const inRange = octave >= -1 && octave <= 9 && octaveText.length <= (octave < 0 ? 2 : 1);
  if (pending) {
    reportPending(
      `${STEP_LETTERS[stepIndex]!}${ACCIDENTAL_TEXT[alter + 2]}${inRange ? octave : 4}`,
    );
    ok = false;
  }
  if (!inRange) {
    report(
      cursor,
      'octave-out-of-range',
      octaveStart,
      cursor.pos,
      `The octave ${quoteSource(octaveText)} is outside -1 to 9.`,
      'octaves run from -1 to 9; C4 is middle C',
    );
    return BAD_PITCH;
  }
  if (lowercase) {
    const corrected = `${String.fromCharCode(code - 32)}${ACCIDENTAL_TEXT[alter + 2]}${octave}`;
    report(
      cursor,
      'lowercase-step',
      start,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} has a lower-case step.`,
      `pitch steps are upper case: ${corrected}`,
    );
    ok = false;
  }
  return ok ? pitchIndex(stepIndex, alter, octave) : BAD_PITCH;
}

export interface UnicodeAccidental {
  readonly alter: number;
  readonly length: number;
  /** The hint, given the whole pitch as it should be written. */
  hint(pitch: string): string;
}

export function unicodeAccidental(text: string, at: number): UnicodeAccidental | undefined {
  const code = text.charCodeAt(at);
  if (code === SHARP_SIGN)
    return { alter: 1, length: 1, hint: (pitch) => `write sharps as #: ${pitch}` };
  if (code === FLAT_SIGN)
    return { alter: -1, length: 1, hint: (pitch) => `write flats as b: ${pitch}` };
  if (code === NATURAL_SIGN) {
    return {
      alter: 0,
      length: 1,
      hint: (pitch) => `a natural takes no sign: ${pitch} is natural in every key`,
    };
  }
  if (code === HIGH_SURROGATE_MUSIC) {
    const low = text.charCodeAt(at + 1);
    if (low === DOUBLE_SHARP_LOW) {
      return { alter: 2, length: 2, hint: (pitch) => `write double sharps as ##: ${pitch}` };
    }
    if (low === DOUBLE_FLAT_LOW) {
      return { alter: -2, length: 2, hint: (pitch) => `write double flats as bb: ${pitch}` };
    }
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
    const rest = code === LOWER_R ? 'A rest' : 'An invisible rest';
    report(
      cursor,
      'invalid-pitch',
      start,
      end,
      `${rest} has no octave: ${quoteSource(token)}.`,
      `write it with its duration only: ${String.fromCharCode(code)}=1/4`,
    );
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
