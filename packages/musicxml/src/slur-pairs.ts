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
 *
 * The pairing goes measure by measure ({@link SlurPairing}), so that export
 * can write each measure as text as soon as its ends are settled, instead
 * of holding the trees of a whole part until the part ends.
 */
import { marksOf } from '@scorelane/score-model';
import type { ScoreSnapshot } from './score-snapshot.ts';
import { isElement, withChildren, type XmlElement, type XmlNode } from './xml-tree.ts';

/**
 * One slur end: where it is in its `<measure>` (the note, the notations and
 * the slur, each as an index among its parent's children, and the measure's
 * 0-based index in the part) and what it is.
 *
 * @example
 * ```ts
 * const end: SlurEnd = { measure: 0, note: 2, notations: 4, slur: 0, type: 'start', number: '1' };
 * ```
 */
export interface SlurEnd {
  readonly measure: number;
  readonly note: number;
  readonly notations: number;
  readonly slur: number;
  readonly type: 'start' | 'stop';
  readonly number: string;
}

/**
 * A measure whose slur ends are all known now, paired or alone: `lonely`
 * lists those alone, in the measure's order.
 *
 * @example
 * ```ts
 * const settled: SettledMeasure = { measure: 3, lonely: [] };
 * ```
 */
export interface SettledMeasure {
  readonly measure: number;
  readonly lonely: readonly SlurEnd[];
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

/** A measure whose starts are not all closed yet. */
interface Waiting {
  /** Its starts still open. */
  starts: number;
  /** Its ends known to be alone so far (stops with no start before them). */
  readonly lonely: SlurEnd[];
}

/**
 * The slur ends of one part paired as they come, measure by measure
 * ({@link SlurPairing.add}), each measure reported settled as soon as none
 * of its ends can still pair: its lone stops are known at its end, its
 * starts once each is closed. {@link SlurPairing.finish} settles the rest,
 * their open starts alone.
 *
 * @example
 * ```ts
 * const pairing = new SlurPairing();
 * pairing.add(measure1); // [] while a slur started in it is open
 * pairing.add(measure2); // [{ measure: 0, lonely: [] }, { measure: 1, lonely: [] }] once it ends
 * ```
 */
export class SlurPairing {
  /** The starts open, by number, the latest last. */
  readonly #open = new Map<string, SlurEnd[]>();
  /** The measures not yet settled, by index. */
  readonly #waiting = new Map<number, Waiting>();
  #next = 0;

  /**
   * Pairs the slur ends of the part's next `<measure>`; returns the
   * measures this settles, in order (this one among them when all its
   * starts are closed in it).
   */
  add(measure: XmlElement): SettledMeasure[] {
    const index = this.#next++;
    const ends = endsOf(measure, index);
    if (ends.length === 0) return [{ measure: index, lonely: [] }];
    const own: Waiting = { starts: 0, lonely: [] };
    const closed: number[] = [];
    for (const end of ends) {
      const starts = this.#open.get(end.number);
      if (end.type === 'start') {
        // A stop of this measure written before its start (another voice) pairs with it.
        const early = own.lonely.findIndex((stop) => stop.number === end.number);
        if (early >= 0) own.lonely.splice(early, 1);
        else {
          if (starts) starts.push(end);
          else this.#open.set(end.number, [end]);
          own.starts++;
        }
      } else if (starts) {
        const start = starts.pop()!;
        if (starts.length === 0) this.#open.delete(end.number);
        if (start.measure === index) own.starts--;
        else closed.push(start.measure);
      } else own.lonely.push(end);
    }
    const settled: SettledMeasure[] = [];
    // Measures before this one whose last open start this measure closed, in order.
    closed.sort((a, b) => a - b);
    for (let at = 0; at < closed.length; at++) {
      const waiting = this.#waiting.get(closed[at]!)!;
      waiting.starts--;
      if (waiting.starts > 0) continue;
      this.#waiting.delete(closed[at]!);
      settled.push({ measure: closed[at]!, lonely: waiting.lonely });
    }
    if (own.starts === 0) settled.push({ measure: index, lonely: own.lonely });
    else this.#waiting.set(index, own);
    return settled;
  }

