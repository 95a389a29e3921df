/**
 * Reading a lane header, `P1 s1 v1 m1:`: a fast path for the well-formed
 * case, and a slower one that says exactly what is wrong with any other.
 */

import {
  COLON,
  DIGIT_0,
  EQUALS,
  isDigit,
  isSpace,
  LOWER_M,
  LOWER_S,
  LOWER_V,
  LOWER_W,
  OPEN,
  UPPER_P,
} from './char-codes.ts';
import { LIMITS } from './issue.ts';
import { reportMissingHeader } from './missing-header.ts';
import { type Cursor, quote, report, reportStrayCharacter, skipSpaces } from './parse-cursor.ts';
import { isUnicodeSpace, quoteSource } from './source-text.ts';
export interface LaneHeader {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly measure: number;
  /** The verse of a lyric line's header (`w1`); left out for a lane. */
  readonly verse?: number;
}

export interface HeaderToken {
  readonly start: number;
  readonly end: number;
}

export const FIELD_ORDER = ['p', 's', 'v', 'm'] as const;
export const FIELD_NAMES: Readonly<Record<string, string>> = {
  p: 'part',
  s: 'staff',
  v: 'voice',
  m: 'measure',
};
export const FIELD_LETTERS: Readonly<Record<string, string>> = { p: 'P', s: 's', v: 'v', m: 'm' };

/**
 * Reads `P1 s1 v1 m1:` into `cursor.header` and leaves the cursor where the
 * events start. Returns false (after reporting why) when the header is not
 * usable.
 */
export function readHeader(cursor: Cursor): boolean {
  if (readWellFormedHeader(cursor)) return true;
  const header = diagnoseHeader(cursor);
  if (header === undefined) return false;
  const into = cursor.header;
  into.part = header.part;
  into.staff = header.staff;
  into.voice = header.voice;
  into.measure = header.measure;
  into.verse = header.verse ?? 0;
  return true;
}

/**
 * The fast path for the common case, a header written exactly right
 * (`P1 s1 v1 m1:`), read into `cursor.header` without allocating. Leaves
 * the cursor where it was and returns false for anything else, which
 * `diagnoseHeader` explains.
 */
export function readWellFormedHeader(cursor: Cursor): boolean {
  const start = cursor.pos;
  const part = readHeaderField(cursor, UPPER_P, false);
  const staff = part > 0 ? readHeaderField(cursor, LOWER_S, true) : 0;
  const voice = staff > 0 ? readHeaderField(cursor, LOWER_V, true) : 0;
  const measure = voice > 0 ? readHeaderField(cursor, LOWER_M, true) : 0;
  if (measure > 0) {
    const beforeVerse = cursor.pos;
    const verse = readHeaderField(cursor, LOWER_W, true);
    if (verse === 0) cursor.pos = beforeVerse;
    skipSpaces(cursor);
    if (cursor.text.charCodeAt(cursor.pos) === COLON) {
      cursor.pos++;
      const header = cursor.header;
      header.part = part;
      header.staff = staff;
      header.voice = voice;
      header.measure = measure;
      header.verse = verse;
      return true;
    }
  }
  cursor.pos = start;
  return false;
}

/** Reads `[spaces] letter digits` for a well-formed header; 0 when it is not exactly that. */
export function readHeaderField(cursor: Cursor, letter: number, spaceBefore: boolean): number {
  const { text } = cursor;
  if (spaceBefore) {
    if (!isSpace(text.charCodeAt(cursor.pos))) return 0;
    skipSpaces(cursor);
  }
  if (text.charCodeAt(cursor.pos) !== letter) return 0;
  cursor.pos++;
  const digitsStart = cursor.pos;
  let value = 0;
  while (isDigit(text.charCodeAt(cursor.pos)) && value <= LIMITS.maxIndex) {
    value = value * 10 + (text.charCodeAt(cursor.pos) - DIGIT_0);
    cursor.pos++;
  }
  const leadingZero = text.charCodeAt(digitsStart) === DIGIT_0;
  const after = text.charCodeAt(cursor.pos);
  const ended = isSpace(after) || after === COLON;
  return leadingZero || value > LIMITS.maxIndex || !ended ? 0 : value;
}

