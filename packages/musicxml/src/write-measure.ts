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
      moveTo(ZERO);
      const voiceId = String(voice.voice + (staff - 1) * writing.stride);
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
      voice.events.forEach((event, eventIndex) => {
        if (voiceIndex === 0) {
          while (aligned.length > 0 && compare(aligned[0]!.at, at) <= 0)
            body.push(aligned.shift()!.x);
        }
        body.push(
          ...writeEvent(event, {
            divisions,
            voice: voiceId,
            staff: partInfo.staves > 1 ? staff : undefined,
            tiedIn: event.grace ? [] : tiedIn,
            bracket: brackets.get(eventIndex),
            stripTuplets,
            stripBeams: stripBeams.has(eventIndex),
            measureRest:
              event.kind === 'rest' &&
              sounding.length === 1 &&
              compare(event.duration, length) === 0,
            next: nextSounding(voice.events, eventIndex + 1) ?? nextVoiceStart(voice.voice),
          }),
        );
        if (!event.grace) {
          at = add(at, event.duration);
          cursor = at;
          tiedIn = tiedPitches(event);
        }
      });
      writing.tiesOut.set(tieKey, tiedIn);
    });
    for (const item of [...aligned, ...loose]) {
      moveTo(item.at);
      body.push(item.x);
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
