/**
 * The fast path of the parser: the events nearly every lane is made of,
 * written as the canonical text writes them, read in one scan.
 */
import {
  CLOSE,
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
  OPEN,
  SLASH,
  SPACE,
  TILDE,
} from './char-codes.ts';
import type { LaneEvent } from './document.ts';
import { LIMITS } from './issue.ts';
import type { Cursor } from './parse-cursor.ts';
import { STEP_INDEX } from './pitch-draft.ts';
import { chordNoteAt, pitchIndex, soundRankAt } from './pitch-table.ts';
import type { Rational } from './rational.ts';
import { durationOf } from './read-duration.ts';
import {
  CHORD_HASH_START,
  chordHashWith,
  sharedChord,
  sharedNote,
  sharedRest,
} from './shared-events.ts';

const REST = -1;
const SPACE_REST = -2;
const CHORD = -3;

/** The most notes a chord read on the fast path holds; a larger one is readEvent's. */
const MAX_PLAIN_CHORD = 8;

/**
 * The pitch-table index the last {@link scanPitch} read. The fast path
 * returns two things per pitch (where it ends and which it is) and allocates
 * nothing for them: the parse is synchronous, so one module-wide slot does.
 */
let scannedPitch = 0;

/**
 * Reads one event at the cursor when it is plain: a pitch (upper-case step,
 * `#`, `##`, `b` or `bb`, octave 0 to 9), `r`, `x`, or a chord of plain
 * pitches one space apart, low to high (as the canonical text writes them); then `=` and a duration (with a grace `g` on a
 * pitch or chord), or no duration after an event of the line that has one;
 * then a tie on a pitch or chord; then a space or the line's end. For
 * anything else (marks, fingerings, ties inside a chord, tuplets, every
 * mistake) it returns undefined with the cursor unmoved, and `readEvent`
 * reads the event: both give the same event for plain text, so this only
 * saves the time of the general readers' many checks.
 *
 * @example
 * ```ts
 * readPlainEvent(cursorAt('F#4=1/8~ G4')); // { kind: 'note', pitch: F#4, duration: 1/8, grace: false, tie: true }
 * readPlainEvent(cursorAt('F#4=1/8-. G4')); // undefined: marks are readEvent's
 * ```
 */
export function readPlainEvent(cursor: Cursor): LaneEvent | undefined {
  const { text, contentEnd } = cursor;
  const start = cursor.pos;
  let code = text.charCodeAt(start);
  let pos: number;
  let subject: number;
  let noteCount = 0;
  let pitchesHash = CHORD_HASH_START;
  if (code === LOWER_R || code === LOWER_X) {
    subject = code === LOWER_R ? REST : SPACE_REST;
    pos = start + 1;
  } else if (code === OPEN) {
    subject = CHORD;
    pos = start;
    let lastRank = -1;
    do {
      pos = scanPitch(text, pos + 1);
      if (pos < 0 || noteCount === MAX_PLAIN_CHORD) return undefined;
      const rank = soundRankAt(scannedPitch);
      if (rank <= lastRank) return undefined; // not low to high, or a pitch twice: readEvent orders or reports it
      lastRank = rank;
      pitchesHash = chordHashWith(pitchesHash, scannedPitch);
      cursor.chordNotes[noteCount++] = chordNoteAt(scannedPitch, false);
      code = text.charCodeAt(pos);
    } while (code === SPACE);
    if (code !== CLOSE) return undefined;
    pos++;
  } else {
    pos = scanPitch(text, start);
    if (pos < 0) return undefined;
    subject = scannedPitch;
  }
  code = text.charCodeAt(pos);

  let duration: Rational;
  let grace = false;
  const written = code === EQUALS;
  if (written) {
    code = text.charCodeAt(++pos);
    if (code === LOWER_G) {
      if (subject === REST || subject === SPACE_REST) return undefined; // a grace rest: readEvent reports it
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
    if (subject === REST || subject === SPACE_REST) return undefined; // a tied rest: readEvent reports it
    tie = true;
    code = text.charCodeAt(++pos);
  }
  if (pos < contentEnd && !isSpace(code)) return undefined;

  cursor.pos = pos;
  if (written && !grace) cursor.lastDuration = duration;
  if (subject === REST) return sharedRest('rest', duration);
  if (subject === SPACE_REST) return sharedRest('space', duration);
  if (subject === CHORD) {
    return sharedChord(cursor.chordNotes, noteCount, pitchesHash, duration, grace, tie);
  }
  return sharedNote(subject, duration, grace, tie);
}

/**
 * Scans a plain pitch at `pos` (upper-case step, `#`, `##`, `b` or `bb`, an
 * octave digit) and returns where it ends, its index in `scannedPitch`; -1
 * when none stands there.
 */
function scanPitch(text: string, from: number): number {
  let pos = from;
  let code = text.charCodeAt(pos);
  const stepIndex = code < 128 ? STEP_INDEX[code]! : -1;
  if (stepIndex < 0) return -1;
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
  if (!isDigit(code)) return -1;
  scannedPitch = pitchIndex(stepIndex, alter, code - DIGIT_0);
  return pos + 1;
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
