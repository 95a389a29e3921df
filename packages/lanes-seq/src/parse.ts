/**
 * The lanes-seq parser: text in, a document or every problem out.
 *
 * It reads the text once, left to right, with small named readers over
 * character codes (a line, a header, an event, a pitch, a duration). Each
 * reader reports what is wrong where it is and recovers at the next space or
 * line, so one pass finds every problem. It never throws, uses no regular
 * expression on unbounded input, and its time is linear in the text's length.
 */

import { canonicalLaneOrder } from './canonical-lane-order.ts';
import {
  BACKTICK,
  COLON,
  CR,
  HASH,
  isSpace,
  LF,
  LOWER_W,
  PERCENT,
  SLASH,
  TILDE,
} from './char-codes.ts';
import {
  compareLanes,
  compareLyricLines,
  type Lane,
  type LaneEvent,
  type LaneLocation,
  type LanesDocument,
  type LyricLocation,
  laneKey,
  type MarkLocation,
} from './document.ts';
import { escapedLineBreaks, readAcrossEscapedBreaks } from './escaped-line-break.ts';
import { copyEvents, copyOffsets } from './exact-copies.ts';
import type { LanesIssue } from './issue.ts';
import { LaneRegister } from './lane-register.ts';
import type { LyricLine } from './marks.ts';
import { expectedLaneOf, type ParseOptions } from './missing-header.ts';
import {
  type Cursor,
  emptyTally,
  type ProblemTally,
  report,
  reportStrayCharacter,
  skipSpaces,
} from './parse-cursor.ts';
import { emptyPitchDraft } from './pitch-draft.ts';
import { PITCH_COUNT } from './pitch-table.ts';
import { boundedIssues } from './problem-cap.ts';
import { readBar } from './read-bar.ts';
import { readEvents } from './read-event.ts';
import { readHeader } from './read-header.ts';
import { readLyricLine } from './read-lyric-line.ts';
import { type CheckedOnsets, checkOnsets } from './read-onset.ts';
import { contentStart } from './source-text.ts';

/** The lanes of a text that were read without a problem, with where each came from. */
export interface ReadableLanes {
  /** The lanes read whole, in canonical order; a lane with any problem in it is left out. */
  readonly document: LanesDocument;
  /** Where each lane came from, parallel to `document.lanes`. */
  readonly locations: readonly LaneLocation[];
  /** Where each lyric line came from, parallel to `document.lyrics`; left out when there are none. */
  readonly lyricLocations?: readonly LyricLocation[];
}

/** The result of {@link parse}: a document, or every problem found. */
export type ParseResult =
  | {
      readonly ok: true;
      readonly document: LanesDocument;
      readonly issues: readonly [];
      /** Where each lane came from, parallel to `document.lanes`. */
      readonly locations: readonly LaneLocation[];
      /** Where each lyric line came from, parallel to `document.lyrics`; left out when there are none. */
      readonly lyricLocations?: readonly LyricLocation[];
    }
  | {
      readonly ok: false;
      readonly issues: readonly LanesIssue[];
      /**
       * The lanes that could be read, so a checker can report what is wrong
       * with them (a lane that does not fill its measure) in the same round
       * as the syntax problems.
       */
      readonly partial: ReadableLanes;
    };

/**
 * Parses lanes-seq text. Returns the document when the text is valid, or
 * every problem found, each with a stable code, a message, the 1-based line
 * and column, the span it covers and, where one helps, a hint with the fix
 * (and the `edit` that makes it). Past `LIMITS.maxIssues` problems, one last
 * `too-many-problems` issue counts the rest. On failure, `partial` holds the
 * lanes that were read without a problem.
 *
 * A leading byte-order mark (U+FEFF) is ignored and counts toward no column.
 * Columns count Unicode code points. Lines end in `\n` or `\r\n`.
 * `options.expectedLane` (a rewrite's first measure and part) only words the
 * hint for a line with no header, and gives it its edit.
 *
 * @example
 * ```ts
 * const result = parse('P1 s1 v1 m1: E4=1/4 E4=1/4 F4=1/4 G4=1/4\n');
 * if (result.ok) result.document.lanes[0].events.length; // 4
 *
 * const bad = parse('P1 s1 v1 m1: c4=1/4');
 * if (!bad.ok) bad.issues[0]; // { code: 'lowercase-step', line: 1, column: 14, hint: 'pitch steps are upper case: C4', ... }
 *
 * const headerless = parse('E5=1/4 F5', { expectedLane: { part: 1, staff: 1, voice: 1, measure: 3 } });
 * if (!headerless.ok) headerless.issues[0]?.edit; // { start: 0, end: 0, text: 'P1 s1 v1 m3: ' }
 * ```
 */
