/**
 * Reading `=duration` with its grace `g` and tie `~`: whole numbers and
 * fractions, with a precise problem for decimals, zeros, signs and sizes.
 */

import {
  CLOSE,
  DIGIT_0,
  DIGIT_9,
  DOT,
  EQUALS,
  endsEventUnspaced,
  isDigit,
  isSpace,
  LOWER_G,
  LOWER_R,
  LOWER_X,
  MINUS,
  MINUS_SIGN,
  OPEN,
  SLASH,
  TILDE,
} from './char-codes.ts';
import { LIMITS } from './issue.ts';
import {
  type Cursor,
  type EventValue,
  hintSubjectOf,
  quote,
  report,
  skipToken,
  subjectOf,
} from './parse-cursor.ts';
import { formatRational, type Rational, rational } from './rational.ts';
import { readMarks, startsMark } from './read-mark.ts';
import { isUnicodeSpace, quoteSource } from './source-text.ts';
import { tupletGroupAt } from './tuplet-group.ts';
import { readTupletSuffix } from './tuplet-suffix.ts';
/** Shared duration objects for the common small fractions. */
export const DURATION_CACHE_NUM = 32;
export const DURATION_CACHE_DEN = 128;
export const durationCache: (Rational | undefined)[] = new Array(
  (DURATION_CACHE_NUM + 1) * (DURATION_CACHE_DEN + 1),
);

export function durationOf(num: number, den: number): Rational {
  if (num <= DURATION_CACHE_NUM && den <= DURATION_CACHE_DEN) {
    const slot = num * (DURATION_CACHE_DEN + 1) + den;
    let cached = durationCache[slot];
    if (cached === undefined) {
      cached = Object.freeze(rational(num, den));
      durationCache[slot] = cached;
    }
    return cached;
  }
  return rational(num, den);
}

/**
 * Reads `=duration` with an optional grace `g` and tie `~`, or, when the
 * event ends without `=`, takes the line's last duration (section 5.2).
 * Returns undefined when the `=` is missing (reported); `duration` is
 * undefined when the duration was reported.
 */
export function readEquals(cursor: Cursor, eventStart: number): EventValue | undefined {
  const { text } = cursor;
  const value = cursor.value;
  value.markCount = 0;
  value.markLocations = undefined;
  value.subjectStart = eventStart;
  value.subjectEnd = cursor.pos;
  value.subjectOk = cursor.tally.count === value.problemsBefore;
  let failed = false;
  // `C4)` stops a slur on C4 (its duration left out); `C4)=1/4` is a stray parenthesis.
  while (text.charCodeAt(cursor.pos) === CLOSE && closesBeforeEquals(cursor)) {
    report(
      cursor,
      'unexpected-closing-parenthesis',
      cursor.pos,
      cursor.pos + 1,
      'A ")" with no chord open.',
      'close a chord once: remove this ")"',
      { start: cursor.pos, end: cursor.pos + 1, text: '' },
    );
    cursor.pos++;
    failed = true;
  }
  let tieBefore = -1;
  if (text.charCodeAt(cursor.pos) === TILDE && text.charCodeAt(cursor.pos + 1) === EQUALS) {
    tieBefore = cursor.pos;
    cursor.pos++;
  }
  if (text.charCodeAt(cursor.pos) !== EQUALS) {
    if (readDetachedDuration(cursor, eventStart)) {
      if (cursor.lastDuration === undefined) cursor.lastDuration = null;
      return undefined;
    }
    if (endsEventWithoutDuration(cursor)) return readLeftOutDuration(cursor);
    skipToken(cursor);
    if (cursor.lastDuration === undefined) cursor.lastDuration = null;
    report(
      cursor,
      'missing-equals',
      eventStart,
      cursor.pos,
      `The event ${quote(cursor, eventStart, cursor.pos)} has no "=" before its duration.`,
      `write "=" between the event and its duration, as in ${hintSubjectOf(cursor)}=1/4 for a quarter (or leave the duration out to repeat the one before)`,
    );
    return undefined;
  }
  cursor.pos++;
  value.grace = false;
  if (text.charCodeAt(cursor.pos) === LOWER_G) {
    value.grace = true;
    cursor.pos++;
  }
  value.durationStart = cursor.pos;
  value.duration = readDuration(cursor);
  value.durationEnd = cursor.pos;
  if (!value.grace) cursor.lastDuration = value.duration ?? null;
  readTie(cursor);
  if (tieBefore >= 0) {
    const duration = durationText(cursor);
    report(
      cursor,
      'invalid-tie',
      tieBefore,
      tieBefore + 1,
      'The tie "~" stands before the duration.',
      `a tie goes after the duration: ${hintSubjectOf(cursor)}=${duration || '1/4'}~`,
      value.tie
        ? { start: tieBefore, end: tieBefore + 1, text: '' }
        : { start: tieBefore, end: value.durationEnd, text: `=${duration}~` },
    );
    failed = true;
  }
  if (failed) value.duration = undefined;
  value.marksStart = cursor.pos;
  value.markCount = readMarks(cursor);
  return value;
}

