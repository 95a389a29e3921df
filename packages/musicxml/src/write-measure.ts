/**
 * Writing one measure of one part: for each staff, its voices with
 * `<backup>` between them, the elements kept between notes at their offsets,
 * and the measure's opening `<attributes>` from the model.
 */
import {
  add,
  compare,
  notateDuration,
  type Pitch,
  type Rational,
  rational,
  subtract,
  type TupletRatio,
  ZERO,
} from '@scorelane/lanes-seq';
import type { MeasureInfo, PartInfo, ScoreEvent } from '@scorelane/score-model';
import type { PlacedElement } from './attachment-types.ts';
import { toDivisions } from './divisions.ts';
import { ATTRIBUTES_ORDER, mergeInOrder } from './element-order.ts';
import { brokenBeams, isMixed, keptTupletsPairUp } from './kept-groups.ts';
import type { ScoreSnapshot } from './score-snapshot.ts';
import {
  keyLabel,
  openingSignature,
  timeLabel,
  writeClef,
  writeKey,
  writeTime,
} from './signatures.ts';
import { parseAt, unitKeep } from './unit-keep.ts';
import { writeEvent } from './write-note.ts';
import { element, isElement, withChildren, type XmlElement, type XmlNode } from './xml-tree.ts';

/**
 * The length of a measure: its pickup, else its time signature.
 *
 * @example
 * ```ts
 * lengthOf({ time: { beats: 3, beatType: 4 }, key }); // { num: 3, den: 4 }
 * ```
 */
export function lengthOf(info: MeasureInfo): Rational {
  return info.pickup ?? rational(info.time.beats, info.time.beatType);
}

/**
 * The pitches an event ties into the next sounding event.
 *
 * @example
 * ```ts
 * tiedPitches(chordWithTiedC4); // [C4]
 * ```
 */
export function tiedPitches(event: ScoreEvent): Pitch[] {
  if (event.kind === 'note') return event.tie ? [event.pitch] : [];
  if (event.kind === 'chord')
    return event.notes.filter((note) => event.tie || note.tie).map((note) => note.pitch);
  return [];
}

function nextSounding(events: readonly ScoreEvent[], from: number): ScoreEvent | undefined {
  for (let index = from; index < events.length; index++)
    if (!events[index]!.grace) return events[index];
  return undefined;
}

/** Whether an event carries notes kept from a file. */
function hasKeep(event: ScoreEvent): boolean {
  return event.attachments !== undefined;
}

function isPlain(value: Rational): boolean {
  let den = value.den;
  while (den % 2 === 0) den /= 2;
  return den === 1;
}

/**
 * Tuplet brackets for the events the model wrote: consecutive tuplet values
 * of one ratio, grouped until they last a plain value, as the planner groups
 * them. Groups holding a kept note keep the brackets the file had, unless
 * `all` (when the kept brackets no longer pair up, see `kept-groups.ts`).
 *
 * @example
 * ```ts
 * tupletBrackets(threeTripletEighths); // Map { 0 => start, 2 => stop }
 * ```
 */
export function tupletBrackets(
  events: readonly ScoreEvent[],
  all = false,
): Map<number, { start: boolean; stop: boolean; ratio: TupletRatio }> {
  const brackets = new Map<number, { start: boolean; stop: boolean; ratio: TupletRatio }>();
  let group: { ratio: TupletRatio; members: number[]; total: Rational } | undefined;
  events.forEach((event, index) => {
    if (event.grace) return;
    const notation = notateDuration(event.duration);
    const ratio =
      notation.kind === 'tuplet' || notation.kind === 'tied' ? notation.ratio : undefined;
    if (
      !ratio ||
      (group && (group.ratio.actual !== ratio.actual || group.ratio.normal !== ratio.normal))
    ) {
      group = undefined;
    }
    if (!ratio) return;
    group ??= { ratio, members: [], total: ZERO };
    group.members.push(index);
    group.total = add(group.total, event.duration);
    if (isPlain(group.total)) {
      const members = group.members;
      if (all || !members.some((member) => hasKeep(events[member]!))) {
        const first = members[0]!;
        const last = members[members.length - 1]!;
        brackets.set(first, { start: true, stop: first === last, ratio: group.ratio });
        if (last !== first) brackets.set(last, { start: false, stop: true, ratio: group.ratio });
      }
      group = undefined;
    }
  });
  return brackets;
}

