/**
 * The state the lanes-seq readers share while walking the text, and how they
 * report problems: each problem gets its code, message, hint and span.
 */
import { BYTE_ORDER_MARK, CR, isSpace, NO_BREAK_SPACE } from './char-codes.ts';
import type { ChordNote, LaneEvent, MarkLocation, OnsetLocation, Point, Span } from './document.ts';
import { type IssueCode, type LanesIssue, LIMITS, type TextEdit } from './issue.ts';
import type { LaneMark, OnsetMarks } from './marks.ts';
import type { ExpectedLane } from './missing-header.ts';
import type { PitchDraft } from './pitch-draft.ts';
import type { Rational } from './rational.ts';
import { codePointsBetween, isUnicodeSpace, quoteSource } from './source-text.ts';
/** What the readers share while walking the text. */
export interface Cursor {
  readonly text: string;
  pos: number;
  /** 1-based number of the current line. */
  line: number;
  /** Offset of the current line's first character. */
  lineStart: number;
  /** Offset where the current line's content ends (before `\r\n` or `\n`). */
  contentEnd: number;
  /** The problems kept, at most `LIMITS.maxIssues`; see {@link ProblemTally} for the rest. */
  readonly issues: LanesIssue[];
  /** Every problem found, kept or not. */
  readonly tally: ProblemTally;
  /** Per pitch-table index, the id of the last chord that held it: finds duplicates in linear time. */
  readonly chordSeen: Int32Array;
  chordId: number;
  /** The last offset whose column was computed on this line, so columns of many problems on one long line cost linear time. */
  memoOffset: number;
  /** The column of `memoOffset`. */
  memoColumn: number;
  /** The value of the event being read; see EventValue. */
  readonly value: EventValue;
  /** The pitch being read; see PitchDraft. */
  readonly pitch: PitchDraft;
  /** The header of the lane being read, refilled for every lane. */
  readonly header: {
    part: number;
    staff: number;
    voice: number;
    measure: number;
    /** The verse of a lyric line (`w1`), 0 for a lane. */
    verse: number;
  };
  /**
   * The events of the lane being read and where each starts and ends,
   * refilled for every lane: a lane's arrays are copied out at their exact
   * length once it is read whole.
   */
  readonly events: LaneEvent[];
  readonly eventStarts: number[];
  readonly eventEnds: number[];
  /** The notes of the chord being read, refilled for every chord. */
  readonly chordNotes: ChordNote[];
  /** The marks of the event or `@` item being read, with where each starts and ends, refilled for each. */
  readonly marks: LaneMark[];
  readonly markStarts: number[];
  readonly markEnds: number[];
  /** Where the marks of each event of the lane being read stand (undefined: none), refilled for every lane. */
  readonly eventMarks: (readonly MarkLocation[] | undefined)[];
  /** How many events of the lane being read have marks. */
  markedEvents: number;
  /** The `@` items of the lane being read and where each stands, refilled for every lane. */
  readonly onsets: OnsetMarks[];
  readonly onsetLocations: OnsetLocation[];
  /** How many `@` items of the lane being read are in `onsets`. */
  onsetCount: number;
  /** Reading a marks document (`parseMarks`): events are `*`, each standing for the event already there. */
  readonly marksOnly: boolean;
  /**
   * The duration of the last event of this line that is not a grace note,
   * which an event written without one takes (section 5.2); undefined before
   * the first, null when that event's duration was reported as wrong (so the
   * events after it are not reported again).
   */
  lastDuration: Rational | undefined | null;
  /** The lane a line without a header most likely belongs to, as the caller said (`ParseOptions`). */
  readonly expectedLane: ExpectedLane | undefined;
}

/**
 * How many problems were found, kept or not: past `LIMITS.maxIssues` a
 * problem is counted here instead of being kept, so text with a million
 * mistakes costs a bounded result.
 */
export interface ProblemTally {
  /** Every problem found. */
  count: number;
  /** Problems found past the cap, by code. */
  readonly omitted: Map<IssueCode, number>;
  /** Where the first problem past the cap stands. */
  firstOmitted: Point | undefined;
}

/** A fresh tally, with nothing counted yet. */
export function emptyTally(): ProblemTally {
  return { count: 0, omitted: new Map(), firstOmitted: undefined };
}

/**
 * What `readEquals` read. One object per parse, refilled for every event so
 * the hot path allocates nothing: read its fields before the next event.
 */
export interface EventValue {
  /** Undefined when the duration itself was reported as wrong. */
  duration: Rational | undefined;
  grace: boolean;
  tie: boolean;
  durationStart: number;
  durationEnd: number;
  /** Where the event's subject (pitch, chord, `r` or `x`) starts and ends, for hints. */
  subjectStart: number;
  subjectEnd: number;
  /** How many problems were found before the event started (`tally.count`). */
  problemsBefore: number;
  /** Whether the subject was read without a problem, so a hint may repeat it. */
  subjectOk: boolean;
  /** A single pitch written wrong but with a sure fix (`c4`, `F♯4`): the pitch as it should be written. */
  fixedSubject: string | undefined;
  /** Where the event's marks start (just past its duration and tie), and how many were read into `cursor.marks`. */
  marksStart: number;
  markCount: number;
  /** Where the marks of the event just built stand, in canonical order; undefined when it has none. */
  markLocations: readonly MarkLocation[] | undefined;
}