export function parse(text: string, options?: ParseOptions): ParseResult {
  if (typeof text !== 'string') {
    throw new TypeError(`parse() takes a string, got ${text === null ? 'null' : typeof text}.`);
  }
  const read = readText(text, false, options);
  const { document, locations, lyricLocations, tally } = read;
  const where = lyricLocations === undefined ? { locations } : { locations, lyricLocations };
  if (tally.count > 0) {
    return {
      ok: false,
      issues: boundedIssues(read.issues, tally),
      partial: { document, ...where },
    };
  }
  return { ok: true, document, issues: [], ...where };
}

/** What {@link readText} read: the lanes without a problem, and the problems kept and counted. */
export interface TextRead extends ReadableLanes {
  /** The problems kept (at most `LIMITS.maxIssues`), in text order. */
  readonly issues: readonly LanesIssue[];
  /** Every problem found, with those past the cap counted by code. */
  readonly tally: ProblemTally;
}

/**
 * The cursor a parse starts with: at the text's first character (past a
 * byte-order mark), on line 1, with nothing read yet.
 *
 * @example
 * ```ts
 * const cursor = startCursor('P1 s1 v1 m1: C4=1', false, undefined);
 * cursor.pos; // 0
 * ```
 */
export function startCursor(
  text: string,
  marksOnly: boolean,
  options: ParseOptions | undefined,
): Cursor {
  const start = contentStart(text);
  return {
    text,
    pos: start,
    line: 1,
    lineStart: start,
    contentEnd: 0,
    issues: [],
    tally: emptyTally(),
    chordSeen: new Int32Array(PITCH_COUNT),
    chordId: 0,
    memoOffset: start,
    memoColumn: 1,
    value: {
      duration: undefined,
      grace: false,
      tie: false,
      durationStart: 0,
      durationEnd: 0,
      subjectStart: 0,
      subjectEnd: 0,
      problemsBefore: 0,
      subjectOk: true,
      fixedSubject: undefined,
      marksStart: 0,
      markCount: 0,
      markLocations: undefined,
    },
    pitch: emptyPitchDraft(),
    header: { part: 0, staff: 0, voice: 0, measure: 0, verse: 0 },
    events: [],
    eventStarts: [],
    eventEnds: [],
    chordNotes: [],
    marks: [],
    markStarts: [],
    markEnds: [],
    eventMarks: [],
    markedEvents: 0,
    onsets: [],
    onsetLocations: [],
    onsetCount: 0,
    marksOnly,
    lastDuration: undefined,
    expectedLane: expectedLaneOf(options),
  };
}

/** Reads the text line by line: the parser itself, for `parse` and `parseScoreFile`. */
export function readText(text: string, marksOnly = false, options?: ParseOptions): TextRead {
  const cursor = startCursor(text, marksOnly, options);
  const laneList: Lane[] = [];
  const locationList: LaneLocation[] = [];
  const read: LinesRead = {
    lanes: laneList,
    locations: locationList,
    register: new LaneRegister(laneList, locationList),
    lyrics: [],
    lyricLocations: [],
    firstLineOfLyric: new Map(),
    lastLane: { known: false, part: 0, staff: 0, voice: 0, measure: 0 },
  };

  const escapedBreaks = escapedLineBreaks(text);
  while (cursor.pos <= text.length) {
    const newline = text.indexOf('\n', cursor.pos);
    const lineEnd = newline === -1 ? text.length : newline;
    // A \r belongs to the line break only when \n follows it; a lone \r is a problem.
    cursor.contentEnd =
      newline !== -1 && lineEnd > cursor.pos && text.charCodeAt(lineEnd - 1) === CR
        ? lineEnd - 1
        : lineEnd;
    if (escapedBreaks.starts.length === 0) readLine(cursor, read);
    else readAcrossEscapedBreaks(cursor, read, escapedBreaks, readLine);
    if (newline === -1) break;
    cursor.pos = newline + 1;
    cursor.line++;
    cursor.lineStart = cursor.pos;
    cursor.memoOffset = cursor.pos;
    cursor.memoColumn = 1;
  }
  const { locations } = read;
  const lanes = inCanonicalOrder(read.lanes, locations);
  const document: LanesDocument =
    read.lyrics.length === 0
      ? { lanes }
      : { lanes, lyrics: lyricsInOrder(read.lyrics, read.lyricLocations) };
  return {
    document,
    locations,
    ...(read.lyrics.length === 0 ? {} : { lyricLocations: read.lyricLocations }),
    issues: inTextOrder(cursor.issues),
    tally: cursor.tally,
  };
}