/**
 * Turns kept `r:3/8` values of `<offset>` and `<duration>` (at any depth)
 * back into divisions.
 *
 * @example
 * ```ts
 * inDivisions({ n: 'direction', c: [{ n: 'offset', c: ['r:1/8'] }] }, 2); // <offset>1</offset>
 * ```
 */
export function inDivisions(item: XmlElement, divisions: number): XmlElement {
  if (!item.c?.some(isElement)) return item;
  let changed = false;
  const children = item.c.map((node) => {
    if (!isElement(node)) return node;
    const text = node.c?.[0];
    if (
      (node.n === 'offset' || node.n === 'duration') &&
      typeof text === 'string' &&
      text.startsWith('r:')
    ) {
      changed = true;
      const [num, den] = text.slice(2).split('/').map(Number);
      return withChildren(node, [String(toDivisions(rational(num!, den!), divisions))]);
    }
    const inner = inDivisions(node, divisions);
    if (inner !== node) changed = true;
    return inner;
  });
  return changed ? withChildren(item, children) : item;
}

/**
 * Every kept value in whole notes (`r:3/8`) inside an element, at any depth.
 *
 * @example
 * ```ts
 * keptDurations({ n: 'direction', c: [{ n: 'sound', c: [{ n: 'offset', c: ['r:1/8'] }] }] }); // ['1/8']
 * ```
 */
export function keptDurations(item: XmlElement, found: string[] = []): string[] {
  for (const node of item.c ?? []) {
    if (!isElement(node)) continue;
    const text = node.c?.[0];
    if (
      (node.n === 'offset' || node.n === 'duration') &&
      typeof text === 'string' &&
      text.startsWith('r:')
    )
      found.push(text.slice(2));
    else keptDurations(node, found);
  }
  return found;
}

/** The opening `<attributes>` of a measure: kept as it was while the model agrees, else rewritten from it. */
function openingAttributes(
  measures: readonly MeasureInfo[],
  index: number,
  part: PartInfo,
  stored: PlacedElement | undefined,
  divisions: number,
): XmlElement | undefined {
  const signature = openingSignature(measures, index, part);
  let attributes: XmlElement;
  if (stored && stored.start === signature) attributes = stored.x;
  else {
    const owned =
      index === 1 ? new Set(['key', 'time', 'staves', 'clef']) : new Set(['key', 'time']);
    const kept = (stored?.x.c ?? []).filter((node) => !(isElement(node) && owned.has(node.n)));
    const current = measures[index - 1]!;
    const previous = measures[index - 2];
    const generated: XmlElement[] = [];
    if (!previous || keyLabel(previous.key) !== keyLabel(current.key))
      generated.push(writeKey(current.key));
    if (!previous || timeLabel(previous.time) !== timeLabel(current.time))
      generated.push(writeTime(current.time));
    if (index === 1) {
      if (part.staves > 1) generated.push(element('staves', {}, [String(part.staves)]));
      part.clefs.forEach((clef, staff) => {
        generated.push(writeClef(clef, part.staves > 1 ? staff + 1 : undefined));
      });
    }
    attributes = element(
      'attributes',
      stored?.x.a ?? {},
      mergeInOrder(ATTRIBUTES_ORDER, kept, generated),
    );
  }
  if (index === 1) {
    attributes = withChildren(
      attributes,
      mergeInOrder(ATTRIBUTES_ORDER, attributes.c ?? [], [
        element('divisions', {}, [String(divisions)]),
      ]),
    );
  }
  return (attributes.c ?? []).some((node) => isElement(node)) ? attributes : undefined;
}

/** What carries from one measure of a part to the next while writing it. */
export interface PartWriting {
  readonly snapshot: ScoreSnapshot;
  readonly part: number;
  readonly divisions: number;
  /** Voice numbers on staff `s` are written as `voice + (s - 1) * stride`. */
  readonly stride: number;
  /** Pitches tied out of the previous measure, by `staff/voice`. */
  readonly tiesOut: Map<string, Pitch[]>;
}

interface Placed {
  readonly at: Rational;
  readonly x: XmlElement;
}

function printedNumber(measures: readonly MeasureInfo[], index: number): string {
  const info = measures[index - 1]!;
  if (info.number !== undefined) return info.number;
  return String(measures[0]?.pickup ? index - 1 : index);
}

