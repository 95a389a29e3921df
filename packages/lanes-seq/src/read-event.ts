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
  isSpace,
  LF,
  LOWER_R,
  LOWER_X,
  OPEN,
  PERCENT,
  SEMICOLON,
  TILDE,
  UPPER_R,
  UPPER_X,
} from './char-codes.ts';
import type { ChordNote, LaneEvent } from './document.ts';
import { canonicalChord } from './document.ts';
import {
  type Cursor,
  report,
  reportStrayCharacter,
  skipSpaces,
  skipToken,
} from './parse-cursor.ts';
import { pitchAt } from './pitch-table.ts';
import { readEquals } from './read-duration.ts';
import { NOT_A_PITCH, readPitch } from './read-pitch.ts';
import { characterEnd, describeCharacter } from './source-text.ts';

/** Reads the events after a header, up to the end of the line. */
export function readEvents(
  cursor: Cursor,
  headerOk: boolean,
  eventStarts: number[],
  eventEnds: number[],
): LaneEvent[] {
  const { text } = cursor;
  const events: LaneEvent[] = [];
  skipSpaces(cursor);
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
    return events;
  }
  while (cursor.pos < cursor.contentEnd) {
    const start = cursor.pos;
    if (isSeparatorMistake(text.charCodeAt(start))) {
      reportAfterEvent(cursor, text.charCodeAt(start));
      skipSpaces(cursor);
      continue;
    }
    const event = readEvent(cursor);
    if (event !== undefined) {
      events.push(event);
      eventStarts.push(start);
      eventEnds.push(cursor.pos);
    }
    if (cursor.pos < cursor.contentEnd && !isSpace(text.charCodeAt(cursor.pos))) {
      reportAfterEvent(cursor, text.charCodeAt(cursor.pos));
    }
    skipSpaces(cursor);
  }
  return events;
}

/** A character that, where an event should start, means the writer took lanes-seq for another notation. */
export function isSeparatorMistake(code: number): boolean {
  return code === PERCENT || code === COMMA || code === SEMICOLON || code === BAR;
}