/** What the lines read so far hold. */
interface LinesRead {
  readonly lanes: Lane[];
  readonly locations: LaneLocation[];
  /** The lanes kept so far, asked whether a lane was written before: finds duplicate lanes. */
  readonly register: LaneRegister;
  readonly lyrics: LyricLine[];
  readonly lyricLocations: LyricLocation[];
  /** The line of the first lyric line of each lane and verse: finds duplicates. */
  readonly firstLineOfLyric: Map<string, number>;
  /**
   * The header of the last lane read (`known` false before any), for the fix
   * of an ABC `w:` line under it: kept as numbers and worded only for that
   * fix, so a line costs no string.
   */
  readonly lastLane: LastLane;
}

/** The header of the last lane read, or `known` false before any. */
interface LastLane {
  known: boolean;
  part: number;
  staff: number;
  voice: number;
  measure: number;
}

function readLine(cursor: Cursor, read: LinesRead): void {
  skipSpaces(cursor);
  if (cursor.pos >= cursor.contentEnd) return; // a blank line
  // A byte-order mark or a lone carriage return where a line starts: say so, then read on.
  if (reportStrayCharacter(cursor, cursor.pos)) skipSpaces(cursor);
  if (cursor.pos >= cursor.contentEnd) return;
  const first = cursor.text.charCodeAt(cursor.pos);
  if (first === PERCENT) return; // a comment fills the line
  if (readForeignLine(cursor, first)) return;
  if (readAbcLyricLine(cursor, first, read.lastLane)) return;
  const laneStart = cursor.pos;
  const problemsBefore = cursor.tally.count;
  cursor.header.verse = 0;
  const headerOk = readHeader(cursor);
  if (headerOk && cursor.header.verse > 0) {
    readLyrics(cursor, read, laneStart);
    return;
  }
  // A lyric line whose header is wrong: its items are no events, so they are not read as such.
  if (!headerOk && /\sw\S*\s*:$/.test(cursor.text.slice(laneStart, cursor.pos))) return;
  if (headerOk) {
    const { lastLane } = read;
    lastLane.known = true;
    lastLane.part = cursor.header.part;
    lastLane.staff = cursor.header.staff;
    lastLane.voice = cursor.header.voice;
    lastLane.measure = cursor.header.measure;
  }
  let measureStart = laneStart;
  let afterBar = false;
  // The first measure's problems count from the header's, so a lane under a faulty header is not kept.
  let measureProblems = problemsBefore;
  for (;;) {
    const count = readMeasure(cursor, read, headerOk, measureStart, afterBar, measureProblems);
    if (cursor.pos >= cursor.contentEnd) return;
    // readEvents stopped at a bar line: the events after it are the lane of the next measure.
    if (!readBar(cursor, cursor.header.measure, count > 0)) return;
    cursor.header.measure++;
    measureStart = cursor.pos;
    afterBar = true;
    measureProblems = cursor.tally.count;
  }
}

/**
 * Reads the events of one measure of a lane (after its header, or after a
 * bar line when `afterBar`) and records the lane when it has no problem.
 * `laneStart` is where the lane's location starts: its header, or its first
 * item after a bar line; a problem counted past `problemsBefore` keeps the
 * lane out. Returns how many events it read.
 */
