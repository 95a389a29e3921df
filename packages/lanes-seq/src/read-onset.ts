/**
 * Reading `@` items, marks at an onset of a lane where the lane has no
 * event (`@1/2"Dm"`, `@3/4\p`), and checking them against the lane's own
 * events once the lane is read: inside the lane, never where an event
 * starts, one item per onset.
 */
import { DIGIT_0, isDigit, isSpace, SLASH } from './char-codes.ts';
import type { OnsetLocation } from './document.ts';
import { checkMarks } from './event-marks.ts';
import { LIMITS } from './issue.ts';
import type { OnsetMarks } from './marks.ts';
import { type Cursor, quote, report } from './parse-cursor.ts';
import { add, compare, formatRational, type Rational, rational, ZERO } from './rational.ts';
import { readMarks } from './read-mark.ts';

/** The character that starts an `@` item. */
export const AT = 64;

const ONSET_HINT =
  'an onset is a duration from the start of the measure, then the marks: @0\\p, @1/2"Dm", @3/8\\<';

/**
 * Reads an `@` item at the cursor (which stands on `@`) into `cursor.onsets`
 * (with its location). Problems are reported; the cursor ends past the item.
 */
export function readOnset(cursor: Cursor): void {
  const start = cursor.pos;
  cursor.pos++;
  if (cursor.pos >= cursor.contentEnd || isSpace(cursor.text.charCodeAt(cursor.pos))) {
    report(
      cursor,
      'empty-onset',
      start,
      cursor.pos,
      'An "@" with nothing after it.',
      'an @ item is an onset and its marks, with no space: @1/2"Dm"; or remove the "@"',
      { start, end: cursor.pos, text: '' },
    );
    return;
  }
  const onset = readOnsetValue(cursor, start);
  const count = readMarks(cursor, false);
  if (onset === undefined) return;
  if (count === 0) {
    let end = cursor.pos;
    while (end < cursor.contentEnd && !isSpace(cursor.text.charCodeAt(end))) end++;
    report(
      cursor,
      'empty-onset',
      start,
      cursor.pos,
      `The @ item ${quote(cursor, start, cursor.pos)} has no marks.`,
      `write the marks right after the onset, with no space: @${formatRational(onset)}\\p; or remove it`,
      end === cursor.pos ? { start, end: cursor.pos, text: '' } : undefined,
    );
    return;
  }
  const problemsBefore = cursor.tally.count;
  const checked = checkMarks(cursor, count, 'onset');
  if (checked === undefined || cursor.tally.count > problemsBefore) return;
  const index = cursor.onsetCount++;
  cursor.onsets[index] = { onset, marks: checked.marks };
  cursor.onsetLocations[index] = { start, end: cursor.pos, marks: checked.locations };
}

/** `0`, `1/2`, `3/8` after `@`: the onset, or undefined after reporting it. */
function readOnsetValue(cursor: Cursor, at: number): Rational | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  let num = 0;
  let den = 1;
  let pos = start;
  while (isDigit(text.charCodeAt(pos)) && num <= LIMITS.maxDurationTerm) {
    num = num * 10 + text.charCodeAt(pos++) - DIGIT_0;
  }
  const numeratorEnd = pos;
  let ok =
    numeratorEnd > start && (text.charCodeAt(start) !== DIGIT_0 || numeratorEnd === start + 1);
  if (ok && text.charCodeAt(pos) === SLASH) {
    pos++;
    const denominatorStart = pos;
    den = 0;
    while (isDigit(text.charCodeAt(pos)) && den <= LIMITS.maxDurationTerm) {
      den = den * 10 + text.charCodeAt(pos++) - DIGIT_0;
    }
    ok =
      pos > denominatorStart && den > 0 && text.charCodeAt(denominatorStart) !== DIGIT_0 && num > 0;
  }
  ok &&=
    num <= LIMITS.maxDurationTerm &&
    den <= LIMITS.maxDurationTerm &&
    !isDigit(text.charCodeAt(pos));
  if (!ok) {
    while (
      pos < cursor.contentEnd &&
      (isDigit(text.charCodeAt(pos)) || text.charCodeAt(pos) === SLASH)
    )
      pos++;
    cursor.pos = Math.max(pos, start);
    report(
      cursor,
      'invalid-onset',
      at,
      Math.max(cursor.pos, at + 1),
      `${quote(cursor, at, Math.max(cursor.pos, at + 1))} has no onset after "@".`,
      ONSET_HINT,
    );
    return undefined;
  }
  cursor.pos = pos;
  return num === 0 ? ZERO : rational(num, den);
}