  /** Settles every measure still waiting: the starts never closed are alone. */
  finish(): SettledMeasure[] {
    for (const starts of this.#open.values())
      for (const start of starts) this.#waiting.get(start.measure)!.lonely.push(start);
    this.#open.clear();
    const settled = [...this.#waiting]
      .sort(([a], [b]) => a - b)
      .map(([measure, waiting]) => ({ measure, lonely: waiting.lonely }));
    this.#waiting.clear();
    return settled;
  }
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
  const pairing = new SlurPairing();
  const found: XmlElement[] = [];
  const collect = (settled: readonly SettledMeasure[]) => {
    for (const { lonely } of settled)
      for (const end of lonely) {
        const note = measures[end.measure]!.c![end.note] as XmlElement;
        const notations = note.c![end.notations] as XmlElement;
        found.push(notations.c![end.slur] as XmlElement);
      }
  };
  for (const measure of measures) collect(pairing.add(measure));
  collect(pairing.finish());
  return found;
}

/** A note without the slur ends of `drop` that are on it (`noteIndex` in its measure). */
function withoutEnds(note: XmlElement, noteIndex: number, drop: readonly SlurEnd[]): XmlElement {
  const children: XmlNode[] = [];
  const nodes = note.c ?? [];
  for (let notationsIndex = 0; notationsIndex < nodes.length; notationsIndex++) {
    const notations = nodes[notationsIndex]!;
    const gone = drop.filter((end) => end.note === noteIndex && end.notations === notationsIndex);
    if (gone.length === 0 || !isElement(notations)) {
      children.push(notations);
      continue;
    }
    const kept = (notations.c ?? []).filter((_, index) => !gone.some((end) => end.slur === index));
    if (kept.length > 0 || notations.a !== undefined) children.push(withChildren(notations, kept));
  }
  return withChildren(note, children);
}

/**
 * A `<measure>` of a part without the slur ends of `lonely` (ends of that
 * measure found alone, see {@link SlurPairing}), except those the file
 * itself left open (import marked them `open` on the events of the
 * measure: see {@link openSlurEndsIn}); the same element when none goes.
 *
 * @example
 * ```ts
 * withoutLonelySlurs(measure, settled.lonely, snapshot, 1, 4); // a start whose stop was rewritten away is gone
 * ```
 */
export function withoutLonelySlurs(
  measure: XmlElement,
  lonely: readonly SlurEnd[],
  snapshot: ScoreSnapshot,
  part: number,
  index: number,
): XmlElement {
  if (lonely.length === 0) return measure;
  const leftOpen = openSlurEndsIn(snapshot, part, index);
  const drop = lonely.filter((end) => !leftOpen.has(`${end.type}/${end.number}`));
  if (drop.length === 0) return measure;
  const children = (measure.c ?? []).map((note, noteIndex) =>
    isElement(note) && drop.some((end) => end.note === noteIndex)
      ? withoutEnds(note, noteIndex, drop)
      : note,
  );
  return withChildren(measure, children);
}

/**
 * The slur ends import marked `open` (the file left them without their
 * other end) on the events of measure `index` (1-based) of a part, as
 * `"<start|stop>/<number>"`.
 *
 * @example
 * ```ts
 * openSlurEndsIn(snapshot, 1, 12); // Set { "start/1" } where the file's last slur never ends
 * ```
 */
export function openSlurEndsIn(snapshot: ScoreSnapshot, part: number, index: number): Set<string> {
  const keys = new Set<string>();
  const staves = snapshot.parts[part - 1]?.staves ?? 1;
  for (let staff = 1; staff <= staves; staff++) {
    for (const voice of snapshot.unit(part, staff, index).voices) {
      for (const event of voice.events) {
        for (const mark of marksOf(event.attachments) ?? []) {
          if (!mark.open || (mark.kind !== 'slur-start' && mark.kind !== 'slur-stop')) continue;
          keys.add(`${mark.kind === 'slur-start' ? 'start' : 'stop'}/${mark.number ?? '1'}`);
        }
      }
    }
  }
  return keys;
}