/**
 * The `<voice>` each voice of a measure is written with, by `staff/voice`:
 * the file's voice where import kept it (a voice that crosses staves keeps
 * one number), else `voice + (staff - 1) * stride`, moved up past any
 * number another voice of the measure already holds.
 *
 * @example
 * ```ts
 * voiceNumbers(writing, 3).get('2/1'); // "5": voice 1 of staff 2 as the file numbered it
 * ```
 */
export function voiceNumbers(writing: PartWriting, index: number): Map<string, string> {
  const { snapshot, part, stride } = writing;
  const staves = snapshot.parts[part - 1]!.staves;
  const numbers = new Map<string, string>();
  const used = new Set<string>();
  const fresh: [string, number][] = [];
  for (let staff = 1; staff <= staves; staff++) {
    const content = snapshot.unit(part, staff, index);
    const kept = unitKeep(content.attachments).voices ?? {};
    for (const { voice } of content.voices) {
      const id = kept[voice];
      if (id !== undefined) {
        numbers.set(`${staff}/${voice}`, id);
        used.add(id);
      } else fresh.push([`${staff}/${voice}`, voice + (staff - 1) * stride]);
    }
  }
  for (const [key, start] of fresh) {
    let id = start;
    while (used.has(String(id))) id++;
    numbers.set(key, String(id));
    used.add(String(id));
  }
  return numbers;
}

/** What one event of a voice writes, and when. */
interface Chunk {
  readonly at: Rational;
  readonly end: Rational;
  /** Elements kept between notes, written before the event. */
  readonly items: readonly XmlNode[];
  readonly notes: readonly XmlNode[];
  /** An invisible rest written as a `<forward>`: only fills time. */
  readonly filler: boolean;
  readonly grace: boolean;
}

/**
 * The voices written with one `<voice>` for several of the model's voices
 * (a voice that crosses staves, or overlaps itself), each collecting the
 * chunks of its parts.
 */
function crossingVoices(voiceIds: ReadonlyMap<string, string>): Map<string, { lanes: Chunk[][] }> {
  const counts = new Map<string, number>();
  for (const id of voiceIds.values()) counts.set(id, (counts.get(id) ?? 0) + 1);
  const crossing = new Map<string, { lanes: Chunk[][] }>();
  for (const [id, count] of counts) if (count > 1) crossing.set(id, { lanes: [] });
  return crossing;
}

/** How many voices MuseScore gives each staff: it numbers the voices of staff `s` from `4 (s - 1) + 1`. */
const MUSESCORE_VOICES_PER_STAFF = 4;

/**
 * The staff each voice that crosses staves is written on: the staff its
 * `<voice>` number belongs to as MuseScore numbers voices (voices 1-4 on
 * staff 1, 5-8 on staff 2, ...), where the voice has a part, else the first
 * staff it has a part on. MuseScore writes a voice among the voices of its
 * staff, whichever staff its notes are on; written in that order, a reader
 * that lands the `<backup>` after a voice a little off (see `backupTarget`)
 * meets the voices in the order of the file.
 */
function homeStaves(voiceIds: ReadonlyMap<string, string>): Map<string, number> {
  const staves = new Map<string, number[]>();
  for (const [key, id] of voiceIds) {
    const staff = Number(key.split('/')[0]);
    staves.set(id, [...(staves.get(id) ?? []), staff]);
  }
  const home = new Map<string, number>();
  for (const [id, on] of staves) {
    const number = Number(id);
    const own = Number.isInteger(number)
      ? Math.floor((number - 1) / MUSESCORE_VOICES_PER_STAFF) + 1
      : undefined;
    home.set(id, own !== undefined && on.includes(own) ? own : Math.min(...on));
  }
  return home;
}

/**
 * The chunks of the staves of one voice merged in time order, without the
 * `<forward>`s each staff used to fill the time the others play (each
 * staff's order is kept; at one time, grace notes first, then the lower
 * staff).
 */
function inTimeOrder(lanes: readonly (readonly Chunk[])[]): Chunk[] {
  const queues = lanes.map((chunks) =>
    chunks.filter((chunk) => !chunk.filler || chunk.items.length > 0),
  );
  const merged: Chunk[] = [];
  for (;;) {
    let best: number | undefined;
    queues.forEach((queue, lane) => {
      const head = queue[0];
      if (!head) return;
      const current = best === undefined ? undefined : queues[best]![0]!;
      if (
        !current ||
        compare(head.at, current.at) < 0 ||
        (compare(head.at, current.at) === 0 && head.grace && !current.grace)
      )
        best = lane;
    });
    if (best === undefined) return merged;
    merged.push(queues[best]!.shift()!);
  }
}