/** Reads a header that is not well formed, to report exactly what is wrong with it. */
export function diagnoseHeader(cursor: Cursor): LaneHeader | undefined {
  const { text } = cursor;
  const tokens: HeaderToken[] = [];
  let terminator: 'colon' | 'event' | 'end' = 'end';
  let eventStart = cursor.contentEnd;
  while (true) {
    skipSpaces(cursor);
    if (cursor.pos >= cursor.contentEnd) break;
    // A no-break space between fields: say so, and read on as if it were a space.
    if (isUnicodeSpace(text.charCodeAt(cursor.pos))) {
      reportStrayCharacter(cursor, cursor.pos);
      continue;
    }
    if (text.charCodeAt(cursor.pos) === COLON) {
      terminator = 'colon';
      break;
    }
    const start = cursor.pos;
    let looksLikeEvent = text.charCodeAt(start) === OPEN;
    while (cursor.pos < cursor.contentEnd) {
      const code = text.charCodeAt(cursor.pos);
      if (isSpace(code) || code === COLON || isUnicodeSpace(code)) break;
      if (code === EQUALS) looksLikeEvent = true;
      cursor.pos++;
    }
    if (looksLikeEvent) {
      terminator = 'event';
      eventStart = start;
      cursor.pos = start;
      break;
    }
    // Five tokens tell all there is to tell about a header; the rest is only scanned past.
    if (tokens.length < 5) tokens.push({ start, end: cursor.pos });
  }

  if (terminator === 'colon') {
    const colon = cursor.pos;
    cursor.pos++;
    if (tokens.length === 0) {
      report(
        cursor,
        'invalid-header',
        colon,
        colon + 1,
        'The lane has no header before ":".',
        'start the lane with its part, staff, voice and measure: P1 s1 v1 m1: ...',
      );
      return undefined;
    }
    return headerFromTokens(cursor, tokens);
  }

  // No colon: either the line has no header at all, or the colon was left out.
  const first = tokens[0];
  const firstLetter = first ? text.charCodeAt(first.start) | 0x20 : 0;
  if (first === undefined || firstLetter !== 0x70 /* p */) {
    reportMissingHeader(cursor, first?.start ?? eventStart);
    cursor.pos = cursor.contentEnd;
    return undefined;
  }
  const headerTokens = tokens.slice(0, 4);
  const header = headerFromTokens(cursor, headerTokens);
  if (header === undefined) {
    cursor.pos = cursor.contentEnd;
    return undefined;
  }
  const headerEnd = headerTokens[headerTokens.length - 1]!.end;
  const headerText = `P${header.part} s${header.staff} v${header.voice} m${header.measure}`;
  report(
    cursor,
    'missing-colon',
    headerEnd,
    headerEnd + 1,
    `The lane header ${headerText} is not followed by ":".`,
    `put a colon between the header and the events: ${headerText}: ...`,
    { start: headerEnd, end: headerEnd, text: ':' },
  );
  cursor.pos = tokens[4]?.start ?? eventStart;
  return undefined;
}

