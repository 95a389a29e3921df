/**
 * Reading the events of a lane: notes, chords, rests and invisible rests,
 * and what stands between them.
 */

import {
  BAR,
  CLOSE,
  COMMA,
  CR,
  EQUALS,
  endsEventUnspaced,
  HASH,
  isSeparatorCode,
  isSpace,
  LF,
  LOWER_G,
  LOWER_R,
  LOWER_X,
  OPEN,
  PERCENT,
  SEMICOLON,
  SLASH,
  TILDE,
  UPPER_R,
  UPPER_X,
} from './char-codes.ts';
import type { LaneEvent } from './document.ts';
import { withMarks } from './event-marks.ts';
import {
  type Cursor,
  report,
  reportStrayCharacter,
  skipSpaces,
  skipToken,
} from './parse-cursor.ts';
import { STEP_INDEX } from './pitch-draft.ts';
import { pitchAt } from './pitch-table.ts';
import { isBarAt, isPlainBar, reportEmptyMeasure } from './read-bar.ts';
import { readChord } from './read-chord.ts';
import { readEquals } from './read-duration.ts';
import { startsMark } from './read-mark.ts';
import { AT, readOnset } from './read-onset.ts';
import { NOT_A_PITCH, readPitch } from './read-pitch.ts';
import { readPlainEvent } from './read-plain-event.ts';
import { readStarItem } from './read-star.ts';
import { characterEnd, describeCharacter, quoteSource } from './source-text.ts';
import { readTupletGroup, tupletGroupAt } from './tuplet-group.ts';

/**
 * Reads the events of one measure of a lane, after its header or a bar line,
 * up to the next bar line or the end of the line, into `cursor.events` (with
 * `cursor.eventStarts` and `cursor.eventEnds`). Returns how many it read
 * whole. `afterBar` says a bar line of the same line opened the measure, so
 * the line's last duration carries on (section 16).
 */
export function readEvents(cursor: Cursor, headerOk: boolean, afterBar = false): number {
  const { text, events, eventStarts, eventEnds, eventMarks } = cursor;
  let count = 0;
  cursor.onsetCount = 0;
  cursor.markedEvents = 0;
  if (!afterBar) cursor.lastDuration = undefined;
  skipSpaces(cursor);
  if (cursor.pos < cursor.contentEnd && isBarAt(cursor, cursor.pos)) {
    if (headerOk && isPlainBar(cursor, cursor.pos)) {
      reportEmptyMeasure(cursor, cursor.header.measure, !afterBar);
    }
    return 0;
  }
  if (cursor.pos >= cursor.contentEnd) {
    if (headerOk) {
      report(
        cursor,
        'empty-lane',
        cursor.lineStart,
        cursor.contentEnd,
        `The lane on line ${cursor.line} has no events.`,
        'a lane needs at least one event; a voice with nothing to play holds a rest filling the measure, such as r=1',
      );
    }
    return 0;
  }
  while (cursor.pos < cursor.contentEnd) {
    const start = cursor.pos;
    // Most events are plain, and none starts as a bar line, a comment, a separator or an @ item does.
    const plain = cursor.marksOnly ? undefined : readPlainEvent(cursor);
    if (plain !== undefined) {
      events[count] = plain;
      eventStarts[count] = start;
      eventEnds[count] = cursor.pos;
      eventMarks[count] = undefined;
      count++;
      skipSpaces(cursor);
      continue;
    }
    const code = text.charCodeAt(start);
    if (isBarAt(cursor, start)) break;
    if (isForeignComment(cursor, start)) {
      reportCommentInLane(cursor, start);
      continue;
    }
    if (isSeparatorCode(code)) {
      reportAfterEvent(cursor, code);
      skipSpaces(cursor);
      continue;
    }
    if (code === AT) {
      readOnset(cursor);
    } else if (cursor.marksOnly) {
      const item = readStarItem(cursor);
      if (item !== undefined) {
        events[count] = item;
        eventStarts[count] = start;
        eventEnds[count] = cursor.pos;
        if (item.marks === undefined) eventMarks[count] = undefined;
        else {
          eventMarks[count] = cursor.value.markLocations;
          cursor.markedEvents++;
        }
        count++;
      }
    } else {
      const problemsBefore = cursor.tally.count;
      const event = readEvent(cursor);
      // An event reported as wrong gives the events after it no second problem for its duration.
      if (cursor.tally.count > problemsBefore && cursor.lastDuration === undefined) {
        cursor.lastDuration = null;
      }
      if (event !== undefined) {
        events[count] = event;
        eventStarts[count] = start;
        eventEnds[count] = cursor.pos;
        if (event.marks === undefined) eventMarks[count] = undefined;
        else {
          eventMarks[count] = cursor.value.markLocations;
          cursor.markedEvents++;
        }
        count++;
      }
    }
    if (cursor.pos < cursor.contentEnd && !isSpace(text.charCodeAt(cursor.pos))) {
      reportAfterEvent(cursor, text.charCodeAt(cursor.pos));
    }
    skipSpaces(cursor);
  }
  return count;
}

