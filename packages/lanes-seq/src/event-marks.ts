/**
 * The marks read for one event or `@` item, checked and put in canonical
 * order: which marks the event takes (a rest takes no staccato, a grace note
 * no dynamic), the same mark written twice, and where each mark stands.
 */
import type { LaneEvent, MarkLocation } from './document.ts';
import {
  compareMarks,
  describeMark,
  fitsGrace,
  fitsOnset,
  fitsRest,
  markSlot,
} from './mark-text.ts';
import type { LaneMark } from './marks.ts';
import { type Cursor, quote, report } from './parse-cursor.ts';

/** What carries the marks: it decides which marks it may take. */
export type MarkTarget = 'note' | 'chord' | 'rest' | 'space' | 'grace' | 'onset';

/** The marks of one event or `@` item, in canonical order, with where each stands (in step). */
export interface CheckedMarks {
  readonly marks: readonly LaneMark[];
  readonly locations: readonly MarkLocation[];
}

/**
 * Checks the `count` marks in `cursor.marks` for `target` and returns them
 * in canonical order with their locations, or undefined when there are none.
 * Problems are reported (the caller sees them in the tally).
 */
export function checkMarks(
  cursor: Cursor,
  count: number,
  target: MarkTarget,
): CheckedMarks | undefined {
  if (count === 0) return undefined;
  const entries: { mark: LaneMark; location: MarkLocation }[] = [];
  const slots = new Set<string>();
  for (let i = 0; i < count; i++) {
    const mark = cursor.marks[i]!;
    const start = cursor.markStarts[i]!;
    const end = cursor.markEnds[i]!;
    if (!fitsTarget(cursor, mark, target, start, end)) continue;
    const slot = markSlot(mark);
    if (slots.has(slot)) {
      report(
        cursor,
        'duplicate-mark',
        start,
        end,
        `${quote(cursor, start, end)} repeats ${describeMark(mark)} on one ${target === 'onset' ? '@ item' : 'event'}, which takes one.`,
        'remove the second one',
        { start, end, text: '' },
      );
      continue;
    }
    slots.add(slot);
    entries.push({ mark, location: { start, end } });
  }
  if (entries.length === 0) return undefined;
  if (entries.length > 1) entries.sort((a, b) => compareMarks(a.mark, b.mark));
  return {
    marks: entries.map((entry) => entry.mark),
    locations: entries.map((entry) => entry.location),
  };
}

/** Whether the target takes the mark; reports it (with the fix that removes it) when not. */
function fitsTarget(
  cursor: Cursor,
  mark: LaneMark,
  target: MarkTarget,
  start: number,
  end: number,
): boolean {
  const written = quote(cursor, start, end);
  if (target === 'rest' || target === 'space' || target === 'onset') {
    if (target === 'onset' ? fitsOnset(mark) : fitsRest(mark)) return true;
    report(
      cursor,
      'mark-on-rest',
      start,
      end,
      target === 'onset'
        ? `${written} (${describeMark(mark)}) stands at an onset without an event; an @ item takes only marks a rest may take.`
        : `${written} (${describeMark(mark)}) stands on a rest, which takes no articulation, ornament, technique, tremolo, fingering, arpeggio or slur.`,
      target === 'onset'
        ? 'put it on the event it belongs to, or remove it'
        : 'remove it, or put it on the note it belongs to',
      { start, end, text: '' },
    );
    return false;
  }
  if (target === 'grace' && !fitsGrace(mark)) {
    report(
      cursor,
      'mark-on-grace',
      start,
      end,
      `${written} (${describeMark(mark)}) stands on a grace note, which takes only articulations, ornaments, techniques, fingerings, arpeggios and slurs.`,
      'remove it, or put it on the main note after the grace notes',
      { start, end, text: '' },
    );
    return false;
  }
  if (target === 'chord' && mark.kind === 'fingering') {
    report(
      cursor,
      'mark-on-chord',
      start,
      end,
      `The fingering ${written} stands after a whole chord; each note of a chord has its own.`,
      'write the finger after its pitch inside the chord: (C4-1 E4-3 G4-5)=1/2',
    );
    return false;
  }
  return true;
}

/**
 * The event with the marks read after its duration (`cursor.value.markCount`
 * of them), checked for it, or undefined when any of them was reported. Sets
 * `cursor.value.markLocations` for the lane's location.
 */
export function withMarks<E extends LaneEvent>(cursor: Cursor, event: E): E | undefined {
  const { value } = cursor;
  if (value.markCount === 0) return event;
  const problemsBefore = cursor.tally.count;
  const target: MarkTarget = event.grace ? 'grace' : event.kind;
  const checked = checkMarks(cursor, value.markCount, target);
  if (checked === undefined || cursor.tally.count > problemsBefore) return undefined;
  value.markLocations = checked.locations;
  return { ...event, marks: checked.marks };
}