/** The subject of the event being read, as written: `C4`, `(C4 E4)`, `r`. Only for messages. */
export function subjectOf(cursor: Cursor): string {
  return cursor.text.slice(cursor.value.subjectStart, cursor.value.subjectEnd);
}

/**
 * The subject as a hint may show it: as written when it was read without a
 * problem, corrected when it is one pitch with a sure fix, else `C4`, so that
 * a hint never repeats a mistake it does not fix.
 */
export function hintSubjectOf(cursor: Cursor): string {
  const { value } = cursor;
  return value.subjectOk ? subjectOf(cursor) : (value.fixedSubject ?? 'C4');
}

/**
 * Records a problem at `start`-`end` on the current line. Past
 * `LIMITS.maxIssues` the problem is only counted. `edit`, when given, is a
 * replacement that fixes this problem and keeps what the writer meant; the
 * hint shows the same corrected text.
 */
export function report(
  cursor: Cursor,
  code: IssueCode,
  start: number,
  end: number,
  message: string,
  hint?: string,
  edit?: TextEdit,
): void {
  const tally = cursor.tally;
  tally.count++;
  if (cursor.issues.length >= LIMITS.maxIssues) {
    tally.omitted.set(code, (tally.omitted.get(code) ?? 0) + 1);
    tally.firstOmitted ??= pointOnCurrentLine(cursor, start);
    return;
  }
  const span: Span = {
    start: pointOnCurrentLine(cursor, start),
    end: pointOnCurrentLine(cursor, Math.max(end, start)),
  };
  const issue: LanesIssue = {
    code,
    message,
    line: span.start.line,
    column: span.start.column,
    span,
    ...(hint === undefined ? {} : { hint }),
    ...(edit === undefined ? {} : { edit }),
  };
  cursor.issues.push(issue);
}

/**
 * Whether the cap on problems is reached: a problem reported now is only
 * counted, so a reader need not work out its message, hint or fix.
 */
export function pastCap(cursor: Cursor): boolean {
  return cursor.issues.length >= LIMITS.maxIssues;
}

/** The point of an offset on the current line, counting on from the last one computed when it lies after it. */
export function pointOnCurrentLine(cursor: Cursor, offset: number): Point {
  // Count from the last point computed, forward or back: problems come in
  // text order, give or take the width of one event, so this stays linear.
  const column =
    cursor.memoOffset <= offset
      ? cursor.memoColumn + codePointsBetween(cursor.text, cursor.memoOffset, offset)
      : cursor.memoColumn - codePointsBetween(cursor.text, offset, cursor.memoOffset);
  cursor.memoOffset = offset;
  cursor.memoColumn = column;
  return { line: cursor.line, column, offset };
}

export function skipSpaces(cursor: Cursor): void {
  while (cursor.pos < cursor.contentEnd && isSpace(cursor.text.charCodeAt(cursor.pos)))
    cursor.pos++;
}

/** Moves past the rest of a token: to the next space or the end of the line. */
export function skipToken(cursor: Cursor): void {
  while (cursor.pos < cursor.contentEnd && !isSpace(cursor.text.charCodeAt(cursor.pos)))
    cursor.pos++;
}

/**
 * Source text quoted for a message. Past the cap on problems a message is
 * never shown (the problem is only counted), so nothing is quoted: text made
 * of a million mistakes costs no million quotes.
 */
export function quote(cursor: Cursor, start: number, end: number): string {
  if (cursor.issues.length >= LIMITS.maxIssues) return '""';
  return quoteSource(cursor.text.slice(start, end));
}

/**
 * Reports a character that looks like white space or a line break but is not
 * one lanes-seq knows (a lone carriage return, a no-break space, a byte-order
 * mark) and moves past it. Returns false for any other character.
 */
export function reportStrayCharacter(cursor: Cursor, at: number): boolean {
  const code = cursor.text.charCodeAt(at);
  if (code === CR) {
    report(
      cursor,
      'unexpected-character',
      at,
      at + 1,
      'A carriage return (\\r) with no line feed after it.',
      'end lines with \\n or \\r\\n; the rest of this line was not read',
      { start: at, end: at + 1, text: '\n' },
    );
    cursor.pos = cursor.contentEnd;
    return true;
  }
  if (isUnicodeSpace(code) || code === BYTE_ORDER_MARK) {
    const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    report(
      cursor,
      'unexpected-character',
      at,
      at + 1,
      code === BYTE_ORDER_MARK
        ? `A byte-order mark (${name}) stands inside the text.`
        : `A ${code === NO_BREAK_SPACE ? 'no-break' : 'special'} space (${name}) stands where a plain space or tab should.`,
      code === BYTE_ORDER_MARK
        ? 'remove it: only a byte-order mark at the very start of the text is ignored'
        : 'write a plain space or tab instead',
      { start: at, end: at + 1, text: code === BYTE_ORDER_MARK ? '' : ' ' },
    );
    cursor.pos = at + 1;
    return true;
  }
  return false;
}