/** Something stands right after an event where a space or the line's end should. */
export function reportAfterEvent(cursor: Cursor, code: number): void {
  const at = cursor.pos;
  if (code === PERCENT) {
    report(
      cursor,
      'unexpected-character',
      at,
      cursor.contentEnd,
      'A comment starts in the middle of a lane.',
      'comments take a whole line: move it to a line of its own that starts with %',
    );
    cursor.pos = cursor.contentEnd;
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
    );
    cursor.pos++;
    return;
  }
  if (code === BAR) {
    report(
      cursor,
      'unexpected-character',
      at,
      at + 1,
      'A bar line "|" inside a lane.',
      'one lane holds one measure: write the next measure on a line of its own, with its own header (m2, m3, ...)',
    );
    cursor.pos++;
    return;
  }
  if (code === CLOSE) {
    report(
      cursor,
      'unexpected-closing-parenthesis',
      at,
      at + 1,
      'A ")" closes a chord that was never opened.',
      'open the chord with "(" before its first pitch: (C4 E4 G4)=1/2',
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
    );
    cursor.pos++;
    return;
  }
  const startsEvent = code === OPEN || (code < 128 && /[A-Ga-grx]/.test(String.fromCharCode(code)));
  if (startsEvent) {
    report(
      cursor,
      'missing-space',
      at,
      at + 1,
      `Two events are written with no space between them, at ${describeCharacter(cursor.text, at)}.`,
      'put a space between events: C4=1/4 D4=1/4',
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

  if (code === OPEN) return readChord(cursor);
  if ((code === LOWER_R || code === LOWER_X) && isSubjectEnd(text.charCodeAt(start + 1))) {
    cursor.pos++;
    const kind = code === LOWER_R ? 'rest' : 'space';
    const value = readEquals(cursor, start);
    if (value === undefined) return undefined;
    let ok = true;
    if (value.grace) {
      report(
        cursor,
        'grace-rest',
        start,
        cursor.pos,
        `${kind === 'rest' ? 'A rest' : 'An invisible rest'} cannot be a grace note.`,
        `drop the "g": ${kind === 'rest' ? 'r' : 'x'}=${text.slice(value.durationStart, value.durationEnd)}`,
      );
      ok = false;
    }
    if (value.tie) {
      report(
        cursor,
        'rest-tie',
        start,
        cursor.pos,
        `${kind === 'rest' ? 'A rest' : 'An invisible rest'} cannot be tied.`,
        'remove the "~"; to make a rest longer, give it the longer duration',
      );
      ok = false;
    }
    if (!ok || value.duration === undefined) return undefined;
    return kind === 'rest'
      ? { kind: 'rest', duration: value.duration, grace: false }
      : { kind: 'space', duration: value.duration, grace: false };
  }
  if (code === UPPER_R || code === UPPER_X) {
    const isRest = code === UPPER_R;
    report(
      cursor,
      'invalid-pitch',
      start,
      start + 1,
      `${isRest ? 'A rest' : 'An invisible rest'} is written with a lower-case "${isRest ? 'r' : 'x'}".`,
      isRest ? 'write rests as r=1/4' : 'write invisible rests as x=1/4',
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
      'open the chord with "(" before its first pitch: (C4 E4 G4)=1/2',
    );
    cursor.pos++;
    return undefined;
  }

  const pitch = readPitch(cursor);
  if (pitch === NOT_A_PITCH) {
    skipToken(cursor);
    return undefined;
  }
  const value = readEquals(cursor, start);
  if (value === undefined || value.duration === undefined || pitch < 0) return undefined;
  return {
    kind: 'note',
    pitch: pitchAt(pitch),
    duration: value.duration,
    grace: value.grace,
    tie: value.tie,
  };
}

/** After `r` or `x`: whether the subject ends there (so `rx=1` is not read as a rest). */
export function isSubjectEnd(code: number): boolean {
  return (
    code === EQUALS ||
    code === TILDE ||
    Number.isNaN(code) ||
    isSpace(code) ||
    code === CR ||
    code === LF
  );
}

/** The text a pitch was written as, for hints (empty when it was not a readable pitch). */
export function pitchText(cursor: Cursor, start: number, end: number): string {
  return cursor.text.slice(start, end);
}

/** Reads `(C4 E4~ G4)=1/2~`. */
export function readChord(cursor: Cursor): LaneEvent | undefined {
  const { text } = cursor;
  const open = cursor.pos;
  cursor.pos++;
  const chordId = ++cursor.chordId;
  const notes: ChordNote[] = [];
  let ok = true;
  let closed = false;

  if (isSpace(text.charCodeAt(cursor.pos))) {
    report(
      cursor,
      'unexpected-character',
      cursor.pos,
      cursor.pos + 1,
      'A space after "(" in a chord.',
      'write chords with no space inside the parentheses: (C4 E4 G4)=1/2',
    );
    ok = false;
    skipSpaces(cursor);
  }
  while (cursor.pos < cursor.contentEnd) {
    const code = text.charCodeAt(cursor.pos);
    if (code === CLOSE) {
      cursor.pos++;
      closed = true;
      break;
    }
    if (code === EQUALS) break; // reported below as unclosed
    if (code === OPEN) {
      report(
        cursor,
        'nested-chord',
        cursor.pos,
        cursor.pos + 1,
        'A "(" inside a chord.',
        'a chord is one pair of parentheses around its pitches: (C4 E4 G4)=1/2',
      );
      ok = false;
      cursor.pos++;
      continue;
    }
    if (isSpace(code)) {
      const spaceStart = cursor.pos;
      skipSpaces(cursor);
      if (text.charCodeAt(cursor.pos) === CLOSE) {
        report(
          cursor,
          'unexpected-character',
          spaceStart,
          cursor.pos,
          'A space before ")" in a chord.',
          'write chords with no space inside the parentheses: (C4 E4 G4)=1/2',
        );
        ok = false;
      }
      continue;
    }
    const pitchStart = cursor.pos;
    const pitch = readPitch(cursor);
    if (pitch === NOT_A_PITCH) {
      while (cursor.pos < cursor.contentEnd) {
        const c = text.charCodeAt(cursor.pos);
        if (isSpace(c) || c === CLOSE || c === EQUALS) break;
        cursor.pos++;
      }
      ok = false;
      continue;
    }
    let tie = false;
    if (text.charCodeAt(cursor.pos) === TILDE) {
      tie = true;
      cursor.pos++;
    }
    if (pitch < 0) {
      ok = false;
    } else if (cursor.chordSeen[pitch] === chordId) {
      report(
        cursor,
        'duplicate-chord-pitch',
        pitchStart,
        cursor.pos,
        `The pitch ${pitchText(cursor, pitchStart, cursor.pos).replace('~', '')} appears twice in one chord.`,
        'write each pitch of a chord once',
      );
      ok = false;
    } else {
      cursor.chordSeen[pitch] = chordId;
      notes.push({ pitch: pitchAt(pitch), tie });
    }
    const after = text.charCodeAt(cursor.pos);
    if (cursor.pos < cursor.contentEnd && !isSpace(after) && after !== CLOSE && after !== EQUALS) {
      report(
        cursor,
        'unexpected-character',
        cursor.pos,
        characterEnd(text, cursor.pos),
        `Unexpected ${describeCharacter(text, cursor.pos)} after a pitch in a chord.`,
        'separate the pitches of a chord with spaces: (C4 E4 G4)=1/2',
      );
      ok = false;
      while (cursor.pos < cursor.contentEnd) {
        const c = text.charCodeAt(cursor.pos);
        if (isSpace(c) || c === CLOSE || c === EQUALS) break;
        cursor.pos++;
      }
    }
  }

  if (!closed) {
    report(
      cursor,
      'unclosed-chord',
      open,
      cursor.pos,
      'A chord opened with "(" is never closed.',
      'close the chord before its duration: (C4 E4 G4)=1/2',
    );
    ok = false;
    if (cursor.pos >= cursor.contentEnd) return undefined;
  } else if (notes.length === 0 && ok) {
    report(
      cursor,
      'empty-chord',
      open,
      cursor.pos,
      'A chord "()" with no pitches.',
      'put the pitches inside the parentheses, (C4 E4 G4)=1/2, or write a rest: r=1/2',
    );
    ok = false;
  }
  const value = readEquals(cursor, open);
  if (!ok || value === undefined || value.duration === undefined) return undefined;
  // A chord's pitches are a set: the document holds them as the canonical text does (low to high, ties said once).
  return canonicalChord({
    kind: 'chord',
    notes,
    duration: value.duration,
    grace: value.grace,
    tie: value.tie,
  });
}