/** Reads the event's `~`, reporting a doubled one (the event's duration is then dropped). */
function readTie(cursor: Cursor): void {
  const { text, value } = cursor;
  value.tie = false;
  if (text.charCodeAt(cursor.pos) !== TILDE) return;
  value.tie = true;
  cursor.pos++;
  if (text.charCodeAt(cursor.pos) !== TILDE) return;
  const tildeStart = cursor.pos;
  while (text.charCodeAt(cursor.pos) === TILDE) cursor.pos++;
  report(
    cursor,
    'invalid-tie',
    tildeStart - 1,
    cursor.pos,
    `More than one "~" after ${value.durationEnd > value.durationStart ? 'a duration' : 'an event'}.`,
    `a tie is one "~": ${hintSubjectOf(cursor)}${writtenDuration(cursor)}~`,
    { start: tildeStart, end: cursor.pos, text: '' },
  );
  value.duration = undefined;
}

/** Whether a run of `)` at the cursor is followed by `=` (or `~=`): stray parentheses, not slur stops. */
function closesBeforeEquals(cursor: Cursor): boolean {
  const { text } = cursor;
  let at = cursor.pos;
  while (text.charCodeAt(at) === CLOSE) at++;
  if (text.charCodeAt(at) === TILDE) at++;
  return text.charCodeAt(at) === EQUALS;
}

/** Whether the event's subject ends here with no `=`: at a space, the line's end, a `~` or a mark. */
function endsEventWithoutDuration(cursor: Cursor): boolean {
  const code = cursor.text.charCodeAt(cursor.pos);
  return (
    cursor.pos >= cursor.contentEnd ||
    isSpace(code) ||
    code === TILDE ||
    startsMark(code) ||
    endsEventUnspaced(code)
  );
}

/**
 * An event written without its duration (`D4`, `C4~`, `E4-.`): it lasts as
 * long as the last event before it on the line that is not a grace note.
 * The first such event of a line has none to take: `missing-duration`, with
 * the fix that writes a quarter.
 */
function readLeftOutDuration(cursor: Cursor): EventValue {
  const { value } = cursor;
  value.grace = false;
  value.durationStart = cursor.pos;
  value.durationEnd = cursor.pos;
  const last = cursor.lastDuration;
  value.duration = last ?? undefined;
  if (last === undefined) {
    const subject = hintSubjectOf(cursor);
    report(
      cursor,
      'missing-duration',
      value.subjectStart,
      value.subjectEnd,
      `The event ${quoteSource(subjectOf(cursor))} has no duration, and no event before it on its line has one to take.`,
      `the first event of a line writes its duration (later ones may leave it out to repeat it): ${subject}=1/4 for a quarter`,
      { start: value.subjectEnd, end: value.subjectEnd, text: '=1/4' },
    );
    cursor.lastDuration = null;
  }
  readTie(cursor);
  value.marksStart = cursor.pos;
  value.markCount = readMarks(cursor);
  return value;
}

/** The event's duration as written, with its `=`: `=1/4`, `=g1/16`, or nothing when it was left out. */
export function writtenDuration(cursor: Cursor): string {
  const { value } = cursor;
  return value.durationEnd > value.durationStart || value.grace ? `=${durationText(cursor)}` : '';
}

/** The duration of the event being read as written, with its grace `g`: `1/4`, `g1/16`. */
export function durationText(cursor: Cursor): string {
  const { value } = cursor;
  return `${value.grace ? 'g' : ''}${cursor.text.slice(value.durationStart, value.durationEnd)}`;
}

