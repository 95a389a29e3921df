/**
 * Line breaks escaped once too often: the two characters `\n` (a backslash
 * and n) where a line should end, as text sent as JSON inside JSON arrives.
 * Each is reported as such, with the edit that writes a real line break, and
 * the text on either side is read as lines of their own, so every other
 * problem is found in the same round.
 */
import { isSpace } from './char-codes.ts';
import { type Cursor, report } from './parse-cursor.ts';

const BACKSLASH = 92;
const LOWER_N = 110;
const LOWER_R = 114;
const UPPER_P = 80;
const LOWER_P = 112;
const PERCENT = 37;

/** Where the escaped line breaks of a text stand, in order, and which is next to read. */
export interface EscapedBreaks {
  /** The offset of each one's backslash. */
  readonly starts: readonly number[];
  /** The offset just past each (`\n` or `\r\n`). */
  readonly ends: readonly number[];
  /** The index of the next one not yet read past. */
  next: number;
}

/**
 * The literal `\n` (or `\r\n`) of `text` meant as line breaks. A `\n` is
 * also the niente dynamic, so one counts as a line break only when a lane
 * header (`P` and a digit) or a `%` comment follows it, or, once the text
 * has such a break, another escaped break or the end of its line. Linear in
 * the text's length; empty for a text without them.
 *
 * @example
 * ```ts
 * escapedLineBreaks(String.raw`P1 s1 v1 m1: C4=1\nP1 s1 v1 m2: D4=1`).starts; // [17]
 * escapedLineBreaks('P1 s1 v1 m1: C4=1\\n').starts; // [] (niente on the last note)
 * ```
 */
export function escapedLineBreaks(text: string): EscapedBreaks {
  const starts: number[] = [];
  const ends: number[] = [];
  let headed = false;
  for (let at = text.indexOf('\\n'); at !== -1; at = text.indexOf('\\n', at + 2)) {
    // `\\n`, an escaped backslash and an n (in a quoted part name), is text, not a line break.
    if (escapedBackslash(text, at)) continue;
    const escapedReturn =
      at >= 2 && text.charCodeAt(at - 1) === LOWER_R && text.charCodeAt(at - 2) === BACKSLASH;
    starts.push(escapedReturn ? at - 2 : at);
    ends.push(at + 2);
    headed ||= startsLaneAfter(text, at + 2);
  }
  if (!headed) return { starts: [], ends: [], next: 0 };
  const kept = starts
    .map((start, i) => ({ start, end: ends[i]! }))
    .filter(({ end }, i) => endsLine(text, end, starts[i + 1]));
  return { starts: kept.map((item) => item.start), ends: kept.map((item) => item.end), next: 0 };
}

/** Whether the backslash at `at` is escaped: an odd run of backslashes stands right before it. */
function escapedBackslash(text: string, at: number): boolean {
  let run = 0;
  while (at - run - 1 >= 0 && text.charCodeAt(at - run - 1) === BACKSLASH) run++;
  return run % 2 === 1;
}

/** Whether a lane header (`P1`) or a `%` comment follows `at`, after spaces. */
function startsLaneAfter(text: string, at: number): boolean {
  let pos = at;
  while (isSpace(text.charCodeAt(pos))) pos++;
  const code = text.charCodeAt(pos);
  const next = text.charCodeAt(pos + 1);
  return code === PERCENT || ((code === UPPER_P || code === LOWER_P) && next >= 48 && next <= 57);
}

/** Whether what follows `at` (after spaces) starts a lane, the next escaped break, or ends the line. */
function endsLine(text: string, at: number, nextBreak: number | undefined): boolean {
  let pos = at;
  while (isSpace(text.charCodeAt(pos))) pos++;
  const code = text.charCodeAt(pos);
  return (
    pos >= text.length ||
    code === 10 ||
    code === 13 ||
    pos === nextBreak ||
    (code === BACKSLASH && text.charCodeAt(pos + 1) === LOWER_N) ||
    startsLaneAfter(text, pos)
  );
}

/**
 * Reads the current line as the lines its escaped breaks would make: each
 * part with `readLine`, each break reported with the edit that writes a real
 * one. Positions stay those of the text as sent.
 *
 * @example
 * ```ts
 * readAcrossEscapedBreaks(cursor, read, breaks, readLine); // in place of readLine(cursor, read)
 * ```
 */
export function readAcrossEscapedBreaks<Read>(
  cursor: Cursor,
  read: Read,
  breaks: EscapedBreaks,
  readLine: (cursor: Cursor, read: Read) => void,
): void {
  const lineEnd = cursor.contentEnd;
  while (breaks.next < breaks.starts.length && breaks.starts[breaks.next]! < lineEnd) {
    const start = breaks.starts[breaks.next]!;
    const end = breaks.ends[breaks.next]!;
    breaks.next++;
    if (start < cursor.pos) continue;
    cursor.contentEnd = start;
    readLine(cursor, read);
    cursor.contentEnd = lineEnd;
    report(
      cursor,
      'unexpected-character',
      start,
      end,
      `The text holds "${cursor.text.slice(start, end)}" written out, a backslash and a letter, where a line should end: the line break was escaped twice, as JSON inside JSON sends it.`,
      'send real line breaks: end each lane with a line break, not with the characters \\n',
      { start, end, text: '\n' },
    );
    cursor.pos = end;
  }
  readLine(cursor, read);
}
