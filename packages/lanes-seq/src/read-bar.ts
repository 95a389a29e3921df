/**
 * Bar lines inside a lane (section 17): ` | ` ends a measure, and what follows
 * it on the line is the lane of the next measure of the same part, staff and
 * voice. Double bars and repeats (`||`, `|:`, `:|`) are not lanes-seq.
 */
import { BAR, COLON, isSpace } from './char-codes.ts';
import { LIMITS } from './issue.ts';
import { type Cursor, report, skipSpaces } from './parse-cursor.ts';

const LEFT_BRACKET = 91;
const RIGHT_BRACKET = 93;

/** Whether a bar line starts at `at`: `|`, or `:|` (a repeat's end, which is reported). */
export function isBarAt(cursor: Cursor, at: number): boolean {
  const code = cursor.text.charCodeAt(at);
  return code === BAR || (code === COLON && cursor.text.charCodeAt(at + 1) === BAR);
}

/** Just past the bar-line sign that starts at `at`: `|`, or a run such as `||`, `|:`, `:|:`, `|]`. */
function barEnd(cursor: Cursor, at: number): number {
  let end = at;
  for (; end < cursor.contentEnd; end++) {
    const code = cursor.text.charCodeAt(end);
    if (code !== BAR && code !== COLON && code !== LEFT_BRACKET && code !== RIGHT_BRACKET) break;
  }
  return end;
}

/** Whether the bar line at `at` is the plain `|` (not `||`, `|:` and the like). */
export function isPlainBar(cursor: Cursor, at: number): boolean {
  return barEnd(cursor, at) === at + 1;
}

/** What a misused bar-line sign is, for the message. */
function describeBar(sign: string): string {
  if (sign === '||') return 'a double bar line';
  if (sign === '|]' || sign === '[|') return 'a final bar line';
  if (sign.startsWith('|:')) return 'a repeat sign';
  if (sign.includes(':')) return 'a repeat sign';
  return 'not a bar line lanes-seq knows';
}

/**
 * A measure with no events, where a bar line stands (readEvents stopped at
 * it): `| |`, or a bar right after the header. Reported as `empty-lane`; a
 * bar right after the header is fixed by deleting it.
 */
export function reportEmptyMeasure(cursor: Cursor, measure: number, opensLine: boolean): void {
  const at = cursor.pos;
  let end = at + 1;
  while (end < cursor.contentEnd && isSpace(cursor.text.charCodeAt(end))) end++;
  report(
    cursor,
    'empty-lane',
    at,
    at + 1,
    `Measure m${measure} on line ${cursor.line} has no events before this bar line.`,
    opensLine
      ? 'a lane starts with its first event, not with a bar line: P1 s1 v1 m1: C4=1 | D4=1'
      : 'a measure needs at least one event; a voice with nothing to play holds a rest filling the measure, such as | r=1 |',
    opensLine ? { start: at, end, text: '' } : undefined,
  );
}

/**
 * Reads the bar line at the cursor (where readEvents stopped), reporting a
 * misused sign with the fix that writes `|` (or, where no event stands before
 * it, deletes it). Returns whether a measure follows on the line: false for
 * a trailing bar line (which means nothing) and for one that would pass the
 * last measure, `LIMITS.maxIndex` (reported, the rest of the line skipped).
 */
export function readBar(cursor: Cursor, measure: number, afterEvents: boolean): boolean {
  const start = cursor.pos;
  const end = barEnd(cursor, start);
  if (end !== start + 1) {
    const sign = cursor.text.slice(start, end);
    let deleteEnd = end;
    while (deleteEnd < cursor.contentEnd && isSpace(cursor.text.charCodeAt(deleteEnd))) deleteEnd++;
    report(
      cursor,
      'invalid-bar-line',
      start,
      end,
      `"${sign}" is ${describeBar(sign)}; lanes-seq has one bar line, "|", between measures.`,
      'write a single | between two measures (double bars and repeats are not written in lanes): P1 s1 v1 m1: C4=1 | D4=1',
      afterEvents ? { start, end, text: '|' } : { start, end: deleteEnd, text: '' },
    );
  }
  cursor.pos = end;
  skipSpaces(cursor);
  if (cursor.pos >= cursor.contentEnd) return false;
  if (measure >= LIMITS.maxIndex) {
    report(
      cursor,
      'number-too-large',
      start,
      end,
      `The bar line after measure m${measure} would start measure m${measure + 1}; the last is m${LIMITS.maxIndex}.`,
      `measures go up to m${LIMITS.maxIndex}: end the line at that measure`,
    );
    cursor.pos = cursor.contentEnd;
    return false;
  }
  return true;
}
