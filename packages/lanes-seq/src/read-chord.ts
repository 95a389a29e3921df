/**
 * Reading a chord, `(C4 E4~ G4)=1/2~`: its pitches, each with its own tie,
 * and what stands wrongly inside the parentheses (a rest, a duration, a
 * second pair of parentheses), each with the fix that keeps the rest.
 */

import {
  CLOSE,
  DIGIT_0,
  EQUALS,
  isDigit,
  isSpace,
  LOWER_R,
  LOWER_X,
  MINUS,
  OPEN,
  TILDE,
} from './char-codes.ts';
import type { ChordNote, LaneEvent } from './document.ts';
import { compareChordNotes } from './document.ts';
import { withMarks } from './event-marks.ts';
import { type Cursor, quote, report } from './parse-cursor.ts';
import { chordNoteAt, pitchAt, pitchIndexOf } from './pitch-table.ts';
import { readEquals } from './read-duration.ts';
import { NOT_A_PITCH, readPitch } from './read-pitch.ts';
import { characterEnd, describeCharacter } from './source-text.ts';

/** What the chord reader knows about the chord at hand. */
interface ChordDraft {
  readonly open: number;
  /** How many notes are in `cursor.chordNotes`. */
  noteCount: number;
  /** Where the first `(` inside the chord stands, or -1. */
  nestedAt: number;
  /** Where the last run of spaces inside the chord started, or -1 when a pitch came after it. */
  gapStart: number;
  /** The next `)` and `(` at or after the cursor (-1: none), found once and reused, so lookahead stays linear. */
  closeAhead: number;
  openAhead: number;
}

/** Reads `(C4 E4~ G4)=1/2~`. */
export function readChord(cursor: Cursor): LaneEvent | undefined {
  const { text } = cursor;
  const open = cursor.pos;
  cursor.pos++;
  const chordId = ++cursor.chordId;
  const chord: ChordDraft = {
    open,
    noteCount: 0,
    nestedAt: -1,
    gapStart: -1,
    closeAhead: open,
    openAhead: open,
  };
  let depth = 1;
  let closed = false;

  if (isSpace(text.charCodeAt(cursor.pos))) reportSpaceAfterOpen(cursor);
  while (cursor.pos < cursor.contentEnd) {
    const code = text.charCodeAt(cursor.pos);
    if (code === CLOSE) {
      cursor.pos++;
      if (--depth === 0) {
        closed = true;
        break;
      }
      continue;
    }
    if (code === EQUALS) {
      if (text.charCodeAt(cursor.pos - 1) === CLOSE) {
        closed = true; // a nested chord closed once too few times: ((C4 E4)=1/4
        break;
      }
      if (readDurationInChord(cursor, chord)) continue;
      break; // reported below as unclosed
    }
    if (code === OPEN) {
      if (chord.nestedAt < 0) chord.nestedAt = cursor.pos;
      depth++;
      cursor.pos++;
      continue;
    }
    if (isSpace(code)) {
      readSpaceInChord(cursor, chord);
      continue;
    }
    if (isRestInChord(cursor)) {
      reportRestInChord(cursor, chord);
      continue;
    }
    readChordNote(cursor, chord, chordId);
  }
  return finishChord(cursor, chord, closed);
}

function reportSpaceAfterOpen(cursor: Cursor): void {
  const from = cursor.pos;
  while (isSpace(cursor.text.charCodeAt(cursor.pos))) cursor.pos++;
  report(
    cursor,
    'unexpected-character',
    from,
    from + 1,
    'A space after "(" in a chord.',
    'write chords with no space inside the parentheses: (C4 E4 G4)=1/2',
    { start: from, end: cursor.pos, text: '' },
  );
}

/** Spaces between the pitches of a chord; a space before `)` is a problem. */
function readSpaceInChord(cursor: Cursor, chord: ChordDraft): void {
  const spaceStart = cursor.pos;
  while (cursor.pos < cursor.contentEnd && isSpace(cursor.text.charCodeAt(cursor.pos)))
    cursor.pos++;
  chord.gapStart = spaceStart;
  if (cursor.text.charCodeAt(cursor.pos) === CLOSE) {
    report(
      cursor,
      'unexpected-character',
      spaceStart,
      cursor.pos,
      'A space before ")" in a chord.',
      'write chords with no space inside the parentheses: (C4 E4 G4)=1/2',
      { start: spaceStart, end: cursor.pos, text: '' },
    );
  }
}

/** `r` or `x` standing alone inside a chord. */
function isRestInChord(cursor: Cursor): boolean {
  const { text, pos } = cursor;
  const code = text.charCodeAt(pos);
  if (code !== LOWER_R && code !== LOWER_X) return false;
  const after = text.charCodeAt(pos + 1);
  return pos + 1 >= cursor.contentEnd || isSpace(after) || after === CLOSE || after === EQUALS;
}

