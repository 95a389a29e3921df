/**
 * Reading a pitch, `F#4`: step, accidental and octave, with a precise
 * problem for each way it can be written wrong.
 */

import {
  CLOSE,
  CR,
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
  MINUS,
  NATURAL_SIGN,
  SHARP_SIGN,
} from './char-codes.ts';
import { type Cursor, quote, report } from './parse-cursor.ts';
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

  // Accidental
  let alter = 0;
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
      const step = STEP_LETTERS[stepIndex]!;
      report(
        cursor,
        'unicode-accidental',
        accidentalStart,
        cursor.pos,
        `The accidental ${describeCharacter(text, accidentalStart)} is not lanes-seq.`,
        unicode.hint(step),
      );
      ok = false;
    } else if (next === LOWER_N) {
      cursor.pos++;
      report(
        cursor,
        'invalid-accidental',
        accidentalStart,
        cursor.pos,
        'A natural sign "n" after a pitch step.',
        `a natural takes no sign: ${STEP_LETTERS[stepIndex]!}4 is natural in every key`,
      );
      ok = false;
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
  if (octave < -1 || octave > 9 || octaveText.length > (octave < 0 ? 2 : 1)) {
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
  hint(step: string): string;
}

export function unicodeAccidental(text: string, at: number): UnicodeAccidental | undefined {
  const code = text.charCodeAt(at);
  if (code === SHARP_SIGN) return { alter: 1, length: 1, hint: (s) => `write sharps as #: ${s}#4` };
  if (code === FLAT_SIGN) return { alter: -1, length: 1, hint: (s) => `write flats as b: ${s}b4` };
  if (code === NATURAL_SIGN) {
    return {
      alter: 0,
      length: 1,
      hint: (s) => `a natural takes no sign: ${s}4 is natural in every key`,
    };
  }
  if (code === HIGH_SURROGATE_MUSIC) {
    const low = text.charCodeAt(at + 1);
    if (low === DOUBLE_SHARP_LOW) {
      return { alter: 2, length: 2, hint: (s) => `write double sharps as ##: ${s}##4` };
    }
    if (low === DOUBLE_FLAT_LOW) {
      return { alter: -2, length: 2, hint: (s) => `write double flats as bb: ${s}bb4` };
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
  if (code < 0x20 || code === 0x7f) {
    report(
      cursor,
      'unexpected-character',
      start,
      start + 1,
      `Unexpected ${describeCharacter(text, start)} in a lane.`,
      code === CR ? 'end lines with \\n or \\r\\n' : 'events are separated by spaces or tabs',
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
