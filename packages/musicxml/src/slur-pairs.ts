/**
 * Slurs are written whole or not at all. A kept `<slur type="start"/>` whose
 * end was on a note a rewrite replaced (or the other way round) would leave
 * a slur open to the end of the part in every reader; export removes such a
 * half, so the plan's `dropped` ("the slur that ran from here to the note
 * in m4") says exactly what the score lost.
 *
 * Ends pair as MusicXML pairs them: by `number` (1 when left out), within a
 * part, a stop closing the latest open start of its number. A stop that
 * comes before its start in the file's order, in the same measure (another
 * voice that starts earlier), pairs with it too.
 */
import { marksOf } from '@scorelane/score-model';
import { eventKeep } from './attachment-types.ts';
import type { ScoreSnapshot } from './score-snapshot.ts';
import { isElement, withChildren, type XmlElement } from './xml-tree.ts';

/** One slur end: where it is (measure, note, notations, child) and what it is. */
interface SlurEnd {
  readonly measure: number;
  readonly note: number;
  readonly notations: number;
  readonly slur: number;
  readonly type: 'start' | 'stop';
  readonly number: string;
}

function endsOf(measure: XmlElement, measureIndex: number): SlurEnd[] {
  const ends: SlurEnd[] = [];
  // Plain loops over every note the part writes: no closure per note or notations.
  const notes = measure.c ?? [];
  for (let noteIndex = 0; noteIndex < notes.length; noteIndex++) {
    const note = notes[noteIndex]!;
    if (!isElement(note) || note.n !== 'note') continue;
    const children = note.c ?? [];
    for (let notationsIndex = 0; notationsIndex < children.length; notationsIndex++) {
      const notations = children[notationsIndex]!;
      if (!isElement(notations) || notations.n !== 'notations') continue;
      const marks = notations.c ?? [];
      for (let slurIndex = 0; slurIndex < marks.length; slurIndex++) {
        const slur = marks[slurIndex]!;
        if (!isElement(slur) || slur.n !== 'slur') continue;
        const type = slur.a?.type;
        if (type !== 'start' && type !== 'stop') continue;
        ends.push({
          measure: measureIndex,
          note: noteIndex,
          notations: notationsIndex,
          slur: slurIndex,
          type,
          number: slur.a?.number ?? '1',
        });
      }
    }
  }
  return ends;
}

/** The slur ends of a part that have no other end. */
function unpaired(measures: readonly XmlElement[]): SlurEnd[] {
  const open = new Map<string, SlurEnd[]>();
  const lonely: SlurEnd[] = [];
  measures.forEach((measure, measureIndex) => {
    const early: SlurEnd[] = [];
    for (const end of endsOf(measure, measureIndex)) {
      const starts = open.get(end.number) ?? [];
      if (end.type === 'start') {
        const waiting = early.findIndex((stop) => stop.number === end.number);
        if (waiting >= 0) early.splice(waiting, 1);
        else open.set(end.number, [...starts, end]);
      } else if (starts.length > 0) {
        open.set(end.number, starts.slice(0, -1));
      } else {
        early.push(end);
      }
    }
    lonely.push(...early);
  });
  for (const starts of open.values()) lonely.push(...starts);
  return lonely;
}

function key(end: { measure: number; note: number; notations: number; slur: number }): string {
  return `${end.measure}/${end.note}/${end.notations}/${end.slur}`;
}

/** A note without the slur ends listed in `drop` (keys of its measure and place). */
function withoutEnds(note: XmlElement, at: string, drop: ReadonlySet<string>): XmlElement {
  const children = (note.c ?? []).flatMap((notations, notationsIndex) => {
    if (!isElement(notations) || notations.n !== 'notations') return [notations];
    const kept = (notations.c ?? []).filter(
      (_, slurIndex) => !drop.has(`${at}/${notationsIndex}/${slurIndex}`),
    );
    if (kept.length === (notations.c ?? []).length) return [notations];
    return kept.length > 0 || notations.a !== undefined ? [withChildren(notations, kept)] : [];
  });
  return withChildren(note, children);
}

/**
 * The slur elements of a part's measures that have no other end, as a file
 * holds them: import marks them `open`, so export writes them back as they
 * were instead of taking them for halves an edit left.
 *
 * @example
 * ```ts
 * loneSlurs(childElements(part, 'measure')).length; // 1 in a file whose last slur never ends
 * ```
 */
