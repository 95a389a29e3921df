/**
 * The lanes-seq parser: text in, a document or every problem out.
 *
 * It reads the text once, left to right, with small named readers over
 * character codes (a line, a header, an event, a pitch, a duration). Each
 * reader reports what is wrong where it is and recovers at the next space or
 * line, so one pass finds every problem. It never throws, uses no regular
 * expression on unbounded input, and its time is linear in the text's length.
 */
import type {
  ChordNote,
  Lane,
  LaneEvent,
  LaneLocation,
  LanesDocument,
  Point,
  Span,
} from './document.ts';
import { type IssueCode, type LanesIssue, LIMITS } from './issue.ts';
import { PITCH_COUNT, pitchAt, pitchIndex } from './pitch-table.ts';
import { type Rational, rational } from './rational.ts';
import { codePointsBetween, contentStart, describeCharacter } from './source-text.ts';

/** The result of {@link parse}: a document, or every problem found. */
export type ParseResult =
  | {
      readonly ok: true;
      readonly document: LanesDocument;
      readonly issues: readonly [];
      /** Where each lane came from, parallel to `document.lanes`. */
      readonly locations: readonly LaneLocation[];
    }
  | { readonly ok: false; readonly issues: readonly LanesIssue[] };

// Character codes the readers look at.
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const HASH = 35;
const PERCENT = 37;
const OPEN = 40;
const CLOSE = 41;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const COLON = 58;
const SEMICOLON = 59;
const EQUALS = 61;
const LOWER_B = 98;
const LOWER_G = 103;
const LOWER_N = 110;
const LOWER_R = 114;
const LOWER_X = 120;
const UPPER_R = 82;
const UPPER_X = 88;
const UPPER_P = 80;
const LOWER_S = 115;
const LOWER_V = 118;
const LOWER_M = 109;
const BAR = 124;
const TILDE = 126;
const BYTE_ORDER_MARK = 0xfeff;
const SHARP_SIGN = 0x266f;
const FLAT_SIGN = 0x266d;
const NATURAL_SIGN = 0x266e;
const HIGH_SURROGATE_MUSIC = 0xd834;
const DOUBLE_SHARP_LOW = 0xdd2a; // U+1D12A after the high surrogate
const DOUBLE_FLAT_LOW = 0xdd2b; // U+1D12B

/** Step index (C=0 ... B=6) by upper-case letter code, or -1. */
const STEP_INDEX: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  'CDEFGAB'.split('').forEach((letter, index) => {
    table[letter.charCodeAt(0)] = index;
  });
  return table;
})();

const ACCIDENTAL_TEXT = ['bb', 'b', '', '#', '##'];
const STEP_LETTERS = 'CDEFGAB';

/** Shared duration objects for the common small fractions. */
const DURATION_CACHE_NUM = 32;
const DURATION_CACHE_DEN = 128;
const durationCache: (Rational | undefined)[] = new Array(
  (DURATION_CACHE_NUM + 1) * (DURATION_CACHE_DEN + 1),
);

