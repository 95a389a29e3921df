/**
 * Reading the string of a mark, `"dolce"`: any Unicode but a line break
 * between double quotes, with `\"` and `\\` for the quote and the backslash.
 */
import { type Cursor, quote, report } from './parse-cursor.ts';

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Reads a string at the cursor, which stands on its opening `"`. Returns its
 * text, or undefined after reporting an unclosed, empty or wrongly escaped
 * string; the cursor ends past the closing quote (or at the line's end).
 *
 * @example
 * ```ts
 * // over the text `"say \"hi\""`: returns `say "hi"`
 * ```
 */
export function readString(cursor: Cursor): string | undefined {
  const { text } = cursor;
  const open = cursor.pos;
  let pos = open + 1;
  let plainFrom = pos;
  let value = '';
  let ok = true;
  while (pos < cursor.contentEnd) {
    const code = text.charCodeAt(pos);
    if (code === QUOTE) break;
    if (code !== BACKSLASH) {
      pos++;
      continue;
    }
    const next = text.charCodeAt(pos + 1);
    value += text.slice(plainFrom, pos);
    if (next === QUOTE || next === BACKSLASH) {
      value += String.fromCharCode(next);
    } else {
      report(
        cursor,
        'invalid-escape',
        pos,
        pos + 2,
        `The string has ${quote(cursor, pos, Math.min(pos + 2, cursor.contentEnd))}, which is no escape.`,
        'inside a string only \\" (a quote) and \\\\ (a backslash) are escapes: write a backslash as \\\\',
        { start: pos, end: pos + 1, text: '\\\\' },
      );
      ok = false;
      if (pos + 1 >= cursor.contentEnd) {
        pos++;
        break;
      }
    }
    pos += 2;
    plainFrom = pos;
  }
  if (pos >= cursor.contentEnd) {
    cursor.pos = cursor.contentEnd;
    report(
      cursor,
      'unclosed-string',
      open,
      cursor.contentEnd,
      `The string ${quote(cursor, open, cursor.contentEnd)} has no closing quote on its line.`,
      'close the string with " before the next mark or event: ^"dolce"',
      ok && !/[ \t]/.test(text.slice(open, cursor.contentEnd))
        ? { start: cursor.contentEnd, end: cursor.contentEnd, text: '"' }
        : undefined,
    );
    return undefined;
  }
  value += text.slice(plainFrom, pos);
  cursor.pos = pos + 1;
  if (pos === open + 1) {
    report(
      cursor,
      'empty-string',
      open,
      cursor.pos,
      'An empty string "".',
      'a string holds at least one character; remove the mark if there is nothing to write',
    );
    return undefined;
  }
  return ok ? value : undefined;
}