/** Whether a code can start an event (so a duration ended there is missing a space, not malformed). */
export function startsEvent(code: number): boolean {
  return (
    code === OPEN ||
    (code >= 65 && code <= 71) ||
    (code >= 97 && code <= 103) ||
    code === LOWER_R ||
    code === LOWER_X
  );
}

/** Whether a character after digits belongs to the same malformed number (`1q`, `1/4/8`) rather than to what follows it. */
export function continuesNumber(code: number): boolean {
  return (
    code === SLASH ||
    code === EQUALS ||
    isDigit(code) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code > 127 && !isUnicodeSpace(code) && code !== 0xfeff)
  );
}

/** The end of the token at the cursor: the next space, tie or end of line. */
export function tokenEnd(cursor: Cursor): number {
  let end = cursor.pos;
  while (end < cursor.contentEnd) {
    const code = cursor.text.charCodeAt(end);
    if (isSpace(code) || code === TILDE) break;
    end++;
  }
  return end;
}

/** Whether the word that starts at `from` (up to a space or `end`) holds an "=". */
function equalsInWord(text: string, from: number, end: number): boolean {
  for (let at = from; at < end && !isSpace(text.charCodeAt(at)); at++)
    if (text.charCodeAt(at) === EQUALS) return true;
  return false;
}

/**
 * Recognises an event whose duration stands apart from it, `C4 =1/4`,
 * `C4 = 1/4` or `C4 1/4`: reports it once, as one mistake, and moves past the
 * duration so that it is not read again as an event of its own.
 */
export function readDetachedDuration(cursor: Cursor, eventStart: number): boolean {
  const { text } = cursor;
  const subjectEnd = cursor.pos;
  if (!isSpace(text.charCodeAt(subjectEnd))) return false;
  let next = subjectEnd;
  while (next < cursor.contentEnd && isSpace(text.charCodeAt(next))) next++;
  const hasEquals = text.charCodeAt(next) === EQUALS;
  if (hasEquals) {
    next++;
    while (next < cursor.contentEnd && isSpace(text.charCodeAt(next))) next++;
  }
  const startsDuration =
    isDigit(text.charCodeAt(next)) ||
    (text.charCodeAt(next) === LOWER_G && isDigit(text.charCodeAt(next + 1)));
  if (!hasEquals && (!startsDuration || tupletGroupAt(text, next, cursor.contentEnd))) return false;
  // A word with its own "=" is an event of its own (`r g0=1/4`: a lower-case G), not a duration.
  if (!hasEquals && equalsInWord(text, next, cursor.contentEnd)) return false;
  cursor.pos = next;
  skipToken(cursor);
  const subject = text.slice(eventStart, subjectEnd);
  const duration = text.slice(next, cursor.pos);
  report(
    cursor,
    'missing-equals',
    eventStart,
    cursor.pos,
    `The event ${quote(cursor, eventStart, cursor.pos)} has spaces where its "=" should join it to its duration.`,
    cursor.value.subjectOk
      ? `write an event with no spaces inside it: ${subject}=${duration || '1/4'}`
      : 'write an event with no spaces inside it, as in C4=1/4',
    duration === '' ? undefined : { start: subjectEnd, end: next, text: '=' },
  );
  return true;
}

/** Reads `1/4`, `3/8`, `1`, `2`; reports and returns undefined on anything else. */
export function readDuration(cursor: Cursor): Rational | undefined {
  return readPlainDuration(cursor) ?? diagnoseDuration(cursor);
}

/**
 * The fast path for a duration written right (`1/4`, `3/8`, `1`), read in
 * one pass over its digits. Leaves the cursor where it was and returns
 * undefined for anything else, which `diagnoseDuration` reads and explains.
 */
export function readPlainDuration(cursor: Cursor): Rational | undefined {
  const { text } = cursor;
  let pos = cursor.pos;
  let code = text.charCodeAt(pos);
  if (!(code > DIGIT_0 && code <= DIGIT_9)) return undefined; // NaN at the end of the text too
  let num = 0;
  for (; isDigit(code) && num <= LIMITS.maxDurationTerm; code = text.charCodeAt(++pos)) {
    num = num * 10 + (code - DIGIT_0);
  }
  let den = 1;
  if (code === SLASH) {
    code = text.charCodeAt(++pos);
    if (!(code > DIGIT_0 && code <= DIGIT_9)) return undefined; // NaN at the end of the text too
    den = 0;
    for (; isDigit(code) && den <= LIMITS.maxDurationTerm; code = text.charCodeAt(++pos)) {
      den = den * 10 + (code - DIGIT_0);
    }
  }
  if (num > LIMITS.maxDurationTerm || den > LIMITS.maxDurationTerm) return undefined;
  if (pos < cursor.contentEnd && !isSpace(code) && code !== TILDE && !startsMark(code)) {
    return undefined;
  }
  cursor.pos = pos;
  return durationOf(num, den);
}

