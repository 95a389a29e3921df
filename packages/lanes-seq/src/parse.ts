/**
 * The lanes-seq parser: text in, a document or every problem out.
 *
 * It reads the text once, left to right, with small named readers over
 * character codes (a line, a header, an event, a pitch, a duration). Each
 * reader reports what is wrong where it is and recovers at the next space or
 * line, so one pass finds every problem. It never throws, uses no regular
 * expression on unbounded input, and its time is linear in the text's length.
 */
import { CR, PERCENT } from './char-codes.ts';
import { compareLanes, type Lane, type LaneLocation, type LanesDocument } from './document.ts';
import { type LanesIssue, LIMITS } from './issue.ts';
import { type Cursor, report, reportStrayCharacter, skipSpaces } from './parse-cursor.ts';
import { PITCH_COUNT } from './pitch-table.ts';
import { readEvents } from './read-event.ts';
import { readHeader } from './read-header.ts';
import { contentStart } from './source-text.ts';

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
    // A \r belongs to the line break only when \n follows it; a lone \r is a problem.
    cursor.contentEnd =
      newline !== -1 && lineEnd > cursor.pos && text.charCodeAt(lineEnd - 1) === CR
        ? lineEnd - 1
        : lineEnd;
    readLine(cursor, lanes, locations, firstLineOfLane);
    if (newline === -1) break;
    cursor.pos = newline + 1;
    cursor.line++;
    cursor.lineStart = cursor.pos;
    cursor.columnMemo = { offset: cursor.pos, column: 1 };
  }

  if (cursor.issues.length > 0) return { ok: false, issues: inTextOrder(cursor.issues) };
  return {
    ok: true,
    document: { lanes: inCanonicalOrder(lanes, locations) },
    issues: [],
    locations,
  };
}

function readLine(
  cursor: Cursor,
  lanes: Lane[],
  locations: LaneLocation[],
  firstLineOfLane: Map<number, Map<number, number>>,
): void {
  skipSpaces(cursor);
  // A byte-order mark or a lone carriage return where a line starts: say so, then read on.
  if (reportStrayCharacter(cursor, cursor.pos)) skipSpaces(cursor);
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

/**
 * Puts lanes (and their locations, in step) in canonical order, so a parsed
 * document is the same whatever order its text used, and
 * `parse(serialize(document))` gives it back. Text already in order costs one
 * pass.
 */
function inCanonicalOrder(lanes: Lane[], locations: LaneLocation[]): Lane[] {
  let sorted = true;
  for (let i = 1; i < lanes.length && sorted; i++)
    sorted = compareLanes(lanes[i - 1]!, lanes[i]!) <= 0;
  if (sorted) return lanes;
  const order = lanes.map((_, index) => index).sort((a, b) => compareLanes(lanes[a]!, lanes[b]!));
  const sortedLocations = order.map((index) => locations[index]!);
  sortedLocations.forEach((location, index) => {
    locations[index] = location;
  });
  return order.map((index) => lanes[index]!);
}

/**
 * Problems in the order of the text. Readers report as they go, but a hint
 * sometimes needs what follows (an accidental's fix shows the octave read
 * after it), so a few come out of order; the sort is stable.
 */
function inTextOrder(issues: LanesIssue[]): LanesIssue[] {
  for (let i = 1; i < issues.length; i++) {
    if (issues[i - 1]!.span.start.offset > issues[i]!.span.start.offset) {
      return issues.sort((a, b) => a.span.start.offset - b.span.start.offset);
    }
  }
  return issues;
}