function readMeasure(
  cursor: Cursor,
  read: LinesRead,
  headerOk: boolean,
  laneStart: number,
  afterBar: boolean,
  problemsBefore: number,
): number {
  const count = readEvents(cursor, headerOk, afterBar);
  if (headerOk && count === 0 && cursor.tally.count === problemsBefore && cursor.onsetCount > 0) {
    report(
      cursor,
      'empty-lane',
      afterBar ? laneStart : cursor.lineStart,
      afterBar ? cursor.pos : cursor.contentEnd,
      `The lane on line ${cursor.line} has @ items but no events.`,
      'a lane needs at least one event; @ items stand among the events of their lane, as in P1 s1 v1 m1: r=1 @1/2"Dm"',
    );
  }
  if (!headerOk || count === 0 || cursor.tally.count > problemsBefore) return count;
  // A marks document's lanes hold no durations: its @ items are checked against the score.
  const onsets = cursor.marksOnly ? onsetsAsRead(cursor) : checkOnsets(cursor, count);
  if (cursor.tally.count > problemsBefore) return count;
  const { part, staff, voice, measure } = cursor.header;
  let end = cursor.eventEnds[count - 1]!;
  if (onsets !== undefined) for (const item of onsets.locations) end = Math.max(end, item.end);

  const firstLine = read.register.firstLineOf(cursor.header, cursor.line);
  if (firstLine !== undefined) {
    report(
      cursor,
      'duplicate-lane',
      laneStart,
      end,
      `Lane P${part} s${staff} v${voice} m${measure} is written twice: first on line ${firstLine}, again on line ${cursor.line}.`,
      'write each lane once; to change it, edit the first one and delete this one',
    );
    return count;
  }
  // The lane's arrays, copied out of the cursor's at their exact length (see exact-copies.ts).
  const events = copyEvents(cursor.events, count);
  read.lanes.push(
    onsets === undefined
      ? { part, staff, voice, measure, events }
      : { part, staff, voice, measure, events, onsetMarks: onsets.onsetMarks },
  );
  const eventMarks = marksOfEvents(cursor, events);
  const location: LaneLocation = {
    line: cursor.line,
    lineStart: cursor.lineStart,
    start: laneStart,
    end,
    eventStarts: copyOffsets(cursor.eventStarts, count),
    eventEnds: copyOffsets(cursor.eventEnds, count),
  };
  // Most lanes have neither marks nor @ items: their location is the literal, with nothing spread.
  read.locations.push(
    eventMarks === undefined && onsets === undefined
      ? location
      : {
          ...location,
          ...(eventMarks === undefined ? {} : { eventMarks }),
          ...(onsets === undefined ? {} : { onsetMarks: onsets.locations }),
        },
  );
  return count;
}

/** The `@` items of a marks document's lane, as read: in text order, unchecked. */
function onsetsAsRead(cursor: Cursor): CheckedOnsets | undefined {
  const count = cursor.onsetCount;
  if (count === 0) return undefined;
  return {
    onsetMarks: cursor.onsets.slice(0, count),
    locations: cursor.onsetLocations.slice(0, count),
  };
}

/** Where the marks of each event stand, or undefined when no event of the lane has a mark. */
function marksOfEvents(
  cursor: Cursor,
  events: readonly LaneEvent[],
): (readonly MarkLocation[])[] | undefined {
  if (cursor.markedEvents === 0) return undefined;
  return events.map((event, i) => (event.marks === undefined ? [] : cursor.eventMarks[i]!));
}

/** Reads a lyric line after its header, and records each of its measures unless its lane and verse have one already. */
function readLyrics(cursor: Cursor, read: LinesRead, lineStart: number): void {
  for (const lyric of readLyricLine(cursor, lineStart) ?? []) {
    const key = `${laneKey(lyric.line)} w${lyric.line.verse}`;
    const firstLine = read.firstLineOfLyric.get(key);
    if (firstLine !== undefined) {
      report(
        cursor,
        'duplicate-lyric-line',
        lyric.location.start,
        lyric.location.end,
        `The lyric line ${key} is written twice: first on line ${firstLine}, again on line ${cursor.line}.`,
        'write each verse of a lane once; to change it, edit the first one and delete this one',
      );
      continue;
    }
    read.firstLineOfLyric.set(key, cursor.line);
    read.lyrics.push(lyric.line);
    read.lyricLocations.push(lyric.location);
  }
}

/**
 * `w: Freu-de`: ABC's lyric line, under the lane before it. Reports it with
 * the fix that writes the lane-seq header (verse 1 of the last lane read),
 * and returns true; false for any other line.
 */
function readAbcLyricLine(cursor: Cursor, first: number, lastLane: LastLane): boolean {
  const { text, pos } = cursor;
  if ((first !== LOWER_W && first !== 87) || text.charCodeAt(pos + 1) !== COLON) return false;
  const header = `${lastLane.known ? laneKey(lastLane) : 'P1 s1 v1 m1'} w1:`;
  report(
    cursor,
    'abc-lyric-line',
    pos,
    pos + 2,
    `Line ${cursor.line} is an ABC lyric line ("w:"); lanes-seq names the lane and the verse.`,
    `start the line with the lane and the verse: ${header} ...`,
    lastLane.known ? { start: pos, end: pos + 2, text: header } : undefined,
  );
  return true;
}