export function loneSlurs(measures: readonly XmlElement[]): XmlElement[] {
  return unpaired(measures).map((end) => {
    const note = measures[end.measure]!.c![end.note] as XmlElement;
    const notations = note.c![end.notations] as XmlElement;
    return notations.c![end.slur] as XmlElement;
  });
}

/**
 * The place of a slur end as {@link withWholeSlurs} is told of one a file
 * left open: `"<measure index>/<start|stop>/<number>"`, 0-based.
 *
 * @example
 * ```ts
 * openSlurKey(0, 'start', '1'); // "0/start/1"
 * ```
 */
export function openSlurKey(measure: number, type: string, number: string): string {
  return `${measure}/${type}/${number}`;
}

/**
 * The measures of one part with every slur end that has no other end
 * removed, except those the file itself left open (`open` gives their
 * keys, see {@link openSlurKey}; asked only when some end is alone); the
 * same array when every slur is whole.
 *
 * @example
 * ```ts
 * withWholeSlurs(measures); // a start whose stop was rewritten away is gone
 * ```
 */
export function withWholeSlurs(
  measures: readonly XmlElement[],
  open: () => ReadonlySet<string> = () => new Set(),
): readonly XmlElement[] {
  let lonely = unpaired(measures);
  if (lonely.length === 0) return measures;
  const leftOpen = open();
  lonely = lonely.filter((end) => !leftOpen.has(openSlurKey(end.measure, end.type, end.number)));
  if (lonely.length === 0) return measures;
  const drop = new Set(lonely.map(key));
  const touched = new Set(lonely.map((end) => `${end.measure}/${end.note}`));
  return measures.map((measure, measureIndex) => {
    if (!lonely.some((end) => end.measure === measureIndex)) return measure;
    const children = (measure.c ?? []).map((note, noteIndex) => {
      const at = `${measureIndex}/${noteIndex}`;
      return isElement(note) && touched.has(at) ? withoutEnds(note, at, drop) : note;
    });
    return withChildren(measure, children);
  });
}

/**
 * The slur ends of a part that import marked `open` (the file left them
 * without their other end), as keys of {@link openSlurKey}.
 *
 * @example
 * ```ts
 * withWholeSlurs(measures, () => openSlurEnds(snapshot, 1));
 * ```
 */
export function openSlurEnds(snapshot: ScoreSnapshot, part: number): Set<string> {
  const keys = new Set<string>();
  const staves = snapshot.parts[part - 1]?.staves ?? 1;
  for (let measure = 1; measure <= snapshot.measures.length; measure++) {
    for (let staff = 1; staff <= staves; staff++) {
      for (const voice of snapshot.unit(part, staff, measure).voices) {
        for (const event of voice.events) {
          for (const mark of marksOf(event.attachments) ?? []) {
            if (!mark.open || (mark.kind !== 'slur-start' && mark.kind !== 'slur-stop')) continue;
            const type = mark.kind === 'slur-start' ? 'start' : 'stop';
            keys.add(openSlurKey(measure - 1, type, mark.number ?? '1'));
          }
        }
      }
    }
  }
  return keys;
}

/**
 * The highest slur `number` the kept notes of a part use (0 when none), so
 * that slurs written from the model take numbers above it.
 *
 * @example
 * ```ts
 * keptSlurNumbers(snapshot, 1); // 1 when a cross-staff slur numbered 1 is kept
 * ```
 */
export function keptSlurNumbers(snapshot: ScoreSnapshot, part: number): number {
  let highest = 0;
  const staves = snapshot.parts[part - 1]?.staves ?? 1;
  for (let measure = 1; measure <= snapshot.measures.length; measure++)
    for (let staff = 1; staff <= staves; staff++)
      for (const voice of snapshot.unit(part, staff, measure).voices)
        for (const event of voice.events)
          if (event.attachments !== undefined)
            for (const note of eventKeep(event)?.notes ?? []) highest = highestSlur(note, highest);
  return highest;
}

/** The highest slur `number` a kept note uses, or `highest` (walked without copying its children). */
function highestSlur(note: XmlElement, highest: number): number {
  for (const notations of note.c ?? []) {
    if (!isElement(notations) || notations.n !== 'notations') continue;
    for (const slur of notations.c ?? []) {
      if (!isElement(slur) || slur.n !== 'slur') continue;
      const number = Number(slur.a?.number ?? '1');
      if (Number.isInteger(number) && number > highest) highest = Math.min(number, 16);
    }
  }
  return highest;
}