/** The lane's `@` items, checked against its events and in time order, with their locations in step. */
export interface CheckedOnsets {
  readonly onsetMarks: readonly OnsetMarks[];
  readonly locations: readonly OnsetLocation[];
}

/**
 * Checks the `@` items read for the lane (`cursor.onsets`) against its
 * `eventCount` events (`cursor.events`): an item at or past the lane's end is
 * `onset-outside-lane`, one where an event starts is `onset-at-event` (the
 * fix moves its marks onto that event), two at one onset `duplicate-onset`.
 * Returns them in time order, or undefined when there are none.
 */
export function checkOnsets(cursor: Cursor, eventCount: number): CheckedOnsets | undefined {
  const count = cursor.onsetCount;
  if (count === 0) return undefined;
  const eventAt = new Map<string, number>();
  let time = ZERO;
  for (let i = 0; i < eventCount; i++) {
    const event = cursor.events[i]!;
    const key = formatRational(time);
    const first = eventAt.get(key);
    if (first === undefined || cursor.events[first]!.grace) eventAt.set(key, i);
    if (!event.grace) time = add(time, event.duration);
  }
  const itemAt = new Map<string, number>();
  const order: number[] = [];
  for (let i = 0; i < count; i++) {
    const { onset } = cursor.onsets[i]!;
    const location = cursor.onsetLocations[i]!;
    const key = formatRational(onset);
    if (compare(onset, time) >= 0) {
      report(
        cursor,
        'onset-outside-lane',
        location.start,
        location.end,
        `The @ item at ${key} stands at or past the end of the lane's events, at ${formatRational(time)}.`,
        `an @ item stands inside its lane, from @0 to before the lane's end (${formatRational(time)}); marks after the last event go on an event of the next measure`,
      );
      continue;
    }
    const event = eventAt.get(key);
    if (event !== undefined) {
      report(
        cursor,
        'onset-at-event',
        location.start,
        location.end,
        `The @ item at ${key} stands where an event of the lane starts.`,
        'marks where an event starts go on the event itself: E4=1/4\\p',
        moveMarksEdit(cursor, location, cursor.eventEnds[event]!),
      );
      continue;
    }
    const first = itemAt.get(key);
    if (first !== undefined) {
      report(
        cursor,
        'duplicate-onset',
        location.start,
        location.end,
        `Two @ items stand at ${key}.`,
        'write the marks of one onset in one @ item',
        moveMarksEdit(cursor, location, cursor.onsetLocations[first]!.end),
      );
      continue;
    }
    itemAt.set(key, i);
    order.push(i);
  }
  order.sort((a, b) => compare(cursor.onsets[a]!.onset, cursor.onsets[b]!.onset));
  return {
    onsetMarks: order.map((i) => cursor.onsets[i]!),
    locations: order.map((i) => cursor.onsetLocations[i]!),
  };
}

/**
 * The edit that removes an `@` item (with the spaces before it) and writes
 * its marks at `target`, the end of an event or of another item, in one
 * replacement of the text between them.
 */
function moveMarksEdit(cursor: Cursor, item: OnsetLocation, target: number) {
  if (cursor.issues.length >= LIMITS.maxIssues) return undefined;
  const { text } = cursor;
  let marksStart = item.end;
  for (const mark of item.marks) marksStart = Math.min(marksStart, mark.start);
  const marks = text.slice(marksStart, item.end);
  let before = item.start;
  while (before > cursor.lineStart && isSpace(text.charCodeAt(before - 1))) before--;
  if (target <= item.start) {
    return { start: target, end: item.end, text: `${marks}${text.slice(target, before)}` };
  }
  return { start: before, end: target, text: `${text.slice(item.end, target)}${marks}` };
}
