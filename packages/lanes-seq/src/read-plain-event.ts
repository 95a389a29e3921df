/**
 * The fast path of the parser: the events nearly every lane is made of,
 * written as the canonical text writes them, read in one scan.
 */
import {
  DIGIT_0,
  DIGIT_9,
  EQUALS,
  HASH,
  isDigit,
  isSpace,
  LOWER_B,
  LOWER_G,
  LOWER_R,
  LOWER_X,
  SLASH,
  TILDE,
} from './char-codes.ts';
import type { LaneEvent } from './document.ts';
import { LIMITS } from './issue.ts';
import type { Cursor } from './parse-cursor.ts';
import { STEP_INDEX } from './pitch-draft.ts';
import { pitchAt, pitchIndex } from './pitch-table.ts';
import type { Rational } from './rational.ts';
import { durationOf } from './read-duration.ts';

const REST = -1;
const SPACE_REST = -2;

/**
 * Reads one event at the cursor when it is plain: a pitch (upper-case step,
 * `#`, `##`, `b` or `bb`, octave 0 to 9), `r` or `x`; then `=` and a
 * duration (with a grace `g` on a pitch), or no duration after an event of
 * the line that has one; then a tie on a pitch; then a space or the line's
 * end. For anything else (marks, chords, tuplets, every mistake) it returns
 * undefined with the cursor unmoved, and `readEvent` reads the event: both
 * give the same event for plain text, so this only saves the time of the
 * general readers' many checks.
 *
 * @example
 * ```ts
 * readPlainEvent(cursorAt('F#4=1/8~ G4')); // { kind: 'note', pitch: F#4, duration: 1/8, grace: false, tie: true }
 * readPlainEvent(cursorAt('F#4=1/8-. G4')); // undefined: marks are readEvent's
 * ```
 */
export function readPlainEvent(cursor: Cursor): LaneEvent | undefined {
  const { text, contentEnd } = cursor;
  let pos = cursor.pos;
  let code = text.charCodeAt(pos);
  let pitch: number;
  if (code === LOWER_R || code === LOWER_X) {
    pitch = code === LOWER_R ? REST : SPACE_REST;
    code = text.charCodeAt(++pos);
  } else {
    const stepIndex = code < 128 ? STEP_INDEX[code]! : -1;
    if (stepIndex < 0) return undefined;
    code = text.charCodeAt(++pos);
    let alter = 0;
    if (code === HASH || code === LOWER_B) {
      const sign = code;
      alter = sign === HASH ? 1 : -1;
      code = text.charCodeAt(++pos);
      if (code === sign) {
        alter *= 2;
        code = text.charCodeAt(++pos);
      }
    }
    if (!isDigit(code)) return undefined;
    pitch = pitchIndex(stepIndex, alter, code - DIGIT_0);
    code = text.charCodeAt(++pos);
  }

  let duration: Rational;
  let grace = false;
  const written = code === EQUALS;
  if (written) {
    code = text.charCodeAt(++pos);
    if (code === LOWER_G) {
      if (pitch < 0) return undefined; // a grace rest: readEvent reports it
      grace = true;
      code = text.charCodeAt(++pos);
    }
    // A whole number or a fraction, no term 0 or above LIMITS.maxDurationTerm (else readEvent reports it).
    if (!(code > DIGIT_0 && code <= DIGIT_9)) return undefined;
    let num = 0;
    for (; isDigit(code); code = text.charCodeAt(++pos)) {
      num = num * 10 + (code - DIGIT_0);
      if (num > LIMITS.maxDurationTerm) return undefined;
    }
    let den = 1;
    if (code === SLASH) {
      code = text.charCodeAt(++pos);
      if (!(code > DIGIT_0 && code <= DIGIT_9)) return undefined;
      den = 0;
      for (; isDigit(code); code = text.charCodeAt(++pos)) {
        den = den * 10 + (code - DIGIT_0);
        if (den > LIMITS.maxDurationTerm) return undefined;
      }
    }
    duration = durationOf(num, den);
  } else {
    // The duration left out: the line's last one (undefined before any, null after a reported one).
    const last = cursor.lastDuration;
    if (last === undefined || last === null) return undefined;
    if (isSpace(code) && durationStandsApart(cursor, pos)) return undefined;
    duration = last;
  }

  let tie = false;
  if (code === TILDE) {
    if (pitch < 0) return undefined; // a tied rest: readEvent reports it
    tie = true;
    code = text.charCodeAt(++pos);
  }
  if (pos < contentEnd && !isSpace(code)) return undefined;

  cursor.pos = pos;
  if (written && !grace) cursor.lastDuration = duration;
  if (pitch === REST) return { kind: 'rest', duration, grace: false };
  if (pitch === SPACE_REST) return { kind: 'space', duration, grace: false };
  return { kind: 'note', pitch: pitchAt(pitch), duration, grace, tie };
}

/**
 * After an event without `=`, at the space that follows it: whether what
 * comes next, `=1/4` or `1/4`, looks like its duration written apart, which
 * readEvent reports (or, for `3:2(...`, reads as a tuplet).
 */
function durationStandsApart(cursor: Cursor, from: number): boolean {
  const { text } = cursor;
  let next = from;
  while (next < cursor.contentEnd && isSpace(text.charCodeAt(next))) next++;
  const code = text.charCodeAt(next);
  return (
    code === EQUALS || isDigit(code) || (code === LOWER_G && isDigit(text.charCodeAt(next + 1)))
  );
}
