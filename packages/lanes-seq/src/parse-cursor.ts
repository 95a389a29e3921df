/**
 * The state the lanes-seq readers share while walking the text, and how they
 * report problems: each problem gets its code, message, hint and span.
 */

import { isSpace } from './char-codes.ts';
import type { Point, Span } from './document.ts';
import type { IssueCode, LanesIssue } from './issue.ts';
import type { Rational } from './rational.ts';
import { codePointsBetween, quoteSource } from './source-text.ts';
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
  readonly issues: LanesIssue[];
  /** Per pitch-table index, the id of the last chord that held it: finds duplicates in linear time. */
  readonly chordSeen: Int32Array;
  chordId: number;
  /** The last column computed on this line, so columns of many problems on one long line cost linear time. */
  columnMemo: { offset: number; column: number };
  /** The value of the event being read; see EventValue. */
  readonly value: EventValue;
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
}

/** The subject of the event being read, as written: `C4`, `(C4 E4)`, `r`. Only for messages. */
export function subjectOf(cursor: Cursor): string {
  return cursor.text.slice(cursor.value.subjectStart, cursor.value.subjectEnd);
}

export function report(
  cursor: Cursor,
  code: IssueCode,
  start: number,
  end: number,
  message: string,
  hint?: string,
): void {
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
  };
  cursor.issues.push(issue);
}

/** The point of an offset on the current line, counting on from the last one computed when it lies after it. */
export function pointOnCurrentLine(cursor: Cursor, offset: number): Point {
  const memo = cursor.columnMemo;
  const from = memo.offset <= offset ? memo : { offset: cursor.lineStart, column: 1 };
  const column = from.column + codePointsBetween(cursor.text, from.offset, offset);
  cursor.columnMemo = { offset, column };
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

export function quote(cursor: Cursor, start: number, end: number): string {
  return quoteSource(cursor.text.slice(start, end));
}
