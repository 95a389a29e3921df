/**
 * Reading the items of a lyric line, `P1 s1 v1 m1 w1: Freu-de schö- ner *
 * Ah_`, into its slots: syllables (split at `-` inside a word, as ABC does),
 * `*` for a slot without one, `_` for a slot held by the syllable before.
 */
import { BAR, CR, isSpace } from './char-codes.ts';
import type { LyricLocation } from './document.ts';
import { LIMITS } from './issue.ts';
import type { LyricLine, Syllable } from './marks.ts';
import { type Cursor, quote, report, reportStrayCharacter } from './parse-cursor.ts';
import { isUnicodeSpace } from './source-text.ts';

const BACKSLASH = 92;
const MINUS = 45;
const UNDERSCORE = 95;
const STAR = 42;
/** The characters a backslash makes plain in a lyric line. */
const ESCAPABLE = '-_*~|\\ \t';

/** A syllable while its line is read: its extender may still be set by a lone `_` after it. */
interface SyllableDraft {
  text: string;
  hyphen: boolean;
  extend: boolean;
}

/** What {@link readLyricLine} read: the line, and where it and each slot stand. */
export interface LyricRead {
  readonly line: LyricLine;
  readonly location: LyricLocation;
}

/**
 * Reads the items after a lyric line's header (in `cursor.header`) up to the
 * end of the line: one lyric line per measure, a lone `|` ending each
 * (section 17). Returns them with their locations, or undefined after
 * reporting the line's problems.
 */
export function readLyricLine(cursor: Cursor, lineStart: number): LyricRead[] | undefined {
  const { text } = cursor;
  const problemsBefore = cursor.tally.count;
  const measures: MeasureDraft[] = [];
  let current: MeasureDraft = { start: lineStart, slots: [], slotStarts: [], slotEnds: [] };
  let last: SyllableDraft | undefined;
  let bar = -1;
  while (cursor.pos < cursor.contentEnd) {
    const code = text.charCodeAt(cursor.pos);
    if (isSpace(code)) {
      cursor.pos++;
      continue;
    }
    if (isUnicodeSpace(code) || code === CR) {
      reportStrayCharacter(cursor, cursor.pos);
      continue;
    }
    const start = cursor.pos;
    const after = text.charCodeAt(start + 1);
    const alone = start + 1 >= cursor.contentEnd || isSpace(after);
    if (alone && code === BAR) {
      cursor.pos++;
      if (current.slots.length === 0) reportEmptyLyricMeasure(cursor, start, measures.length === 0);
      measures.push(current);
      current = { start: -1, slots: [], slotStarts: [], slotEnds: [] };
      bar = start;
      continue;
    }
    if (current.start === -1) current.start = start;
    if (alone && (code === STAR || code === UNDERSCORE)) {
      cursor.pos++;
      if (code === UNDERSCORE && last !== undefined) last.extend = true;
      current.slots.push(null);
      current.slotStarts.push(start);
      current.slotEnds.push(cursor.pos);
      continue;
    }
    const pieces = readWord(cursor, current.slotStarts, current.slotEnds);
    for (const piece of pieces) {
      current.slots.push(piece);
      if (piece !== null) last = piece;
    }
  }
  // A bar line at the end of the line means nothing; any other measure needs an item.
  if (current.start !== -1 || measures.length === 0) measures.push(current);
  if (bar < 0 && current.slots.length === 0 && cursor.tally.count === problemsBefore) {
    report(
      cursor,
      'empty-lyric-line',
      cursor.lineStart,
      cursor.contentEnd,
      `The lyric line on line ${cursor.line} has no items.`,
      'write one item per note (a syllable, * for none, _ to hold the one before); to clear the verse, write *',
    );
  }
  const first = cursor.header.measure;
  if (first + measures.length - 1 > LIMITS.maxIndex && bar >= 0) {
    report(
      cursor,
      'number-too-large',
      bar,
      bar + 1,
      `The bar lines of line ${cursor.line} go past measure m${LIMITS.maxIndex}, the last.`,
      `measures go up to m${LIMITS.maxIndex}: end the line at that measure`,
    );
  }
  if (cursor.tally.count > problemsBefore) return undefined;
  return measures.map((measure, index) => lyricRead(cursor, measure, first + index));
}

/** The items of one measure of a lyric line while it is read. */
interface MeasureDraft {
  /** Where its location starts: the header, or its first item after a bar line (-1 before one). */
  start: number;
  readonly slots: (SyllableDraft | null)[];
  readonly slotStarts: number[];
  readonly slotEnds: number[];
}

/** A measure of a lyric line with no items, before the bar line at `at`; one right after the header is fixed by deleting the bar. */
function reportEmptyLyricMeasure(cursor: Cursor, at: number, opensLine: boolean): void {
  let end = at + 1;
  while (end < cursor.contentEnd && isSpace(cursor.text.charCodeAt(end))) end++;
  report(
    cursor,
    'empty-lyric-line',
    at,
    at + 1,
    `A measure of the lyric line on line ${cursor.line} has no items before this bar line.`,
    'write one item per note of each measure (a syllable, * for none, _ to hold the one before)',
    opensLine ? { start: at, end, text: '' } : undefined,
  );
}