/**
 * Where a voice that starts with fillers (invisible rests that only fill
 * time) begins to be written after a `<backup>` from `cursor`, the end of
 * the voice before it on its staff: the index of its first chunk that is not
 * such a filler, when that starts before `cursor`, else 0. The `<backup>`
 * then goes straight to its first note, as MuseScore writes a voice on the
 * staff of the one before (and back to the measure's start, then a
 * `<forward>`, on a new staff), so a reader that times notes by their
 * printed values (as MuseScore does) and so ends the voice before elsewhere
 * than its `<duration>`s say lands where it lands in a MuseScore file.
 */
function backupTarget(chunks: readonly Chunk[], cursor: Rational): number {
  let first = 0;
  while (first < chunks.length && chunks[first]!.filler && chunks[first]!.items.length === 0)
    first++;
  if (first === chunks.length || compare(chunks[first]!.at, cursor) >= 0) return 0;
  return first;
}

/**
 * The `<measure>` element of measure `index` (1-based) of the part.
 *
 * @example
 * ```ts
 * const measure = writeMeasure(writing, 1);
 * ```
 */
export function writeMeasure(writing: PartWriting, index: number): XmlElement {
  const { snapshot, part, divisions } = writing;
  const measures = snapshot.measures;
  const info = measures[index - 1]!;
  const partInfo = snapshot.parts[part - 1]!;
  const length = lengthOf(info);
  const body: XmlNode[] = [];
  let cursor = ZERO;
  const moveTo = (at: Rational) => {
    const order = compare(at, cursor);
    if (order === 0) return;
    const amount = order < 0 ? subtract(cursor, at) : subtract(at, cursor);
    body.push(
      element(order < 0 ? 'backup' : 'forward', {}, [
        element('duration', {}, [String(toDivisions(amount, divisions))]),
      ]),
    );
    cursor = at;
  };
  const atEnd: XmlElement[] = [];
  let measureAttributes: { readonly [name: string]: string } | undefined;
  const voiceIds = voiceNumbers(writing, index);
  const crossing = crossingVoices(voiceIds);
  const home = homeStaves(voiceIds);
  const placed = new Set<string>();
  /** What the measure writes, in order: voices (or the parts of one voice, merged), then a staff's loose items. */
  const steps: (
    | { readonly lanes: Chunk[][]; readonly merged: boolean; readonly staff: number }
    | { readonly items: readonly Placed[] }
  )[] = [];
  for (let staff = 1; staff <= partInfo.staves; staff++) {
    const content = snapshot.unit(part, staff, index);
    const keep = unitKeep(content.attachments);
    if (staff === 1) measureAttributes = keep.measure;
    const items: Placed[] = [];
    let openingPlaced = false;
    for (const item of keep.items ?? []) {
      if (item.start !== undefined && staff === 1) {
        openingPlaced = true;
        const opening = openingAttributes(measures, index, partInfo, item, divisions);
        if (opening) items.push({ at: parseAt(item.at), x: opening });
        continue;
      }
      items.push({ at: parseAt(item.at), x: inDivisions(item.x, divisions) });
    }
    if (staff === 1 && !openingPlaced) {
      const opening = openingAttributes(measures, index, partInfo, undefined, divisions);
      if (opening) {
        let at = 0;
        while (at < items.length && items[at]!.at.num === 0 && items[at]!.x.n === 'print') at++;
        items.splice(at, 0, { at: ZERO, x: opening });
      }
    }
    const voices = [...content.voices].sort((a, b) => a.voice - b.voice);
    const onsets = new Set<string>(['0/1']);
    let onset = ZERO;
    for (const event of voices[0]?.events ?? []) {
      onsets.add(`${onset.num}/${onset.den}`);
      if (!event.grace) onset = add(onset, event.duration);
    }
    const aligned: Placed[] = [];
    const loose: Placed[] = [];
    for (const item of items) {
      if (compare(item.at, length) >= 0 && item.at.num > 0) atEnd.push(item.x);
      else if (onsets.has(`${item.at.num}/${item.at.den}`)) aligned.push(item);
      else loose.push(item);
    }
    const following = index < measures.length ? snapshot.unit(part, staff, index + 1) : undefined;
    const nextVoiceStart = (voice: number) =>
      nextSounding(following?.voices.find((other) => other.voice === voice)?.events ?? [], 0);
    voices.forEach((voice, voiceIndex) => {
      const voiceId = voiceIds.get(`${staff}/${voice.voice}`)!;
      const mixed = isMixed(voice.events);
      let brackets = tupletBrackets(voice.events);
      let stripTuplets = false;
      if (mixed && !keptTupletsPairUp(voice.events, brackets)) {
        brackets = tupletBrackets(voice.events, true);
        stripTuplets = true;
      }
      const stripBeams = mixed ? brokenBeams(voice.events) : new Set<number>();
      const tieKey = `${staff}/${voice.voice}`;
      let tiedIn: Pitch[] = writing.tiesOut.get(tieKey) ?? [];
      let at = ZERO;
      const sounding = voice.events.filter((event) => !event.grace);
      const chunks: Chunk[] = [];
      voice.events.forEach((event, eventIndex) => {
        const items: XmlNode[] = [];
        if (voiceIndex === 0) {
          while (aligned.length > 0 && compare(aligned[0]!.at, at) <= 0)
            items.push(aligned.shift()!.x);
        }
        const notes = writeEvent(event, {
          divisions,
          voice: voiceId,
          staff: partInfo.staves > 1 ? staff : undefined,
          tiedIn: event.grace ? [] : tiedIn,
          bracket: brackets.get(eventIndex),
          stripTuplets,
          stripBeams: stripBeams.has(eventIndex),
          measureRest:
            event.kind === 'rest' && sounding.length === 1 && compare(event.duration, length) === 0,
          next: nextSounding(voice.events, eventIndex + 1) ?? nextVoiceStart(voice.voice),
        });
        const end = event.grace ? at : add(at, event.duration);
        const filler = event.kind === 'space' && event.attachments === undefined;
        chunks.push({ at, end, items, notes, filler, grace: event.grace });
        if (!event.grace) {
          at = end;
          tiedIn = tiedPitches(event);
        }
      });
      writing.tiesOut.set(tieKey, tiedIn);
      const group = crossing.get(voiceId);
      if (!group) {
        steps.push({ lanes: [chunks], merged: false, staff });
        return;
      }
      // A voice written on several staves (or overlapping itself) is written once, among the
      // voices of its own staff (see homeStaves), its parts merged in time order.
      if (!placed.has(voiceId) && home.get(voiceId) === staff) {
        placed.add(voiceId);
        steps.push({ lanes: group.lanes, merged: true, staff });
      }
      group.lanes.push(chunks);
    });
    steps.push({ items: [...aligned, ...loose] });
  }
  let lastStaff: number | undefined;
  for (const step of steps) {
    if ('items' in step) {
      for (const item of step.items) {
        moveTo(item.at);
        body.push(item.x);
      }
      continue;
    }
    const sameStaff = step.staff === lastStaff;
    lastStaff = step.staff;
    if (!step.merged) {
      const chunks = step.lanes[0]!;
      const first = sameStaff ? backupTarget(chunks, cursor) : 0;
      moveTo(first === 0 ? ZERO : chunks[first]!.at);
      for (const chunk of chunks.slice(first)) {
        body.push(...chunk.items, ...chunk.notes);
        cursor = chunk.end;
      }
      continue;
    }
    // Merged in time order, so that what pairs up along the voice (slurs, beams, tuplets)
    // starts before it stops.
    const merged = inTimeOrder(step.lanes);
    if (!sameStaff || !merged[0] || compare(merged[0].at, cursor) >= 0) moveTo(ZERO);
    for (const chunk of merged) {
      moveTo(chunk.at);
      body.push(...chunk.items);
      // The <forward> of a filler is left out: the voice's other parts play then.
      if (chunk.filler) continue;
      body.push(...chunk.notes);
      cursor = chunk.end;
    }
  }
  if (atEnd.length > 0) {
    moveTo(length);
    for (const item of atEnd) body.push(item);
  }
  const attributes: Record<string, string> = { number: printedNumber(measures, index) };
  if (measureAttributes) Object.assign(attributes, measureAttributes);
  else if (index === 1 && info.pickup) attributes.implicit = 'yes';
  return element('measure', attributes, body);
}