/** Where an event should start: a comment in the manner of another language, `# ...` or `// ...`. */
export function isForeignComment(cursor: Cursor, at: number): boolean {
  const { text } = cursor;
  const code = text.charCodeAt(at);
  if (code === SLASH) return text.charCodeAt(at + 1) === SLASH;
  if (code !== HASH) return false;
  const after = text.charCodeAt(at + 1);
  return at + 1 >= cursor.contentEnd || isSpace(after) || after === HASH;
}

/**
 * A comment after the events of a lane (`% ...`, `# ...`, `// ...`). The fix
 * moves it to a line of its own after the lane, as a `%` comment, so nothing
 * the writer said is lost.
 */
export function reportCommentInLane(cursor: Cursor, at: number): void {
  const { text } = cursor;
  let markerEnd = at + 1;
  const marker = text.charCodeAt(at);
  while (text.charCodeAt(markerEnd) === marker) markerEnd++;
  let before = at;
  while (before > cursor.lineStart && isSpace(text.charCodeAt(before - 1))) before--;
  const comment = `%${text.slice(markerEnd, cursor.contentEnd)}`;
  report(
    cursor,
    'unexpected-character',
    at,
    cursor.contentEnd,
    marker === PERCENT
      ? 'A comment starts in the middle of a lane.'
      : `A comment starts with "${text.slice(at, markerEnd)}" in the middle of a lane; lanes-seq comments start with % and fill a line.`,
    `comments take a whole line: move it to a line of its own that starts with %: ${quoteSource(comment)}`,
    { start: before, end: cursor.contentEnd, text: `\n${comment}` },
  );
  cursor.pos = cursor.contentEnd;
}

/** Something stands right after an event where a space or the line's end should. */
export function reportAfterEvent(cursor: Cursor, code: number): void {
  const at = cursor.pos;
  if (code === PERCENT || isForeignComment(cursor, at)) {
    reportCommentInLane(cursor, at);
    return;
  }
  if (code === COMMA || code === SEMICOLON) {
    report(
      cursor,
      'unexpected-character',
      at,
      at + 1,
      `Events are separated by ${describeCharacter(cursor.text, at)}.`,
      'separate events with spaces only: C4=1/4 D4=1/4',
      { start: at, end: at + 1, text: isSpace(cursor.text.charCodeAt(at + 1)) ? '' : ' ' },
    );
    cursor.pos++;
    return;
  }
  if (code === BAR) return; // a bar line right after an event ends its measure: readEvents stops at it
  if (code === CLOSE) {
    report(
      cursor,
      'unexpected-closing-parenthesis',
      at,
      at + 1,
      'A ")" closes a chord that was never opened.',
      'remove it, or open the chord with "(" before its first pitch: (C4 E4 G4)=1/2',
      { start: at, end: at + 1, text: '' },
    );
    cursor.pos++;
    return;
  }
  if (code === TILDE) {
    report(
      cursor,
      'invalid-tie',
      at,
      at + 1,
      'A second "~" after an event.',
      'a tie is one "~" after the duration: C4=1/4~',
      { start: at, end: at + 1, text: '' },
    );
    cursor.pos++;
    return;
  }
  const startsEvent =
    code === OPEN || code === AT || (code < 128 && /[A-Ga-grx]/.test(String.fromCharCode(code)));
  if (startsEvent) {
    report(
      cursor,
      'missing-space',
      at,
      at + 1,
      `Two events are written with no space between them, at ${describeCharacter(cursor.text, at)}.`,
      'put a space between events: C4=1/4 D4=1/4',
      { start: at, end: at, text: ' ' },
    );
    return; // the next event is read from here
  }
  if (reportStrayCharacter(cursor, at)) return;
  report(
    cursor,
    'unexpected-character',
    at,
    characterEnd(cursor.text, at),
    `Unexpected ${describeCharacter(cursor.text, at)} after an event.`,
    'events are separated by spaces and end at the end of the line',
  );
  skipToken(cursor);
}