/** `(D5 r)=1/4`: the fix leaves the rest out, with the space that set it apart. */
function reportRestInChord(cursor: Cursor, chord: ChordDraft): void {
  const { text } = cursor;
  const at = cursor.pos;
  cursor.pos++;
  let end = cursor.pos;
  let start = at;
  if (chord.gapStart >= 0) {
    start = chord.gapStart; // ` r` after a pitch
  } else {
    while (end < cursor.contentEnd && isSpace(text.charCodeAt(end))) end++;
  }
  const isRest = text.charCodeAt(at) === LOWER_R;
  report(
    cursor,
    'invalid-pitch',
    at,
    at + 1,
    `${isRest ? 'A rest "r"' : 'An invisible rest "x"'} stands inside a chord; a chord holds pitches only.`,
    'leave it out of the chord; to rest after the chord, write the rest as an event of its own',
    { start, end, text: '' },
  );
}

/** A pitch of a chord with its tie: `E4`, `E4~`. */
function readChordNote(cursor: Cursor, chord: ChordDraft, chordId: number): void {
  const { text } = cursor;
  const pitchStart = cursor.pos;
  chord.gapStart = -1;
  const pitch = readPitch(cursor);
  if (pitch === NOT_A_PITCH) {
    skipInChord(cursor);
    return;
  }
  const pitchEnd = cursor.pos;
  let tie = false;
  let fingering = readChordFingering(cursor);
  if (text.charCodeAt(cursor.pos) === TILDE) {
    tie = true;
    cursor.pos++;
    if (text.charCodeAt(cursor.pos) === TILDE) {
      const extra = cursor.pos;
      while (text.charCodeAt(cursor.pos) === TILDE) cursor.pos++;
      report(
        cursor,
        'invalid-tie',
        extra - 1,
        cursor.pos,
        'More than one "~" after a pitch in a chord.',
        `a tie is one "~" after the pitch it ties: ${quote(cursor, pitchStart, pitchEnd).slice(1, -1)}~`,
        { start: extra, end: cursor.pos, text: '' },
      );
    }
  }
  fingering ??= readChordFingering(cursor);
  if (pitch >= 0) {
    if (cursor.chordSeen[pitch] === chordId) {
      report(
        cursor,
        'duplicate-chord-pitch',
        pitchStart,
        cursor.pos,
        `The pitch ${text.slice(pitchStart, pitchEnd)} appears twice in one chord.`,
        'write each pitch of a chord once',
      );
    } else {
      cursor.chordSeen[pitch] = chordId;
      cursor.chordNotes[chord.noteCount++] =
        fingering === undefined || fingering < 0
          ? chordNoteAt(pitch, tie)
          : { pitch: pitchAt(pitch), tie, fingering };
    }
  }
  const after = text.charCodeAt(cursor.pos);
  if (
    cursor.pos < cursor.contentEnd &&
    !isSpace(after) &&
    after !== CLOSE &&
    after !== EQUALS &&
    after !== OPEN
  ) {
    report(
      cursor,
      'unexpected-character',
      cursor.pos,
      characterEnd(text, cursor.pos),
      `Unexpected ${describeCharacter(text, cursor.pos)} after a pitch in a chord.`,
      'separate the pitches of a chord with spaces: (C4 E4 G4)=1/2',
    );
    skipInChord(cursor);
  }
}

/**
 * `-3` after a pitch in a chord: the finger of that note, 0 to 5. Returns it,
 * -1 after reporting another number, or undefined when no fingering stands here.
 */
function readChordFingering(cursor: Cursor): number | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  if (text.charCodeAt(start) !== MINUS || !isDigit(text.charCodeAt(start + 1))) return undefined;
  let end = start + 1;
  while (end < cursor.contentEnd && isDigit(text.charCodeAt(end))) end++;
  cursor.pos = end;
  const finger = text.charCodeAt(start + 1) - DIGIT_0;
  if (end === start + 2 && finger <= 5) return finger;
  report(
    cursor,
    'invalid-fingering',
    start,
    end,
    `The fingering ${quote(cursor, start, end)} is not a finger.`,
    'a fingering is -0 to -5 (0 for an open string, 1 the thumb), after its pitch: (C4-1 E4-3)=1/2',
  );
  return -1;
}

/** Moves past the rest of a token inside a chord. */
function skipInChord(cursor: Cursor): void {
  while (cursor.pos < cursor.contentEnd) {
    const c = cursor.text.charCodeAt(cursor.pos);
    if (isSpace(c) || c === CLOSE || c === EQUALS) break;
    cursor.pos++;
  }
}

/**
 * `(C4 E4=1/2 G4)=1/2`: a duration after a pitch inside a chord, with the
 * chord's `)` still to come on the line. Reports it with the fix that
 * removes it (the chord's own duration stands after `)`), and moves past it.
 * Returns false when no `)` follows, so the `=` is the chord's own.
 */