function durationOf(num: number, den: number): Rational {
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

const isSpace = (code: number): boolean => code === SPACE || code === TAB;
const isDigit = (code: number): boolean => code >= DIGIT_0 && code <= DIGIT_9;

/** What the readers share while walking the text. */
interface Cursor {
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

interface LaneHeader {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly measure: number;
}

/**
 * Parses lanes-seq text. Returns the document when the text is valid, or
 * every problem found, each with a stable code, a message, the 1-based line
 * and column, the span it covers and, where one helps, a hint with the fix.
 *
 * A leading byte-order mark (U+FEFF) is ignored and counts toward no column.
 * Columns count Unicode code points. Lines end in `\n` or `\r\n`.
 *
 * @example
 * ```ts
 * const result = parse('P1 s1 v1 m1: E4=1/4 E4=1/4 F4=1/4 G4=1/4\n');
 * if (result.ok) result.document.lanes[0].events.length; // 4
 *
 * const bad = parse('P1 s1 v1 m1: c4=1/4');
 * if (!bad.ok) bad.issues[0]; // { code: 'lowercase-step', line: 1, column: 14, hint: 'pitch steps are upper case: C4', ... }
 * ```
 */
export function parse(text: string): ParseResult {
  if (typeof text !== 'string') {
    throw new TypeError(`parse() takes a string, got ${text === null ? 'null' : typeof text}.`);
  }
  const cursor: Cursor = {
    text,
    pos: contentStart(text),
    line: 1,
    lineStart: contentStart(text),
    contentEnd: 0,
    issues: [],
    chordSeen: new Int32Array(PITCH_COUNT),
    chordId: 0,
    columnMemo: { offset: contentStart(text), column: 1 },
    value: {
      duration: undefined,
      grace: false,
      tie: false,
      durationStart: 0,
      durationEnd: 0,
      subjectStart: 0,
      subjectEnd: 0,
    },
  };
  const lanes: Lane[] = [];
  const locations: LaneLocation[] = [];
  /** Per measure, the line of the first lane for each (part, staff, voice): finds duplicate lanes. */
  const firstLineOfLane = new Map<number, Map<number, number>>();

  while (cursor.pos <= text.length) {
    const newline = text.indexOf('\n', cursor.pos);
    const lineEnd = newline === -1 ? text.length : newline;
    cursor.contentEnd =
      lineEnd > cursor.pos && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
    readLine(cursor, lanes, locations, firstLineOfLane);
    if (newline === -1) break;
    cursor.pos = newline + 1;
    cursor.line++;
    cursor.lineStart = cursor.pos;
    cursor.columnMemo = { offset: cursor.pos, column: 1 };
  }

  if (cursor.issues.length > 0) return { ok: false, issues: cursor.issues };
  return { ok: true, document: { lanes }, issues: [], locations };
}

function report(
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
function pointOnCurrentLine(cursor: Cursor, offset: number): Point {
  const memo = cursor.columnMemo;
  const from = memo.offset <= offset ? memo : { offset: cursor.lineStart, column: 1 };
  const column = from.column + codePointsBetween(cursor.text, from.offset, offset);
  cursor.columnMemo = { offset, column };
  return { line: cursor.line, column, offset };
}

function skipSpaces(cursor: Cursor): void {
  while (cursor.pos < cursor.contentEnd && isSpace(cursor.text.charCodeAt(cursor.pos)))
    cursor.pos++;
}

/** Moves past the rest of a token: to the next space or the end of the line. */
function skipToken(cursor: Cursor): void {
  while (cursor.pos < cursor.contentEnd && !isSpace(cursor.text.charCodeAt(cursor.pos)))
    cursor.pos++;
}

function quote(cursor: Cursor, start: number, end: number): string {
  return JSON.stringify(cursor.text.slice(start, end));
}

// ---------------------------------------------------------------------------
// Lines

function readLine(
  cursor: Cursor,
  lanes: Lane[],
  locations: LaneLocation[],
  firstLineOfLane: Map<number, Map<number, number>>,
): void {
  skipSpaces(cursor);
  if (cursor.text.charCodeAt(cursor.pos) === BYTE_ORDER_MARK) {
    report(
      cursor,
      'unexpected-character',
      cursor.pos,
      cursor.pos + 1,
      'A byte-order mark (U+FEFF) stands inside the text.',
      'remove it: only a byte-order mark at the very start of the text is ignored',
    );
    cursor.pos++;
  }
  if (cursor.pos >= cursor.contentEnd) return;
  if (cursor.text.charCodeAt(cursor.pos) === PERCENT) return; // a comment fills the line
  const laneStart = cursor.pos;
  const header = readHeader(cursor);
  const issuesBefore = cursor.issues.length;
  const eventStarts: number[] = [];
  const eventEnds: number[] = [];
  const events = readEvents(cursor, header !== undefined, eventStarts, eventEnds);
  if (header === undefined || events.length === 0 || cursor.issues.length > issuesBefore) return;

  let linesOfMeasure = firstLineOfLane.get(header.measure);
  if (linesOfMeasure === undefined) {
    linesOfMeasure = new Map();
    firstLineOfLane.set(header.measure, linesOfMeasure);
  }
  // part, staff and voice are at most LIMITS.maxIndex, so this key is exact.
  const key =
    (header.part * (LIMITS.maxIndex + 1) + header.staff) * (LIMITS.maxIndex + 1) + header.voice;
  const firstLine = linesOfMeasure.get(key);
  if (firstLine !== undefined) {
    const headerText = `P${header.part} s${header.staff} v${header.voice} m${header.measure}`;
    report(
      cursor,
      'duplicate-lane',
      laneStart,
      eventEnds[eventEnds.length - 1] ?? laneStart,
      `Lane ${headerText} is written twice: first on line ${firstLine}, again on line ${cursor.line}.`,
      'write each lane once; to change it, edit the first one and delete this one',
    );
    return;
  }
  linesOfMeasure.set(key, cursor.line);
  lanes.push({
    part: header.part,
    staff: header.staff,
    voice: header.voice,
    measure: header.measure,
    events,
  });
  locations.push({
    line: cursor.line,
    lineStart: cursor.lineStart,
    start: laneStart,
    end: eventEnds[eventEnds.length - 1] ?? laneStart,
    eventStarts,
    eventEnds,
  });
}

// ---------------------------------------------------------------------------
// Lane headers

interface HeaderToken {
  readonly start: number;
  readonly end: number;
}

const FIELD_ORDER = ['p', 's', 'v', 'm'] as const;
const FIELD_NAMES: Readonly<Record<string, string>> = {
  p: 'part',
  s: 'staff',
  v: 'voice',
  m: 'measure',
};
const FIELD_LETTERS: Readonly<Record<string, string>> = { p: 'P', s: 's', v: 'v', m: 'm' };

/**
 * Reads `P1 s1 v1 m1:` and leaves the cursor where the events start.
 * Returns undefined (after reporting why) when the header is not usable.
 */
function readHeader(cursor: Cursor): LaneHeader | undefined {
  return readWellFormedHeader(cursor) ?? diagnoseHeader(cursor);
}

/**
 * The fast path for the common case, a header written exactly right
 * (`P1 s1 v1 m1:`), read without allocating. Leaves the cursor where it was
 * and returns undefined for anything else, which `diagnoseHeader` explains.
 */
function readWellFormedHeader(cursor: Cursor): LaneHeader | undefined {
  const start = cursor.pos;
  const part = readHeaderField(cursor, UPPER_P, false);
  const staff = part > 0 ? readHeaderField(cursor, LOWER_S, true) : 0;
  const voice = staff > 0 ? readHeaderField(cursor, LOWER_V, true) : 0;
  const measure = voice > 0 ? readHeaderField(cursor, LOWER_M, true) : 0;
  if (measure > 0) {
    skipSpaces(cursor);
    if (cursor.text.charCodeAt(cursor.pos) === COLON) {
      cursor.pos++;
      return { part, staff, voice, measure };
    }
  }
  cursor.pos = start;
  return undefined;
}

/** Reads `[spaces] letter digits` for a well-formed header; 0 when it is not exactly that. */
function readHeaderField(cursor: Cursor, letter: number, spaceBefore: boolean): number {
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
function diagnoseHeader(cursor: Cursor): LaneHeader | undefined {
  const { text } = cursor;
  const tokens: HeaderToken[] = [];
  let terminator: 'colon' | 'event' | 'end' = 'end';
  let eventStart = cursor.contentEnd;
  while (true) {
    skipSpaces(cursor);
    if (cursor.pos >= cursor.contentEnd) break;
    if (text.charCodeAt(cursor.pos) === COLON) {
      terminator = 'colon';
      break;
    }
    const start = cursor.pos;
    let looksLikeEvent = text.charCodeAt(start) === OPEN;
    while (cursor.pos < cursor.contentEnd) {
      const code = text.charCodeAt(cursor.pos);
      if (isSpace(code) || code === COLON) break;
      if (code === EQUALS) looksLikeEvent = true;
      cursor.pos++;
    }
    if (looksLikeEvent) {
      terminator = 'event';
      eventStart = start;
      cursor.pos = start;
      break;
    }
    tokens.push({ start, end: cursor.pos });
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
    const start = first?.start ?? eventStart;
    report(
      cursor,
      'missing-lane-header',
      start,
      cursor.contentEnd,
      `Line ${cursor.line} has events but no lane header.`,
      'start every lane with its part, staff, voice and measure and a colon: P1 s1 v1 m1: C4=1/4 ...',
    );
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
  );
  cursor.pos = tokens[4]?.start ?? eventStart;
  return undefined;
}

/** Checks the header's fields: letters, order, case and numbers. */
function headerFromTokens(cursor: Cursor, tokens: readonly HeaderToken[]): LaneHeader | undefined {
  const { text } = cursor;
  const start = tokens[0]!.start;
  const end = tokens[tokens.length - 1]!.end;
  const written = text.slice(start, end);

  // A header written without spaces: P1s1v1m1
  if (tokens.length === 1) {
    const compact = /^[Pp](\d+)[Ss](\d+)[Vv](\d+)[Mm](\d+)$/.exec(written);
    if (compact) {
      report(
        cursor,
        'invalid-header',
        start,
        end,
        `The lane header ${JSON.stringify(written)} has no spaces between its fields.`,
        `separate the fields with spaces: P${compact[1]} s${compact[2]} v${compact[3]} m${compact[4]}`,
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
      `The lane header ${JSON.stringify(written)} has no ${names.join(' or ')}.`,
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
      `The lane header ${JSON.stringify(written)} has its fields out of order.`,
      `write part, staff, voice, measure in that order: ${suggestion}`,
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
function readIndexNumber(
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
      `The ${name} number ${JSON.stringify(digits)} is not a whole number counted from 1.`,
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
      `The ${name} number ${JSON.stringify(digits)} has a leading zero.`,
      `write it without leading zeros: ${trimmed}`,
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

// ---------------------------------------------------------------------------
// Events

/** Reads the events after a header, up to the end of the line. */
function readEvents(
  cursor: Cursor,
  headerOk: boolean,
  eventStarts: number[],
  eventEnds: number[],
): LaneEvent[] {
  const { text } = cursor;
  const events: LaneEvent[] = [];
  skipSpaces(cursor);
  if (cursor.pos >= cursor.contentEnd) {
    if (headerOk) {
      report(
        cursor,
        'empty-lane',
        cursor.lineStart,
        cursor.contentEnd,
        `The lane on line ${cursor.line} has no events.`,
        'a lane needs at least one event; a voice with nothing to play holds a rest filling the measure, such as r=1',
      );
    }
    return events;
  }
  while (cursor.pos < cursor.contentEnd) {
    const start = cursor.pos;
    if (isSeparatorMistake(text.charCodeAt(start))) {
      reportAfterEvent(cursor, text.charCodeAt(start));
      skipSpaces(cursor);
      continue;
    }
    const event = readEvent(cursor);
    if (event !== undefined) {
      events.push(event);
      eventStarts.push(start);
      eventEnds.push(cursor.pos);
    }
    if (cursor.pos < cursor.contentEnd && !isSpace(text.charCodeAt(cursor.pos))) {
      reportAfterEvent(cursor, text.charCodeAt(cursor.pos));
    }
    skipSpaces(cursor);
  }
  return events;
}

/** A character that, where an event should start, means the writer took lanes-seq for another notation. */
function isSeparatorMistake(code: number): boolean {
  return code === PERCENT || code === COMMA || code === SEMICOLON || code === BAR;
}

/** Something stands right after an event where a space or the line's end should. */
function reportAfterEvent(cursor: Cursor, code: number): void {
  const at = cursor.pos;
  if (code === PERCENT) {
    report(
      cursor,
      'unexpected-character',
      at,
      cursor.contentEnd,
      'A comment starts in the middle of a lane.',
      'comments take a whole line: move it to a line of its own that starts with %',
    );
    cursor.pos = cursor.contentEnd;
    return;
  }
  if (code === COMMA || code === SEMICOLON) {
    report(
      cursor,
      'unexpected-character',
      at,
      at + 1,
      `Events are separated by ${describeCharacter(cursor.text, at)}.`,
      'separate events with spaces only: C4=1/4 D4=1/4',
    );
    cursor.pos++;
    return;
  }
  if (code === BAR) {
    report(
      cursor,
      'unexpected-character',
      at,
      at + 1,
      'A bar line "|" inside a lane.',
      'one lane holds one measure: write the next measure on a line of its own, with its own header (m2, m3, ...)',
    );
    cursor.pos++;
    return;
  }
  if (code === CLOSE) {
    report(
      cursor,
      'unexpected-closing-parenthesis',
      at,
      at + 1,
      'A ")" closes a chord that was never opened.',
      'open the chord with "(" before its first pitch: (C4 E4 G4)=1/2',
    );
    cursor.pos++;
    return;
  }
  if (code === TILDE) {
    report(
      cursor,
      'invalid-tie',
      at,
      at + 1,
      'A second "~" after an event.',
      'a tie is one "~" after the duration: C4=1/4~',
    );
    cursor.pos++;
    return;
  }
  const startsEvent = code === OPEN || (code < 128 && /[A-Ga-grx]/.test(String.fromCharCode(code)));
  if (startsEvent) {
    report(
      cursor,
      'missing-space',
      at,
      at + 1,
      `Two events are written with no space between them, at ${describeCharacter(cursor.text, at)}.`,
      'put a space between events: C4=1/4 D4=1/4',
    );
    return; // the next event is read from here
  }
  report(
    cursor,
    'unexpected-character',
    at,
    at + 1,
    `Unexpected ${describeCharacter(cursor.text, at)} after an event.`,
    code === CR
      ? 'end lines with \\n or \\r\\n'
      : 'events are separated by spaces and end at the end of the line',
  );
  skipToken(cursor);
}

/** Reads one event, or reports it and returns undefined; the cursor ends past it. */
function readEvent(cursor: Cursor): LaneEvent | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  const code = text.charCodeAt(start);

  if (code === OPEN) return readChord(cursor);
  if ((code === LOWER_R || code === LOWER_X) && isSubjectEnd(text.charCodeAt(start + 1))) {
    cursor.pos++;
    const kind = code === LOWER_R ? 'rest' : 'space';
    const value = readEquals(cursor, start);
    if (value === undefined) return undefined;
    let ok = true;
    if (value.grace) {
      report(
        cursor,
        'grace-rest',
        start,
        cursor.pos,
        `${kind === 'rest' ? 'A rest' : 'An invisible rest'} cannot be a grace note.`,
        `drop the "g": ${kind === 'rest' ? 'r' : 'x'}=${text.slice(value.durationStart, value.durationEnd)}`,
      );
      ok = false;
    }
    if (value.tie) {
      report(
        cursor,
        'rest-tie',
        start,
        cursor.pos,
        `${kind === 'rest' ? 'A rest' : 'An invisible rest'} cannot be tied.`,
        'remove the "~"; to make a rest longer, give it the longer duration',
      );
      ok = false;
    }
    if (!ok || value.duration === undefined) return undefined;
    return kind === 'rest'
      ? { kind: 'rest', duration: value.duration, grace: false }
      : { kind: 'space', duration: value.duration, grace: false };
  }
  if (code === UPPER_R || code === UPPER_X) {
    const isRest = code === UPPER_R;
    report(
      cursor,
      'invalid-pitch',
      start,
      start + 1,
      `${isRest ? 'A rest' : 'An invisible rest'} is written with a lower-case "${isRest ? 'r' : 'x'}".`,
      isRest ? 'write rests as r=1/4' : 'write invisible rests as x=1/4',
    );
    cursor.pos++;
    readEquals(cursor, start);
    return undefined;
  }
  if (code === TILDE) {
    report(
      cursor,
      'invalid-tie',
      start,
      start + 1,
      'A "~" stands where an event should start.',
      'a tie goes right after the duration of the note it ties: C4=1/2~ C4=1/4',
    );
    cursor.pos++;
    return undefined;
  }
  if (code === CLOSE) {
    report(
      cursor,
      'unexpected-closing-parenthesis',
      start,
      start + 1,
      'A ")" closes a chord that was never opened.',
      'open the chord with "(" before its first pitch: (C4 E4 G4)=1/2',
    );
    cursor.pos++;
    return undefined;
  }

  const pitch = readPitch(cursor);
  if (pitch === NOT_A_PITCH) {
    skipToken(cursor);
    return undefined;
  }
  let pitchTie = false;
  if (text.charCodeAt(cursor.pos) === TILDE && text.charCodeAt(cursor.pos + 1) === EQUALS) {
    report(
      cursor,
      'invalid-tie',
      cursor.pos,
      cursor.pos + 1,
      'The tie "~" stands before the duration.',
      `a tie goes after the duration: ${pitchText(cursor, start, cursor.pos)}=1/4~`,
    );
    cursor.pos++;
    pitchTie = true;
  }
  const value = readEquals(cursor, start);
  if (value === undefined || value.duration === undefined || pitch < 0 || pitchTie)
    return undefined;
  return {
    kind: 'note',
    pitch: pitchAt(pitch),
    duration: value.duration,
    grace: value.grace,
    tie: value.tie,
  };
}

/** After `r` or `x`: whether the subject ends there (so `rx=1` is not read as a rest). */
function isSubjectEnd(code: number): boolean {
  return (
    code === EQUALS ||
    code === TILDE ||
    Number.isNaN(code) ||
    isSpace(code) ||
    code === CR ||
    code === LF ||
    isDigit(code) ||
    code === SLASH
  );
}

/** The text a pitch was written as, for hints (empty when it was not a readable pitch). */
function pitchText(cursor: Cursor, start: number, end: number): string {
  return cursor.text.slice(start, end);
}

/** Reads `(C4 E4~ G4)=1/2~`. */
function readChord(cursor: Cursor): LaneEvent | undefined {
  const { text } = cursor;
  const open = cursor.pos;
  cursor.pos++;
  const chordId = ++cursor.chordId;
  const notes: ChordNote[] = [];
  let ok = true;
  let closed = false;

  if (isSpace(text.charCodeAt(cursor.pos))) {
    report(
      cursor,
      'unexpected-character',
      cursor.pos,
      cursor.pos + 1,
      'A space after "(" in a chord.',
      'write chords with no space inside the parentheses: (C4 E4 G4)=1/2',
    );
    ok = false;
    skipSpaces(cursor);
  }
  while (cursor.pos < cursor.contentEnd) {
    const code = text.charCodeAt(cursor.pos);
    if (code === CLOSE) {
      cursor.pos++;
      closed = true;
      break;
    }
    if (code === EQUALS) break; // reported below as unclosed
    if (code === OPEN) {
      report(
        cursor,
        'nested-chord',
        cursor.pos,
        cursor.pos + 1,
        'A "(" inside a chord.',
        'a chord is one pair of parentheses around its pitches: (C4 E4 G4)=1/2',
      );
      ok = false;
      cursor.pos++;
      continue;
    }
    if (isSpace(code)) {
      const spaceStart = cursor.pos;
      skipSpaces(cursor);
      if (text.charCodeAt(cursor.pos) === CLOSE) {
        report(
          cursor,
          'unexpected-character',
          spaceStart,
          cursor.pos,
          'A space before ")" in a chord.',
          'write chords with no space inside the parentheses: (C4 E4 G4)=1/2',
        );
        ok = false;
      }
      continue;
    }
    const pitchStart = cursor.pos;
    const pitch = readPitch(cursor);
    if (pitch === NOT_A_PITCH) {
      while (cursor.pos < cursor.contentEnd) {
        const c = text.charCodeAt(cursor.pos);
        if (isSpace(c) || c === CLOSE || c === EQUALS) break;
        cursor.pos++;
      }
      ok = false;
      continue;
    }
    let tie = false;
    if (text.charCodeAt(cursor.pos) === TILDE) {
      tie = true;
      cursor.pos++;
    }
    if (pitch < 0) {
      ok = false;
    } else if (cursor.chordSeen[pitch] === chordId) {
      report(
        cursor,
        'duplicate-chord-pitch',
        pitchStart,
        cursor.pos,
        `The pitch ${pitchText(cursor, pitchStart, cursor.pos).replace('~', '')} appears twice in one chord.`,
        'write each pitch of a chord once',
      );
      ok = false;
    } else {
      cursor.chordSeen[pitch] = chordId;
      notes.push({ pitch: pitchAt(pitch), tie });
    }
    const after = text.charCodeAt(cursor.pos);
    if (cursor.pos < cursor.contentEnd && !isSpace(after) && after !== CLOSE && after !== EQUALS) {
      report(
        cursor,
        'unexpected-character',
        cursor.pos,
        cursor.pos + 1,
        `Unexpected ${describeCharacter(text, cursor.pos)} after a pitch in a chord.`,
        'separate the pitches of a chord with spaces: (C4 E4 G4)=1/2',
      );
      ok = false;
      while (cursor.pos < cursor.contentEnd) {
        const c = text.charCodeAt(cursor.pos);
        if (isSpace(c) || c === CLOSE || c === EQUALS) break;
        cursor.pos++;
      }
    }
  }

  if (!closed) {
    report(
      cursor,
      'unclosed-chord',
      open,
      cursor.pos,
      'A chord opened with "(" is never closed.',
      'close the chord before its duration: (C4 E4 G4)=1/2',
    );
    ok = false;
    if (cursor.pos >= cursor.contentEnd) return undefined;
  } else if (notes.length === 0 && ok) {
    report(
      cursor,
      'empty-chord',
      open,
      cursor.pos,
      'A chord "()" with no pitches.',
      'put the pitches inside the parentheses, (C4 E4 G4)=1/2, or write a rest: r=1/2',
    );
    ok = false;
  }
  const value = readEquals(cursor, open);
  if (!ok || value === undefined || value.duration === undefined) return undefined;
  return { kind: 'chord', notes, duration: value.duration, grace: value.grace, tie: value.tie };
}

// ---------------------------------------------------------------------------
// Pitches

/** `readPitch` found nothing that starts like a pitch. */
const NOT_A_PITCH = -2;
/** `readPitch` read a pitch-like token but reported problems with it. */
const BAD_PITCH = -1;

/**
 * Reads step, accidental and octave. Returns the pitch-table index, or
 * BAD_PITCH after reporting problems (the cursor is past the pitch), or
 * NOT_A_PITCH when nothing here starts a pitch (reported too).
 */
function readPitch(cursor: Cursor): number {
  const { text } = cursor;
  const start = cursor.pos;
  const code = text.charCodeAt(start);
  let stepIndex = code < 128 ? STEP_INDEX[code]! : -1;
  let lowercase = false;
  if (stepIndex < 0 && code >= 97 && code <= 103) {
    stepIndex = STEP_INDEX[code - 32]!;
    lowercase = true;
  }
  if (stepIndex < 0) {
    reportNotAPitch(cursor, start);
    return NOT_A_PITCH;
  }
  cursor.pos++;
  let ok = true;

  // Accidental
  let alter = 0;
  const accidentalStart = cursor.pos;
  const next = text.charCodeAt(cursor.pos);
  if (next === HASH) {
    while (text.charCodeAt(cursor.pos) === HASH) cursor.pos++;
    alter = cursor.pos - accidentalStart;
  } else if (next === LOWER_B) {
    while (text.charCodeAt(cursor.pos) === LOWER_B) cursor.pos++;
    alter = -(cursor.pos - accidentalStart);
  } else {
    const unicode = unicodeAccidental(text, cursor.pos);
    if (unicode !== undefined) {
      cursor.pos += unicode.length;
      alter = unicode.alter;
      const step = STEP_LETTERS[stepIndex]!;
      report(
        cursor,
        'unicode-accidental',
        accidentalStart,
        cursor.pos,
        `The accidental ${describeCharacter(text, accidentalStart)} is not lanes-seq.`,
        unicode.hint(step),
      );
      ok = false;
    } else if (next === LOWER_N) {
      cursor.pos++;
      report(
        cursor,
        'invalid-accidental',
        accidentalStart,
        cursor.pos,
        'A natural sign "n" after a pitch step.',
        `a natural takes no sign: ${STEP_LETTERS[stepIndex]!}4 is natural in every key`,
      );
      ok = false;
    }
  }
  if (alter > 2 || alter < -2) {
    report(
      cursor,
      'invalid-accidental',
      accidentalStart,
      cursor.pos,
      `The accidental ${quote(cursor, accidentalStart, cursor.pos)} alters by more than two semitones.`,
      'accidentals are #, ##, b and bb',
    );
    ok = false;
    alter = Math.sign(alter) * 2;
  }

  // Octave
  const octaveStart = cursor.pos;
  let octave = 0;
  const first = text.charCodeAt(cursor.pos);
  if (first === MINUS && isDigit(text.charCodeAt(cursor.pos + 1))) {
    cursor.pos++;
    while (isDigit(text.charCodeAt(cursor.pos))) cursor.pos++;
    octave = -Number(text.slice(octaveStart + 1, cursor.pos));
  } else if (isDigit(first)) {
    while (isDigit(text.charCodeAt(cursor.pos))) cursor.pos++;
    octave = Number(text.slice(octaveStart, cursor.pos));
  } else {
    const step = STEP_LETTERS[stepIndex]!;
    report(
      cursor,
      'missing-octave',
      start,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} has no octave.`,
      `give every pitch its octave, as in ${step}${ACCIDENTAL_TEXT[alter + 2]}4 (C4 is middle C)`,
    );
    return BAD_PITCH;
  }
  const octaveText = text.slice(octaveStart, cursor.pos);
  if (octave < -1 || octave > 9 || octaveText.length > (octave < 0 ? 2 : 1)) {
    report(
      cursor,
      'octave-out-of-range',
      octaveStart,
      cursor.pos,
      `The octave ${JSON.stringify(octaveText)} is outside -1 to 9.`,
      'octaves run from -1 to 9; C4 is middle C',
    );
    return BAD_PITCH;
  }
  if (lowercase) {
    const corrected = `${String.fromCharCode(code - 32)}${ACCIDENTAL_TEXT[alter + 2]}${octave}`;
    report(
      cursor,
      'lowercase-step',
      start,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} has a lower-case step.`,
      `pitch steps are upper case: ${corrected}`,
    );
    ok = false;
  }
  return ok ? pitchIndex(stepIndex, alter, octave) : BAD_PITCH;
}

interface UnicodeAccidental {
  readonly alter: number;
  readonly length: number;
  hint(step: string): string;
}

function unicodeAccidental(text: string, at: number): UnicodeAccidental | undefined {
  const code = text.charCodeAt(at);
  if (code === SHARP_SIGN) return { alter: 1, length: 1, hint: (s) => `write sharps as #: ${s}#4` };
  if (code === FLAT_SIGN) return { alter: -1, length: 1, hint: (s) => `write flats as b: ${s}b4` };
  if (code === NATURAL_SIGN) {
    return {
      alter: 0,
      length: 1,
      hint: (s) => `a natural takes no sign: ${s}4 is natural in every key`,
    };
  }
  if (code === HIGH_SURROGATE_MUSIC) {
    const low = text.charCodeAt(at + 1);
    if (low === DOUBLE_SHARP_LOW) {
      return { alter: 2, length: 2, hint: (s) => `write double sharps as ##: ${s}##4` };
    }
    if (low === DOUBLE_FLAT_LOW) {
      return { alter: -2, length: 2, hint: (s) => `write double flats as bb: ${s}bb4` };
    }
  }
  return undefined;
}

function reportNotAPitch(cursor: Cursor, start: number): void {
  const { text } = cursor;
  let end = start;
  while (end < cursor.contentEnd) {
    const c = text.charCodeAt(end);
    if (isSpace(c) || c === EQUALS || c === CLOSE) break;
    end++;
  }
  const token = text.slice(start, Math.max(end, start + 1));
  const code = text.codePointAt(start) ?? 0;
  if (code === SHARP_SIGN || code === FLAT_SIGN || code === HASH) {
    report(
      cursor,
      'invalid-pitch',
      start,
      end,
      `${JSON.stringify(token)} puts the accidental before the step.`,
      'write the step, then the accidental, then the octave: F#4, Bb3',
    );
    return;
  }
  if (code === 72 || code === 104) {
    report(
      cursor,
      'invalid-pitch',
      start,
      end,
      `${JSON.stringify(token)} is not a pitch: lanes-seq uses the steps A to G.`,
      'write the German H as B, and B as Bb',
    );
    return;
  }
  if (code < 0x20 || code === 0x7f) {
    report(
      cursor,
      'unexpected-character',
      start,
      start + 1,
      `Unexpected ${describeCharacter(text, start)} in a lane.`,
      code === CR ? 'end lines with \\n or \\r\\n' : 'events are separated by spaces or tabs',
    );
    return;
  }
  report(
    cursor,
    'invalid-pitch',
    start,
    end,
    `${JSON.stringify(token)} is not a pitch, a rest or an invisible rest.`,
    'an event starts with a pitch (C4, F#4, Bb3), a chord (C4 E4 G4), r for a rest or x for an invisible rest',
  );
}

// ---------------------------------------------------------------------------
// Durations

/**
 * What `readEquals` read. One object per parse, refilled for every event so
 * the hot path allocates nothing: read its fields before the next event.
 */
interface EventValue {
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
function subjectOf(cursor: Cursor): string {
  return cursor.text.slice(cursor.value.subjectStart, cursor.value.subjectEnd);
}

/**
 * Reads `=duration` with an optional grace `g` and tie `~`. Returns
 * undefined when the `=` is missing (reported); `duration` is undefined when
 * the duration was reported.
 */
function readEquals(cursor: Cursor, eventStart: number): EventValue | undefined {
  const { text } = cursor;
  const value = cursor.value;
  value.subjectStart = eventStart;
  value.subjectEnd = cursor.pos;
  if (text.charCodeAt(cursor.pos) !== EQUALS) {
    if (readDetachedDuration(cursor, eventStart)) return undefined;
    skipToken(cursor);
    report(
      cursor,
      'missing-equals',
      eventStart,
      cursor.pos,
      `The event ${quote(cursor, eventStart, cursor.pos)} has no "=" before its duration.`,
      `give every event a duration after "=": ${subjectOf(cursor) || 'C4'}=1/4`,
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
  value.tie = false;
  if (text.charCodeAt(cursor.pos) === TILDE) {
    value.tie = true;
    cursor.pos++;
    if (text.charCodeAt(cursor.pos) === TILDE) {
      const tildeStart = cursor.pos;
      while (text.charCodeAt(cursor.pos) === TILDE) cursor.pos++;
      report(
        cursor,
        'invalid-tie',
        tildeStart - 1,
        cursor.pos,
        'More than one "~" after a duration.',
        `a tie is one "~": ${subjectOf(cursor)}=${text.slice(value.durationStart, value.durationEnd)}~`,
      );
      value.duration = undefined;
    }
  }
  return value;
}

/** Whether a code can start an event (so a duration ended there is missing a space, not malformed). */
function startsEvent(code: number): boolean {
  return (
    code === OPEN ||
    (code >= 65 && code <= 71) ||
    (code >= 97 && code <= 103) ||
    code === LOWER_R ||
    code === LOWER_X
  );
}

/** Whether a character after digits belongs to the same malformed number (`1q`, `1/4/8`) rather than to what follows it. */
function continuesNumber(code: number): boolean {
  return (
    code === SLASH ||
    code === EQUALS ||
    isDigit(code) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code > 127
  );
}

/** The end of the token at the cursor: the next space, tie or end of line. */
function tokenEnd(cursor: Cursor): number {
  let end = cursor.pos;
  while (end < cursor.contentEnd) {
    const code = cursor.text.charCodeAt(end);
    if (isSpace(code) || code === TILDE) break;
    end++;
  }
  return end;
}

/**
 * Recognises an event whose duration stands apart from it, `C4 =1/4`,
 * `C4 = 1/4` or `C4 1/4`: reports it once, as one mistake, and moves past the
 * duration so that it is not read again as an event of its own.
 */
function readDetachedDuration(cursor: Cursor, eventStart: number): boolean {
  const { text } = cursor;
  const subjectEnd = cursor.pos;
  const subject = text.slice(eventStart, subjectEnd);
  if (!isSpace(text.charCodeAt(subjectEnd))) return false;
  let next = subjectEnd;
  while (next < cursor.contentEnd && isSpace(text.charCodeAt(next))) next++;
  const hasEquals = text.charCodeAt(next) === EQUALS;
  if (hasEquals) {
    next++;
    while (next < cursor.contentEnd && isSpace(text.charCodeAt(next))) next++;
  }
  const startsDuration = isDigit(text.charCodeAt(next)) || text.charCodeAt(next) === LOWER_G;
  if (!hasEquals && !startsDuration) return false;
  cursor.pos = next;
  skipToken(cursor);
  const duration = text.slice(next, cursor.pos);
  report(
    cursor,
    'missing-equals',
    eventStart,
    cursor.pos,
    `The event ${quote(cursor, eventStart, cursor.pos)} has spaces where its "=" should join it to its duration.`,
    `write an event with no spaces inside it: ${subject}=${duration || '1/4'}`,
  );
  return true;
}

/** Reads `1/4`, `3/8`, `1`, `2`; reports and returns undefined on anything else. */
function readDuration(cursor: Cursor): Rational | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  const code = text.charCodeAt(start);
  if (start >= cursor.contentEnd || isSpace(code)) {
    report(
      cursor,
      'missing-duration',
      start - 1,
      start,
      `The event ${JSON.stringify(`${subjectOf(cursor)}=`)} has no duration after "=".`,
      `write the duration as a fraction of a whole note: ${subjectOf(cursor)}=1/4 for a quarter`,
    );
    return undefined;
  }
  if (code === MINUS) {
    cursor.pos = tokenEnd(cursor);
    report(
      cursor,
      'negative-duration',
      start,
      cursor.pos,
      `The duration ${quote(cursor, start, cursor.pos)} is negative.`,
      'durations are positive fractions of a whole note: 1/4, 3/8, 1',
    );
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
  if (after === DOT) {
    cursor.pos = tokenEnd(cursor);
    const written = text.slice(start, cursor.pos);
    report(
      cursor,
      'decimal-duration',
      start,
      cursor.pos,
      `The duration ${JSON.stringify(written)} has a decimal point.`,
      decimalHint(written, subjectOf(cursor)),
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
      `durations are fractions of a whole note: ${subjectOf(cursor)}=1/4 is a quarter, ${subjectOf(cursor)}=3/8 a dotted quarter, ${subjectOf(cursor)}=1 a whole note`,
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
function durationTerm(
  cursor: Cursor,
  start: number,
  end: number,
  name: string,
): number | undefined {
  const { text } = cursor;
  if (end - start > 1 && text.charCodeAt(start) === DIGIT_0) {
    const digits = text.slice(start, end);
    report(
      cursor,
      'invalid-number',
      start,
      end,
      `The ${name} ${JSON.stringify(digits)} has a leading zero.`,
      `write it without leading zeros: ${digits.replace(/^0+/, '') || '0'}`,
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

/** For `0.25` suggests `1/4`; for `1/4.` (a dotted quarter in other notations) suggests `3/8`. */
function decimalHint(written: string, subject: string): string {
  const decimal = /^(\d{0,6})\.(\d{1,6})$/.exec(written);
  if (decimal) {
    const scale = 10 ** decimal[2]!.length;
    const value = rational(Number(decimal[1] || '0') * scale + Number(decimal[2]), scale);
    if (value.num > 0) {
      const text = value.den === 1 ? `${value.num}` : `${value.num}/${value.den}`;
      return `write durations as fractions of a whole note: ${subject}=${text}`;
    }
  }
  const dotted = /^(\d{1,6})(?:\/(\d{1,6}))?\.$/.exec(written);
  if (dotted) {
    const value = rational(Number(dotted[1]) * 3, Number(dotted[2] ?? '1') * 2 || 1);
    const text = value.den === 1 ? `${value.num}` : `${value.num}/${value.den}`;
    return `a dot is written into the fraction: a dotted ${dotted[0].slice(0, -1)} is ${subject}=${text}`;
  }
  return 'write durations as fractions of a whole note: 1/4, 3/8, 1';
}