/** Reads one event, or reports it and returns undefined; the cursor ends past it. */
export function readEvent(cursor: Cursor): LaneEvent | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  const code = text.charCodeAt(start);
  cursor.value.problemsBefore = cursor.tally.count;
  cursor.value.fixedSubject = undefined;

  const group = tupletGroupAt(text, start, cursor.contentEnd);
  if (group !== undefined) return readTupletGroup(cursor, group, readEvent);
  if (code === OPEN) return readChord(cursor);
  if (
    (code === LOWER_R || code === LOWER_X) &&
    (isSubjectEnd(text.charCodeAt(start + 1)) || startsRestAt(text, start + 1))
  ) {
    return readRest(cursor, code === LOWER_R ? 'rest' : 'space');
  }
  if (code === UPPER_R || code === UPPER_X) {
    const isRest = code === UPPER_R;
    const letter = isRest ? 'r' : 'x';
    report(
      cursor,
      'invalid-pitch',
      start,
      start + 1,
      `${isRest ? 'A rest' : 'An invisible rest'} is written with a lower-case "${letter}".`,
      isRest ? 'write rests as r=1/4' : 'write invisible rests as x=1/4',
      { start, end: start + 1, text: letter },
    );
    cursor.pos++;
    readEquals(cursor, start);
    return undefined;
  }
  if (code === TILDE) {
    report(
      cursor,
      'invalid-tie',
      start,
      start + 1,
      'A "~" stands where an event should start.',
      'a tie goes right after the duration of the note it ties: C4=1/2~ C4=1/4',
    );
    cursor.pos++;
    return undefined;
  }
  if (code === CLOSE) {
    report(
      cursor,
      'unexpected-closing-parenthesis',
      start,
      start + 1,
      'A ")" closes a chord that was never opened.',
      'remove it, or open the chord with "(" before its first pitch: (C4 E4 G4)=1/2',
      { start, end: start + 1, text: '' },
    );
    cursor.pos++;
    return undefined;
  }
  if (code === LOWER_G && STEP_INDEX[text.charCodeAt(start + 1)]! >= 0) {
    return readGraceBeforePitch(cursor);
  }

  const pitch = readPitch(cursor);
  if (pitch === NOT_A_PITCH) {
    skipToken(cursor);
    return undefined;
  }
  if (pitch < 0) cursor.value.fixedSubject = cursor.pitch.corrected;
  const value = readEquals(cursor, start);
  if (value === undefined || value.duration === undefined || pitch < 0) return undefined;
  return withMarks(cursor, {
    kind: 'note',
    pitch: pitchAt(pitch),
    duration: value.duration,
    grace: value.grace,
    tie: value.tie,
  });
}

/** Reads `r=1/4` or `x=1/4`, refusing a grace or a tie on it. */
export function readRest(cursor: Cursor, kind: 'rest' | 'space'): LaneEvent | undefined {
  const start = cursor.pos;
  cursor.pos++;
  const value = readEquals(cursor, start);
  if (value === undefined) return undefined;
  const name = kind === 'rest' ? 'A rest' : 'An invisible rest';
  const letter = kind === 'rest' ? 'r' : 'x';
  let ok = true;
  if (value.grace) {
    report(
      cursor,
      'grace-rest',
      start,
      cursor.pos,
      `${name} cannot be a grace note.`,
      `drop the "g": ${letter}=${cursor.text.slice(value.durationStart, value.durationEnd)}`,
      { start: value.durationStart - 1, end: value.durationStart, text: '' },
    );
    ok = false;
  }
  if (value.tie) {
    report(
      cursor,
      'rest-tie',
      start,
      cursor.pos,
      `${name} cannot be tied.`,
      'remove the "~"; to make a rest longer, give it the longer duration',
      { start: value.durationEnd, end: value.durationEnd + 1, text: '' },
    );
    ok = false;
  }
  if (!ok || value.duration === undefined) return undefined;
  return withMarks<LaneEvent>(
    cursor,
    kind === 'rest'
      ? { kind: 'rest', duration: value.duration, grace: false }
      : { kind: 'space', duration: value.duration, grace: false },
  );
}

/**
 * `gD5=1/16`: the grace mark written before the pitch. Reads the event
 * after the `g`, then reports the mark with the fix that moves it into the
 * duration, `D5=g1/16`.
 */
export function readGraceBeforePitch(cursor: Cursor): undefined {
  const start = cursor.pos;
  cursor.pos++;
  const pitch = readPitch(cursor);
  const value = readEquals(cursor, start + 1);
  const movable =
    value !== undefined &&
    value.duration !== undefined &&
    value.durationEnd > value.durationStart &&
    pitch >= 0;
  const subject = cursor.text.slice(start + 1, value?.subjectEnd ?? start + 1);
  const fixed = movable
    ? `${subject}=g${cursor.text.slice(value.durationStart, value.durationEnd)}${value.tie ? '~' : ''}${cursor.text.slice(value.marksStart, cursor.pos)}`
    : '';
  report(
    cursor,
    'invalid-pitch',
    start,
    start + 1,
    'The grace mark "g" stands before the pitch; it belongs to the duration.',
    movable
      ? `write a grace note with g after "=": ${fixed}`
      : 'write a grace note with g after "=", as in D5=g1/16',
    movable ? { start, end: cursor.pos, text: fixed } : undefined,
  );
  return undefined;
}

/** Whether a rest or invisible rest starts at `at` (`r=1/4`, `x`): after `r` it is the next event, its space left out. */
function startsRestAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return (code === LOWER_R || code === LOWER_X) && isSubjectEnd(text.charCodeAt(at + 1));
}

/** After `r` or `x`: whether the subject ends there (so `rx=1` is not read as a rest, and `r\fermata` is). */
export function isSubjectEnd(code: number): boolean {
  return (
    code === EQUALS ||
    code === TILDE ||
    startsMark(code) ||
    (endsEventUnspaced(code) && code !== LOWER_R && code !== LOWER_X) ||
    Number.isNaN(code) ||
    isSpace(code) ||
    code === CR ||
    code === LF
  );
}