/** Checks the header's fields: letters, order, case and numbers. */
export function headerFromTokens(
  cursor: Cursor,
  tokens: readonly HeaderToken[],
): LaneHeader | undefined {
  const { text } = cursor;
  const verseToken = tokens.length > 1 ? tokens[tokens.length - 1]! : undefined;
  if (verseToken !== undefined && text.charCodeAt(verseToken.start) === LOWER_W) {
    const digits = text.slice(verseToken.start + 1, verseToken.end);
    const verse = readIndexNumber(cursor, digits, verseToken.start + 1, verseToken.end, 'verse');
    const header = headerFromTokens(cursor, tokens.slice(0, -1));
    return header === undefined || verse === undefined ? undefined : { ...header, verse };
  }
  const start = tokens[0]!.start;
  const end = tokens[tokens.length - 1]!.end;
  const written = text.slice(start, end);

  // A header written without spaces: P1s1v1m1
  if (tokens.length === 1) {
    const compact = /^[Pp](\d+)[Ss](\d+)[Vv](\d+)[Mm](\d+)$/.exec(written);
    if (compact) {
      const spaced = `P${compact[1]} s${compact[2]} v${compact[3]} m${compact[4]}`;
      report(
        cursor,
        'invalid-header',
        start,
        end,
        `The lane header ${quoteSource(written)} has no spaces between its fields.`,
        `separate the fields with spaces: ${spaced}`,
        { start, end, text: spaced },
      );
      return undefined;
    }
  }

  const fields = new Map<string, { token: HeaderToken; digits: string; letter: string }>();
  for (const token of tokens) {
    const letter = text[token.start]!;
    const digits = text.slice(token.start + 1, token.end);
    const field = letter.toLowerCase();
    const known = field in FIELD_NAMES;
    if (!known || digits.length === 0 || !/^[-+]?[\d.]+$/.test(digits)) {
      report(
        cursor,
        'invalid-header',
        token.start,
        token.end,
        `${quote(cursor, token.start, token.end)} is not a lane header field; a header is P<part> s<staff> v<voice> m<measure>.`,
        'write the header as P1 s1 v1 m1: (part, staff, voice, measure)',
      );
      return undefined;
    }
    if (fields.has(field)) {
      report(
        cursor,
        'invalid-header',
        token.start,
        token.end,
        `The lane header gives the ${FIELD_NAMES[field]} twice.`,
        'give each of part, staff, voice and measure once: P1 s1 v1 m1',
      );
      return undefined;
    }
    fields.set(field, { token, digits, letter });
  }

  const numbers: Record<string, number> = {};
  let numbersOk = true;
  for (const [field, { token, digits }] of fields) {
    const value = readIndexNumber(cursor, digits, token.start + 1, token.end, FIELD_NAMES[field]!);
    if (value === undefined) numbersOk = false;
    else numbers[field] = value;
  }

  const suggestion = FIELD_ORDER.map(
    (field) => `${FIELD_LETTERS[field]}${numbers[field] ?? 1}`,
  ).join(' ');
  const missing = FIELD_ORDER.filter((field) => !fields.has(field));
  if (missing.length > 0) {
    const names = missing.map((field) => FIELD_NAMES[field]!);
    const list =
      names.length === 1
        ? `a ${names[0]}`
        : `a ${names.slice(0, -1).join(', a ')} and a ${names.at(-1)}`;
    report(
      cursor,
      'missing-header-field',
      start,
      end,
      `The lane header ${quoteSource(written)} has no ${names.join(' or ')}.`,
      `a lane header needs ${list}: ${suggestion}`,
    );
    return undefined;
  }
  const order = tokens.map((token) => text[token.start]!.toLowerCase()).join('');
  if (order !== 'psvm') {
    report(
      cursor,
      'invalid-header',
      start,
      end,
      `The lane header ${quoteSource(written)} has its fields out of order.`,
      `write part, staff, voice, measure in that order: ${suggestion}`,
      numbersOk ? { start, end, text: suggestion } : undefined,
    );
    return undefined;
  }
  const wrongCase = [...fields].find(([field, { letter }]) => letter !== FIELD_LETTERS[field]);
  if (wrongCase) {
    report(
      cursor,
      'invalid-header',
      wrongCase[1].token.start,
      wrongCase[1].token.end,
      `The lane header field ${quote(cursor, wrongCase[1].token.start, wrongCase[1].token.end)} has the wrong case.`,
      `write the header with an upper-case P and lower-case s, v and m: ${suggestion}`,
      numbersOk ? { start, end, text: suggestion } : undefined,
    );
    return undefined;
  }
  if (!numbersOk) return undefined;
  return {
    part: numbers.p!,
    staff: numbers.s!,
    voice: numbers.v!,
    measure: numbers.m!,
  };
}

/** Reads a 1-based header number, reporting leading zeros, zero, signs, decimals and size. */
export function readIndexNumber(
  cursor: Cursor,
  digits: string,
  start: number,
  end: number,
  name: string,
): number | undefined {
  if (!/^\d+$/.test(digits)) {
    report(
      cursor,
      'invalid-number',
      start,
      end,
      `The ${name} number ${quoteSource(digits)} is not a whole number counted from 1.`,
      `write the ${name} as a whole number from 1, without sign or decimal point`,
    );
    return undefined;
  }
  const trimmed = digits.replace(/^0+/, '');
  if (trimmed === '') {
    report(
      cursor,
      'zero-index',
      start,
      end,
      `The ${name} number is 0; parts, staves, voices and measures count from 1.`,
      `the first ${name} is 1`,
    );
    return undefined;
  }
  if (trimmed.length !== digits.length) {
    report(
      cursor,
      'invalid-number',
      start,
      end,
      `The ${name} number ${quoteSource(digits)} has a leading zero.`,
      `write it without leading zeros: ${trimmed}`,
      { start, end, text: trimmed },
    );
    return undefined;
  }
  if (trimmed.length > 9 || Number(trimmed) > LIMITS.maxIndex) {
    report(
      cursor,
      'number-too-large',
      start,
      end,
      `The ${name} number ${trimmed} is larger than ${LIMITS.maxIndex}.`,
      `use a ${name} number from 1 to ${LIMITS.maxIndex}`,
    );
    return undefined;
  }
  return Number(trimmed);
}