/** Reads a duration that is not plainly written, to report exactly what is wrong with it. */
export function diagnoseDuration(cursor: Cursor): Rational | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  const code = text.charCodeAt(start);
  if (start >= cursor.contentEnd || isSpace(code)) {
    report(
      cursor,
      'missing-duration',
      start - 1,
      start,
      `The event ${quoteSource(`${subjectOf(cursor)}=`)} has no duration after "=".`,
      `write the duration as a fraction of a whole note: ${hintSubjectOf(cursor)}=1/4 for a quarter`,
    );
    return undefined;
  }
  if (code === MINUS || code === MINUS_SIGN) {
    cursor.pos = tokenEnd(cursor);
    reportNegativeDuration(cursor, start);
    return undefined;
  }
  while (isDigit(text.charCodeAt(cursor.pos))) cursor.pos++;
  const numeratorEnd = cursor.pos;
  let denominatorStart = -1;
  if (numeratorEnd > start && text.charCodeAt(cursor.pos) === SLASH) {
    cursor.pos++;
    denominatorStart = cursor.pos;
    while (isDigit(text.charCodeAt(cursor.pos))) cursor.pos++;
  }
  const after = text.charCodeAt(cursor.pos);
  if (readTupletSuffix(cursor, start, numeratorEnd, denominatorStart)) return undefined;
  if (after === DOT) {
    cursor.pos = tokenEnd(cursor);
    const written = text.slice(start, cursor.pos);
    const fraction = fractionForDecimal(written);
    report(
      cursor,
      'decimal-duration',
      start,
      cursor.pos,
      written.endsWith('.') && fraction?.exact
        ? `The duration ${quoteSource(written)} ends in a dot; if it is a staccato, that is -. after the duration: ${hintSubjectOf(cursor)}=${written.slice(0, -1)}-.`
        : `The duration ${quoteSource(written)} has a decimal point.`,
      decimalHint(written, fraction?.text, hintSubjectOf(cursor)),
      fraction?.exact ? { start, end: cursor.pos, text: fraction.text } : undefined,
    );
    return undefined;
  }
  const wellEnded =
    cursor.pos >= cursor.contentEnd || !continuesNumber(after) || startsEvent(after);
  if (numeratorEnd === start || denominatorStart === cursor.pos || !wellEnded) {
    cursor.pos = tokenEnd(cursor);
    report(
      cursor,
      'invalid-duration',
      start,
      cursor.pos,
      `The duration ${quote(cursor, start, cursor.pos)} is not a number or a fraction.`,
      `durations are fractions of a whole note: ${hintSubjectOf(cursor)}=1/4 is a quarter, ${hintSubjectOf(cursor)}=3/8 a dotted quarter, ${hintSubjectOf(cursor)}=1 a whole note`,
    );
    return undefined;
  }
  const num = durationTerm(cursor, start, numeratorEnd, 'numerator');
  const den =
    denominatorStart < 0 ? 1 : durationTerm(cursor, denominatorStart, cursor.pos, 'denominator');
  if (num === undefined || den === undefined) return undefined;
  if (den === 0) {
    report(
      cursor,
      'zero-denominator',
      start,
      cursor.pos,
      `The duration ${quote(cursor, start, cursor.pos)} divides by zero.`,
      'the number below the line says how many of them make a whole note: 1/4, 1/8',
    );
    return undefined;
  }
  if (num === 0) {
    report(
      cursor,
      'zero-duration',
      start,
      cursor.pos,
      `The duration ${quote(cursor, start, cursor.pos)} is zero.`,
      'every event takes time; a grace note is written with g and its printed value: D5=g1/16',
    );
    return undefined;
  }
  return durationOf(num, den);
}