/**
 * A line from another notation wrapped around lanes-seq: a Markdown code
 * fence, or a comment started with `//` or `#`. Reports it, with the edit that
 * fixes it, and returns true; false for any other line.
 */
function readForeignLine(cursor: Cursor, first: number): boolean {
  const { text, pos } = cursor;
  const isFence =
    (first === BACKTICK || first === TILDE) &&
    text.charCodeAt(pos + 1) === first &&
    text.charCodeAt(pos + 2) === first;
  if (isFence) {
    report(
      cursor,
      'markdown-fence',
      pos,
      cursor.contentEnd,
      `Line ${cursor.line} is a Markdown code fence, which is not lanes-seq.`,
      'send the lanes-seq lines alone, without the ``` lines around them',
      { start: cursor.lineStart, end: lineBreakEnd(cursor), text: '' },
    );
    return true;
  }
  let markerEnd = pos;
  if (first === SLASH && text.charCodeAt(pos + 1) === SLASH) {
    markerEnd = pos + 2;
    while (text.charCodeAt(markerEnd) === SLASH) markerEnd++;
  } else if (first === HASH) {
    while (text.charCodeAt(markerEnd) === HASH) markerEnd++;
    const after = text.charCodeAt(markerEnd);
    if (markerEnd < cursor.contentEnd && !isSpace(after)) return false; // #F4 is read as a misplaced accidental
  } else {
    return false;
  }
  const marker = text.slice(pos, markerEnd);
  report(
    cursor,
    'wrong-comment-marker',
    pos,
    markerEnd,
    `Line ${cursor.line} starts a comment with "${marker}"; lanes-seq comments start with %.`,
    `start the comment with %: ${`%${text.slice(markerEnd, cursor.contentEnd)}`.slice(0, 40)}`,
    { start: pos, end: markerEnd, text: '%' },
  );
  return true;
}

/** Where the current line's break ends: the start of the next line, or the end of the text. */
function lineBreakEnd(cursor: Cursor): number {
  let end = cursor.contentEnd;
  if (cursor.text.charCodeAt(end) === CR) end++;
  if (cursor.text.charCodeAt(end) === LF) end++;
  return end;
}

/**
 * Puts lanes (and their locations, in step) in canonical order, so a parsed
 * document is the same whatever order its text used, and
 * `parse(serialize(document))` gives it back. Text already in order costs one
 * pass, and text in the canonical text's order (a voice's measures together) little more.
 */
function inCanonicalOrder(lanes: Lane[], locations: LaneLocation[]): Lane[] {
  let sorted = true;
  for (let i = 1; i < lanes.length && sorted; i++)
    sorted = compareLanes(lanes[i - 1]!, lanes[i]!) <= 0;
  if (sorted) return lanes;
  const order = canonicalLaneOrder(lanes);
  // Sized once, not grown by push: growing copies the list about twice over (see exact-copies.ts).
  const sortedLanes = new Array<Lane>(order.length);
  const readLocations = locations.slice();
  for (let i = 0; i < order.length; i++) {
    sortedLanes[i] = lanes[order[i]!]!;
    locations[i] = readLocations[order[i]!]!;
  }
  return sortedLanes;
}

/** Lyric lines (and their locations, in step) in canonical order: by lane, then verse. */
function lyricsInOrder(lyrics: LyricLine[], locations: LyricLocation[]): LyricLine[] {
  let sorted = true;
  for (let i = 1; i < lyrics.length && sorted; i++)
    sorted = compareLyricLines(lyrics[i - 1]!, lyrics[i]!) <= 0;
  if (sorted) return lyrics;
  const order = lyrics
    .map((_, index) => index)
    .sort((a, b) => compareLyricLines(lyrics[a]!, lyrics[b]!));
  const sortedLocations = order.map((index) => locations[index]!);
  sortedLocations.forEach((location, index) => {
    locations[index] = location;
  });
  return order.map((index) => lyrics[index]!);
}

/**
 * Problems in the order of the text. Readers report as they go, but a hint
 * sometimes needs what follows (an accidental's fix shows the octave read
 * after it), so a few come out of order; the sort is stable.
 */
function inTextOrder(issues: LanesIssue[]): LanesIssue[] {
  for (let i = 1; i < issues.length; i++) {
    if (issues[i - 1]!.span.start.offset > issues[i]!.span.start.offset) {
      return issues.sort((a, b) => a.span.start.offset - b.span.start.offset);
    }
  }
  return issues;
}
