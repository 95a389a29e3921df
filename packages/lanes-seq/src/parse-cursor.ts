/**
 * The state the lanes-seq readers share while walking the text, and how they
 * report problems: each problem gets its code, message, hint and span.
 */
import { BYTE_ORDER_MARK, CR, isSpace } from './char-codes.ts';
import type { Point, Span } from './document.ts';
import type { IssueCode, LanesIssue } from './issue.ts';
import type { Rational } from './rational.ts';
import { codePointsBetween, isUnicodeSpace, quoteSource, suggestedSubject } from './source-text.ts';
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

/** The subject as a hint shows it: steps upper case, accidentals ASCII (see suggestedSubject). */
export function hintSubjectOf(cursor: Cursor): string {
  return suggestedSubject(subjectOf(cursor));
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
  // Count from the last point computed, forward or back: problems come in
  // text order, give or take the width of one event, so this stays linear.
  const column =
    memo.offset <= offset
      ? memo.column + codePointsBetween(cursor.text, memo.offset, offset)
      : memo.column - codePointsBetween(cursor.text, offset, memo.offset);
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

/**
 * Reports a character that looks like white space or a line break but is not
 * one lanes-seq knows (a lone carriage return, a no-break space, a byte-order
 * mark) and moves past it. Returns false for any other character.
 */
export function reportStrayCharacter(cursor: Cursor, at: number): boolean {
  const code = cursor.text.charCodeAt(at);
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === CR) {
    report(
      cursor,
      'unexpected-character',
      at,
      at + 1,
      'A carriage return (\\r) with no line feed after it.',
      'end lines with \\n or \\r\\n; the rest of this line was not read',
    );
    cursor.pos = cursor.contentEnd;
    return true;
  }
  if (isUnicodeSpace(code) || code === BYTE_ORDER_MARK) {
    report(
      cursor,
      'unexpected-character',
      at,
      at + 1,
      code === BYTE_ORDER_MARK
        ? `A byte-order mark (${name}) stands inside the text.`
        : `A special space (${name}) stands where a plain space or tab should.`,
      code === BYTE_ORDER_MARK
        ? 'remove it: only a byte-order mark at the very start of the text is ignored'
        : 'separate events with plain spaces or tabs',
    );
    cursor.pos = at + 1;
    return true;
  }
  return false;
}