/** The value of a run of digits in a duration, or undefined after reporting a leading zero or a size past the limit. */
export function durationTerm(
  cursor: Cursor,
  start: number,
  end: number,
  name: string,
): number | undefined {
  const { text } = cursor;
  if (end - start > 1 && text.charCodeAt(start) === DIGIT_0) {
    const digits = text.slice(start, end);
    const trimmed = digits.replace(/^0+/, '') || '0';
    report(
      cursor,
      'invalid-number',
      start,
      end,
      `The ${name} ${quoteSource(digits)} has a leading zero.`,
      `write it without leading zeros: ${trimmed}`,
      trimmed === '0' ? undefined : { start, end, text: trimmed },
    );
    return undefined;
  }
  let value = 0;
  for (let i = start; i < end && value <= LIMITS.maxDurationTerm; i++) {
    value = value * 10 + (text.charCodeAt(i) - DIGIT_0);
  }
  if (value > LIMITS.maxDurationTerm) {
    report(
      cursor,
      'number-too-large',
      start,
      end,
      `The ${name} ${text.slice(start, end)} is larger than ${LIMITS.maxDurationTerm}.`,
      'durations are fractions of a whole note with small numbers: 1/4, 3/8, 1/12',
    );
    return undefined;
  }
  return value;
}

/**
 * `-1/4` or `−1/4` (a Unicode minus): the fix drops the sign when what
 * follows it is a plain duration, which is what the writer meant.
 */
function reportNegativeDuration(cursor: Cursor, start: number): void {
  const magnitude = cursor.text.slice(start + 1, cursor.pos);
  const plain = /^[1-9]\d{0,6}(?:\/[1-9]\d{0,6})?$/.test(magnitude);
  report(
    cursor,
    'negative-duration',
    start,
    cursor.pos,
    `The duration ${quote(cursor, start, cursor.pos)} is negative${cursor.text.charCodeAt(start) === MINUS_SIGN ? ' (it starts with a minus sign, U+2212)' : ''}.`,
    plain
      ? `durations are positive fractions of a whole note: ${hintSubjectOf(cursor)}=${magnitude}`
      : 'durations are positive fractions of a whole note: 1/4, 3/8, 1',
    plain ? { start, end: start + 1, text: '' } : undefined,
  );
}

/**
 * The fraction a decimal duration means: `0.25` is `1/4` and `1/4.` (a dotted
 * quarter elsewhere) is `3/8`, exactly; `0.3333` was rounded, and the nearest
 * simple fraction, `1/3`, is a likely guess, not a sure fix (`exact: false`).
 */
export function fractionForDecimal(
  written: string,
): { readonly text: string; readonly exact: boolean } | undefined {
  const decimal = /^(\d{0,6})\.(\d{1,6})$/.exec(written);
  if (decimal) {
    const scale = 10 ** decimal[2]!.length;
    const value = rational(Number(decimal[1] || '0') * scale + Number(decimal[2]), scale);
    if (value.num === 0) return undefined;
    const guess = value.den >= 1000 ? nearestSimpleFraction(value) : undefined;
    return guess === undefined
      ? { text: formatRational(value), exact: true }
      : { text: formatRational(guess), exact: false };
  }
  const dotted = /^(\d{1,6})(?:\/(\d{1,6}))?\.$/.exec(written);
  if (dotted && Number(dotted[1]) > 0 && Number(dotted[2] ?? '1') > 0) {
    const value = rational(Number(dotted[1]) * 3, Number(dotted[2] ?? '1') * 2);
    return { text: formatRational(value), exact: true };
  }
  return undefined;
}

/** For `0.25` suggests `1/4`; for `1/4.` (a dotted quarter in other notations) suggests `3/8`. */
export function decimalHint(
  written: string,
  fraction: string | undefined,
  subject: string,
): string {
  if (fraction === undefined) return 'write durations as fractions of a whole note: 1/4, 3/8, 1';
  if (written.endsWith('.')) {
    return `a dot is written into the fraction: a dotted ${written.slice(0, -1)} is ${subject}=${fraction}`;
  }
  return `write durations as fractions of a whole note: ${subject}=${fraction}`;
}

/**
 * The fraction with the smallest denominator (up to 64) within 1/1000 of a
 * rounded decimal: `0.3333` was meant as `1/3`, `0.1667` as `1/6`.
 */
function nearestSimpleFraction(value: Rational): Rational | undefined {
  for (let den = 1; den <= 64; den++) {
    const num = Math.round((value.num * den) / value.den);
    if (num > 0 && Math.abs(num * value.den - value.num * den) * 1000 <= value.den * den) {
      return rational(num, den);
    }
  }
  return undefined;
}
