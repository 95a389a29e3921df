/**
 * A line of events with no lane header. The caller may say which lane a text
 * without headers is most likely for (a rewrite knows its first measure and
 * part): the hint then shows that header, and on the text's first line of
 * events the edit writes it.
 */
import type { Lane } from './document.ts';
import { laneKey } from './document.ts';
import { type Cursor, report } from './parse-cursor.ts';
import { contentStart } from './source-text.ts';

/** Options of `parse`. */
export interface ParseOptions {
  /**
   * The lane a line of events without a header most likely belongs to, such
   * as the first measure and part a rewrite names. Used only for the hint of
   * `missing-lane-header` and, on the text's first line of events, its edit;
   * it never changes what a valid text means.
   */
  readonly expectedLane?: Pick<Lane, 'part' | 'staff' | 'voice' | 'measure'>;
}

/** The expected lane as the cursor holds it: its header, and whether a line already had its edit. */
export interface ExpectedLane {
  readonly header: string;
  /** The header of the same part, staff and voice in the measure after. */
  readonly next: string;
  used: boolean;
}

/**
 * The cursor's form of `options.expectedLane`, or undefined. Throws on a
 * lane whose numbers are not positive whole numbers: that is a caller's bug.
 *
 * @example
 * ```ts
 * expectedLaneOf({ expectedLane: { part: 2, staff: 1, voice: 1, measure: 3 } });
 * // { header: 'P2 s1 v1 m3', next: 'P2 s1 v1 m4', used: false }
 * ```
 */
export function expectedLaneOf(options: ParseOptions | undefined): ExpectedLane | undefined {
  const lane = options?.expectedLane;
  if (lane === undefined) return undefined;
  for (const value of [lane.part, lane.staff, lane.voice, lane.measure]) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(
        `parse(): expectedLane takes positive whole numbers, got ${laneKey(lane)}.`,
      );
    }
  }
  return {
    header: laneKey(lane),
    next: laneKey({ ...lane, measure: lane.measure + 1 }),
    used: false,
  };
}

/**
 * Reports the line from `start` as having events but no header. With an
 * expected lane, the hint names it, and the first line of events of the text
 * gets the edit that writes it.
 *
 * @example
 * ```ts
 * reportMissingHeader(cursor, cursor.pos); // "Line 1 has events but no lane header." Hint: "... P1 s1 v1 m3: E5=1/4 ..."
 * ```
 */
export function reportMissingHeader(cursor: Cursor, start: number): void {
  const { text } = cursor;
  const expected = cursor.expectedLane;
  let firstEnd = start;
  while (firstEnd < cursor.contentEnd && text.charCodeAt(firstEnd) > 32) firstEnd++;
  const firstEvent = text.slice(start, firstEnd);
  const header = expected?.header ?? 'P1 s1 v1 m1';
  const example = expected === undefined || firstEvent === '' ? 'C4=1/4' : firstEvent;
  const sure = expected !== undefined && !expected.used && isFirstLineOfEvents(cursor);
  if (expected !== undefined) expected.used = true;
  // A later line is another lane: its measure or voice is the writer's to say.
  const others =
    expected !== undefined && !sure
      ? `; each measure and voice is a lane of its own, such as ${expected.next}`
      : '';
  report(
    cursor,
    'missing-lane-header',
    start,
    cursor.contentEnd,
    `Line ${cursor.line} has events but no lane header.`,
    `start every lane with its part, staff, voice and measure and a colon: ${header}: ${example} ...${others}`,
    sure ? { start, end: start, text: `${header}: ` } : undefined,
  );
}

/** Whether every line before the cursor's is blank or a `%` comment. */
function isFirstLineOfEvents(cursor: Cursor): boolean {
  const before = cursor.text.slice(contentStart(cursor.text), cursor.lineStart);
  return before.split('\n').every((line) => {
    const trimmed = line.trim();
    return trimmed === '' || trimmed.startsWith('%');
  });
}
