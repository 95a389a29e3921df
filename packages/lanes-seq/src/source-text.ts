/**
 * Positions in source text: turning offsets into 1-based lines and columns.
 */
import type { Point } from './document.ts';

const BYTE_ORDER_MARK = 0xfeff;

/**
 * Where the text's content starts: 1 past a leading byte-order mark, else 0.
 * A leading BOM is not part of the document: it is skipped and counts toward
 * no column.
 */
export function contentStart(text: string): number {
  return text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
}

/** Counts code points in `text` between two offsets (a surrogate pair counts once). */
export function codePointsBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < to) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * The point at `offset`, given the line it is on and where that line starts.
 */
export function pointOnLine(text: string, line: number, lineStart: number, offset: number): Point {
  return { line, column: codePointsBetween(text, lineStart, offset) + 1, offset };
}

/**
 * The point (line, column, offset) of an offset in a text. Lines break at
 * `\n`; a `\r` before it belongs to the break. Costs time in proportion to
 * the offset: use it to report a problem, not in a loop over a document.
 *
 * @example
 * ```ts
 * pointAt('P1 s1 v1 m1: C4=1\nP1 s1 v1 m2: D4=1\n', 22); // { line: 2, column: 5, offset: 22 }
 * ```
 */
export function pointAt(text: string, offset: number): Point {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = contentStart(text);
  for (let i = lineStart; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return pointOnLine(text, line, Math.min(lineStart, end), end);
}

/**
 * Describes one character for a message: printable ones quoted, others by code point.
 */
export function describeCharacter(text: string, offset: number): string {
  const code = text.codePointAt(offset) ?? 0;
  if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) {
    return `control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `"${String.fromCodePoint(code)}"`;
}

/** The longest stretch of source text a message quotes whole. */
const QUOTE_LIMIT = 40;

/**
 * Quotes source text for a message, cut to its first 40 characters (then
 * "…") so a problem with a megabyte-long token still gets a short message.
 */
export function quoteSource(text: string): string {
  // Short text (the usual case) has at most QUOTE_LIMIT code points: no need to count them.
  if (text.length <= QUOTE_LIMIT) return JSON.stringify(text);
  const characters = Array.from(
    text.length > QUOTE_LIMIT * 2 ? text.slice(0, QUOTE_LIMIT * 2) : text,
  );
  return JSON.stringify(
    characters.length > QUOTE_LIMIT ? `${characters.slice(0, QUOTE_LIMIT).join('')}…` : text,
  );
}

/** Where the character at `at` ends: one code unit on, or two for a surrogate pair. */
export function characterEnd(text: string, at: number): number {
  const code = text.charCodeAt(at);
  const next = text.charCodeAt(at + 1);
  return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? at + 2 : at + 1;
}

/** Spaces other than space and tab that editors and chat clients slip into text (no-break, thin, ideographic...). */
export function isUnicodeSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}