function readDurationInChord(cursor: Cursor, chord: ChordDraft): boolean {
  const { text } = cursor;
  const at = cursor.pos;
  if (chord.closeAhead < at && chord.closeAhead !== -1) chord.closeAhead = text.indexOf(')', at);
  if (chord.openAhead < at && chord.openAhead !== -1) chord.openAhead = text.indexOf('(', at);
  const close = chord.closeAhead;
  if (close === -1 || close >= cursor.contentEnd) return false;
  if (chord.openAhead !== -1 && chord.openAhead < close) return false;
  let end = at + 1;
  while (end < close && !isSpace(text.charCodeAt(end)) && text.charCodeAt(end) !== TILDE) end++;
  report(
    cursor,
    'duration-in-chord',
    at,
    end,
    `The duration ${quote(cursor, at, end)} stands inside a chord; the notes of a chord share the one duration after ")".`,
    `remove ${quote(cursor, at, end)}: a chord is written (C4 E4 G4)=1/2`,
    { start: at, end, text: '' },
  );
  cursor.pos = end;
  return true;
}

/** Reports an unclosed, nested or empty chord, reads its duration and builds the event. */
function finishChord(cursor: Cursor, chord: ChordDraft, closed: boolean): LaneEvent | undefined {
  const { open } = chord;
  if (!closed) {
    report(
      cursor,
      'unclosed-chord',
      open,
      cursor.pos,
      'A chord opened with "(" is never closed.',
      'close the chord before its duration: (C4 E4 G4)=1/2',
    );
    if (cursor.pos >= cursor.contentEnd) return undefined;
  }
  if (chord.nestedAt >= 0) reportNestedChord(cursor, chord);
  if (closed && chord.noteCount === 0 && cursor.tally.count === cursor.value.problemsBefore) {
    reportEmptyChord(cursor, open);
  }
  const problemsInChord = cursor.tally.count - cursor.value.problemsBefore;
  const value = readEquals(cursor, open);
  if (problemsInChord > 0 || value === undefined || value.duration === undefined) return undefined;
  // A chord's pitches are a set: the document holds them as the canonical text
  // does, low to high with ties said once (the rule of canonicalChord).
  const notes = lowToHigh(cursor.chordNotes.slice(0, chord.noteCount));
  const tie = value.tie || notes.every((note) => note.tie);
  if (tie) untieEach(notes);
  return withMarks(cursor, {
    kind: 'chord',
    notes,
    duration: value.duration,
    grace: value.grace,
    tie,
  });
}

/** A chord tied as a whole ties no note on its own. */
function untieEach(notes: ChordNote[]): void {
  for (let i = 0; i < notes.length; i++) {
    const note = notes[i]!;
    if (!note.tie) continue;
    notes[i] =
      note.fingering === undefined
        ? chordNoteAt(pitchIndexOf(note.pitch), false)
        : { ...note, tie: false };
  }
}

/** A chord's pitches are a set: the document holds them low to high, as the canonical text does. */
function lowToHigh(notes: ChordNote[]): ChordNote[] {
  for (let i = 1; i < notes.length; i++) {
    if (compareChordNotes(notes[i - 1]!, notes[i]!) > 0) return notes.sort(compareChordNotes);
  }
  return notes;
}

/** `((D5 F5))=1/4`: the fix keeps one pair of parentheses around all the pitches. */
function reportNestedChord(cursor: Cursor, chord: ChordDraft): void {
  const alone = cursor.tally.count === cursor.value.problemsBefore;
  const inner = alone
    ? cursor.text
        .slice(chord.open + 1, cursor.pos)
        .replace(/[()]/g, ' ')
        .trim()
        .split(/[ \t]+/)
        .join(' ')
    : '';
  const fixed = `(${inner})`;
  report(
    cursor,
    'nested-chord',
    chord.nestedAt,
    chord.nestedAt + 1,
    'A "(" inside a chord.',
    inner !== ''
      ? `a chord is one pair of parentheses around its pitches: ${fixed}`
      : 'a chord is one pair of parentheses around its pitches: (C4 E4 G4)=1/2',
    inner !== '' ? { start: chord.open, end: cursor.pos, text: fixed } : undefined,
  );
}

/** A duration as written in a valid event, so a hint may repeat it. */
const PLAIN_DURATION = /^g?[1-9]\d{0,6}(?:\/[1-9]\d{0,6})?~?$/;

/** `()=1/4`: a chord with no pitches. With a duration after it, the fix is a rest of that length. */
function reportEmptyChord(cursor: Cursor, open: number): void {
  const { text } = cursor;
  let end = cursor.pos + 1;
  while (end < cursor.contentEnd && !isSpace(text.charCodeAt(end))) end++;
  const hasEquals = text.charCodeAt(cursor.pos) === EQUALS;
  const duration = hasEquals ? text.slice(cursor.pos + 1, end) : '';
  const plain = PLAIN_DURATION.test(duration) ? duration : '1/2';
  report(
    cursor,
    'empty-chord',
    open,
    open + 2,
    'A chord "()" with no pitches.',
    `put the pitches inside the parentheses, as in (C4 E4 G4)=${plain}, or write a rest: r=${plain}`,
    hasEquals ? { start: open, end: open + 2, text: 'r' } : undefined,
  );
}