/** One measure of a lyric line as read, with where it and each slot stand. */
function lyricRead(cursor: Cursor, measure: MeasureDraft, number: number): LyricRead {
  const { header } = cursor;
  const { slots, slotStarts, slotEnds } = measure;
  const line: LyricLine = {
    part: header.part,
    staff: header.staff,
    voice: header.voice,
    measure: number,
    verse: header.verse,
    slots: slots.map((slot): Syllable | null =>
      slot === null ? null : { text: slot.text, hyphen: slot.hyphen, extend: slot.extend },
    ),
  };
  return {
    line,
    location: {
      line: cursor.line,
      lineStart: cursor.lineStart,
      start: measure.start,
      end: slotEnds[slotEnds.length - 1] ?? cursor.pos,
      slotStarts,
      slotEnds,
    },
  };
}

/**
 * Reads one word item: its syllables, split at each `-` between them, a
 * trailing `-` (the word goes on) and trailing `_` (the first holds the last
 * syllable, each more holds one more slot, as in ABC). Pushes where each
 * slot stands; returns the slots (null for a held one).
 */
function readWord(
  cursor: Cursor,
  slotStarts: number[],
  slotEnds: number[],
): (SyllableDraft | null)[] {
  const { text } = cursor;
  const pieces: (SyllableDraft | null)[] = [];
  let pieceStart = cursor.pos;
  let current = '';
  let plainFrom = cursor.pos;
  const endPiece = (end: number, hyphen: boolean): SyllableDraft | undefined => {
    current += text.slice(plainFrom, end);
    if (current === '') {
      report(
        cursor,
        'invalid-lyric',
        pieceStart,
        Math.max(end + 1, pieceStart + 1),
        `The lyric item ${quote(cursor, pieceStart, Math.max(end + 1, pieceStart + 1))} has a syllable with no text.`,
        'split a word with one "-" between its syllables (Freu-de), or write them apart (Freu- de); a "-" itself is \\-',
      );
      return undefined;
    }
    const piece: SyllableDraft = { text: current, hyphen, extend: false };
    pieces.push(piece);
    slotStarts.push(pieceStart);
    slotEnds.push(end + (hyphen ? 1 : 0));
    current = '';
    return piece;
  };
  while (cursor.pos < cursor.contentEnd) {
    const at = cursor.pos;
    const code = text.charCodeAt(at);
    if (isSpace(code) || isUnicodeSpace(code) || code === CR) break;
    if (code === BACKSLASH) {
      const next = text[at + 1];
      current += text.slice(plainFrom, at);
      if (next === undefined || at + 1 >= cursor.contentEnd || !ESCAPABLE.includes(next)) {
        report(
          cursor,
          'invalid-escape',
          at,
          at + 1,
          'A backslash in a lyric line that escapes nothing.',
          'in a lyric line \\- \\_ \\* \\~ \\\\ and a backslash before a space are the characters themselves: write a backslash as \\\\',
          { start: at, end: at + 1, text: '\\\\' },
        );
        cursor.pos = at + 1;
      } else {
        current += next;
        cursor.pos = at + 2;
      }
      plainFrom = cursor.pos;
      continue;
    }
    if (code === MINUS) {
      const piece = endPiece(at, true);
      cursor.pos = at + 1;
      plainFrom = cursor.pos;
      pieceStart = cursor.pos;
      if (piece === undefined) return pieces;
      continue;
    }
    if (code === UNDERSCORE) {
      let end = at;
      while (text.charCodeAt(end) === UNDERSCORE) end++;
      const ends = end >= cursor.contentEnd || isSpace(text.charCodeAt(end));
      if (!ends) {
        report(
          cursor,
          'invalid-lyric',
          at,
          end,
          'A "_" inside a lyric item; an extender stands at the end of its syllable.',
          'hold a syllable with "_" at its end (Ah_); an underscore itself is \\_',
          end === at + 1 ? { start: at, end: at, text: '\\' } : undefined,
        );
        cursor.pos = end;
        plainFrom = at;
        continue;
      }
      const previous = current === '' && plainFrom === at ? pieces[pieces.length - 1] : undefined;
      const piece = previous ?? endPiece(at, false);
      if (piece === undefined || piece === null) return pieces;
      piece.extend = true;
      slotEnds[slotEnds.length - 1] = at + 1;
      for (let held = at + 1; held < end; held++) {
        pieces.push(null);
        slotStarts.push(held);
        slotEnds.push(held + 1);
      }
      cursor.pos = end;
      return pieces;
    }
    cursor.pos++;
  }
  if (cursor.pos > pieceStart || current !== '') endPiece(cursor.pos, false);
  return pieces;
}
