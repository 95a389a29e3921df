/**
 * Reading an item of a marks document's lane, `*` and its marks (`*-.\p(`):
 * the event already in the score at that place. Anything else where an item
 * should stand is `event-in-marks-document`.
 */
import { isSpace } from './char-codes.ts';
import type { LaneEvent } from './document.ts';
import { checkMarks } from './event-marks.ts';
import { type Cursor, quote, report, skipToken } from './parse-cursor.ts';
import { ZERO } from './rational.ts';
import { readMarks } from './read-mark.ts';

const STAR = 42;

/**
 * Reads `*` and its marks at the cursor. Returns the item as an event that
 * only carries marks (an invisible rest of no length, never seen outside the
 * reader: `parseMarks` keeps only its marks), or undefined after reporting.
 */
export function readStarItem(cursor: Cursor): LaneEvent | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  const { value } = cursor;
  value.markLocations = undefined;
  if (text.charCodeAt(start) !== STAR) {
    skipToken(cursor);
    report(
      cursor,
      'event-in-marks-document',
      start,
      cursor.pos,
      `${quote(cursor, start, cursor.pos)} is an event; a marks document writes * for each event, with its marks.`,
      'write * for the event already there and its marks after it (*-.\\p); to change the notes, rewrite the measures',
    );
    return undefined;
  }
  cursor.pos++;
  const problemsBefore = cursor.tally.count;
  const count = readMarks(cursor, false);
  const checked = checkMarks(cursor, count, 'note');
  if (cursor.tally.count > problemsBefore) return undefined;
  const after = text.charCodeAt(cursor.pos);
  if (cursor.pos < cursor.contentEnd && !isSpace(after) && after !== STAR) return undefined;
  value.markLocations = checked?.locations;
  const item: LaneEvent = { kind: 'space', duration: ZERO, grace: false };
  return checked === undefined ? item : { ...item, marks: checked.marks };
}
