/**
 * Placing what the elements between notes say (`read-direction-marks.ts`)
 * on the music: a mark goes on the event that starts where the element
 * stands, in the voice its `<voice>` names, else in the lowest voice of
 * its staff that has one; where no event starts, on that voice's (or the
 * first voice's) marks at that onset. Lines (hairpins, octave lines,
 * pedal) are read whole: a start and the stop that pairs with it (by kind
 * and `number`, in the part's order, counting the ends kept as XML), the
 * stop in the start's voice: a hairpin's and a pedal's on the event at
 * whose start they end (the next measure's first, at the barline), an
 * octave line's on the last event it covers. Whatever cannot be placed so
 * stays kept, as the file had it. Of a line drawn twice over, the first
 * to start is read (see `line-twins.ts`). A part's pedals are read in the
 * style of its first (see `pedal-style.ts`); one drawn otherwise is kept.
 */
import { add, compare, type LaneMark, type Rational } from '@scorelane/lanes-seq';
import type { PlacedElement } from './attachment-types.ts';
import { LineLanes, type LinePoint } from './line-lanes.ts';
import { twinsInStartOrder } from './line-twins.ts';
import { loneLineEnds, loneNumbers } from './lone-line-ends.ts';
import { canJoin } from './mark-order.ts';
import type { OpenEvent, OpenUnit, OpenVoice } from './marked-units.ts';
import { type PedalStyle, samePedalStyle } from './pedal-style.ts';
import {
  type ItemMarks,
  lineEndsIn,
  readItemMarks,
  type SpanEnd,
  withLineEndNumber,
} from './read-direction-marks.ts';
import { takes } from './read-note-marks.ts';
import { parseAt } from './unit-keep.ts';
import { lineNumberFor } from './write-measure.ts';

/** Where marks go: an event, or a voice's marks at an onset. */
type Target =
  | { readonly event: OpenEvent; readonly unit: OpenUnit; readonly voice: OpenVoice }
  | { readonly onset: Rational; readonly unit: OpenUnit; readonly voice: OpenVoice };

function fits(
  target: Target,
  marks: readonly LaneMark[],
  already: readonly LaneMark[] = [],
): boolean {
  const held = 'event' in target ? target.event.marks : (entryAt(target)?.marks ?? []);
  const role = 'event' in target ? target.event.role : 'rest';
  const joined = [...held, ...already];
  for (const mark of marks) {
    if (!takes(role, mark) || !canJoin(joined, mark)) return false;
    joined.push(mark);
  }
  return true;
}

function entryAt(target: { onset: Rational; voice: OpenVoice }) {
  return target.voice.onsetMarks.find((entry) => compare(entry.onset, target.onset) === 0);
}

function put(target: Target, marks: readonly LaneMark[]): void {
  if ('event' in target) {
    target.event.marks.push(...marks);
    return;
  }
  const entry = entryAt(target);
  if (entry) entry.marks.push(...marks);
  else target.voice.onsetMarks.push({ onset: target.onset, marks: [...marks] });
}

function startsAt(voice: OpenVoice, at: Rational): OpenEvent | undefined {
  return voice.events.find((event) => event.role !== 'grace' && compare(event.onset, at) === 0);
}

function anyStartsAt(voice: OpenVoice, at: Rational): boolean {
  return voice.events.some((event) => compare(event.onset, at) === 0);
}

/** The model voice a file's `<voice>` names in a unit. */
function namedVoice(unit: OpenUnit, voiceId: string | undefined): OpenVoice | undefined {
  if (voiceId === undefined) return undefined;
  const number = Object.entries(unit.voiceIds).find(([, id]) => id === voiceId)?.[0];
  return unit.voices.find((voice) => String(voice.voice) === number);
}

/** Where marks standing at `at` go, if anywhere. */
function targetAt(
  unit: OpenUnit,
  at: Rational,
  voiceId: string | undefined,
  marks: readonly LaneMark[],
): Target | undefined {
  const named = namedVoice(unit, voiceId);
  const voices = named ? [named] : unit.voices;
  for (const voice of voices) {
    const event = startsAt(voice, at);
    if (event && fits({ event, unit, voice }, marks)) return { event, unit, voice };
  }
  const voice = named ?? unit.voices[0];
  if (!voice || at.num <= 0 || compare(at, unit.length) >= 0 || anyStartsAt(voice, at))
    return undefined;
  const target = { onset: at, unit, voice };
  return fits(target, marks) ? target : undefined;
}

/** One line end being read. */
interface End {
  readonly unit: OpenUnit;
  readonly item: PlacedElement;
  readonly at: Rational;
  readonly read: ItemMarks & { readonly span: SpanEnd };
}

/**
 * A line end of a direction the model keeps as XML: it is not read, but it
 * stops (or starts) the line of its kind and number all the same.
 */
interface KeptEnd {
  readonly kept: {
    readonly kind: SpanEnd['kind'];
    readonly type: SpanEnd['type'];
    readonly number: string;
  };
  readonly item: PlacedElement;
  readonly unit: OpenUnit;
}

/** The line ends of a part in the file's order, read or kept. */
type EndInOrder = End | KeptEnd;

/** The kind, number and type of a line end, read or kept. */
function spanOf(end: EndInOrder): Omit<SpanEnd, 'start' | 'stop'> {
  return 'kept' in end ? end.kept : end.read.span;
}

/** The units of a part by measure and staff. */
type Grid = Map<string, OpenUnit>;

function sameVoice(unit: OpenUnit | undefined, voice: number): OpenVoice | undefined {
  return unit?.voices.find((candidate) => candidate.voice === voice);
}

/** Where the stop of a line whose start went to `start` goes. */
function stopTarget(grid: Grid, start: Target, end: End, mark: LaneMark): Target | undefined {
  const unit = end.unit;
  if (unit.staff !== start.unit.staff) return undefined;
  const voice = sameVoice(unit, start.voice.voice);
  if (!voice) return undefined;
  const check = (target: Target | undefined) =>
    target && fits(target, [mark]) ? target : undefined;
  const at = end.at;
  if (end.read.span.kind === 'octave-line') {
    const last = [...voice.events]
      .reverse()
      .find((event) => event.role !== 'grace' && compare(event.end, at) === 0 && at.num > 0);
    if (last) return check({ event: last, unit, voice });
    if (at.num === 0) {
      const before = grid.get(`${unit.measure - 1}/${unit.staff}`);
      const previous = sameVoice(before, voice.voice);
      const event =
        previous && [...previous.events].reverse().find((held) => held.role !== 'grace');
      return event && before && previous
        ? check({ event, unit: before, voice: previous })
        : undefined;
    }
  } else {
    const event = startsAt(voice, at);
    if (event) return check({ event, unit, voice });
    if (compare(at, unit.length) >= 0) {
      const after = grid.get(`${unit.measure + 1}/${unit.staff}`);
      const next = sameVoice(after, voice.voice);
      const first = next && startsAt(next, { num: 0, den: 1 });
      if (first && after && next) return check({ event: first, unit: after, voice: next });
      const last = [...voice.events].reverse().find((held) => held.role !== 'grace');
      return last ? check({ event: last, unit, voice }) : undefined;
    }
  }
  if (at.num > 0 && compare(at, unit.length) < 0 && !anyStartsAt(voice, at))
    return check({ onset: at, unit, voice });
  return undefined;
}

/** Where a target stands in its voice, to keep the lines of a voice apart (see `line-lanes.ts`). */
function pointOf(target: Target): LinePoint {
  const { measure } = target.unit;
  if ('event' in target)
    return { measure, onset: target.event.onset, order: target.voice.events.indexOf(target.event) };
  return { measure, onset: target.onset, order: -1 };
}

/** The line ends already chosen for each target while lines are paired, before any is put. */
function pendingMarks(): { of(target: Target): LaneMark[] } {
  const byEvent = new Map<OpenEvent, LaneMark[]>();
  const byOnset = new Map<OpenVoice, Map<string, LaneMark[]>>();
  const list = <K>(map: Map<K, LaneMark[]>, key: K): LaneMark[] => {
    const marks = map.get(key) ?? [];
    map.set(key, marks);
    return marks;
  };
  return {
    of(target) {
      if ('event' in target) return list(byEvent, target.event);
      const onsets = byOnset.get(target.voice) ?? new Map<string, LaneMark[]>();
      byOnset.set(target.voice, onsets);
      return list(onsets, `${target.onset.num}/${target.onset.den}`);
    },
  };
}

/**
 * Pairs the line ends of a part as MusicXML pairs them: by kind and number,
 * in the file's order, a stop closing the open start of its number. Only
 * pairs whose ends are both read are given; a kept end closes (or opens) its
 * line all the same, so a read start never pairs with a read stop beyond it.
 */
function pairedEnds(inOrder: readonly EndInOrder[]): [End, End][] {
  const open = new Map<string, EndInOrder>();
  const pairs: [End, End][] = [];
  for (const end of inOrder) {
    const { kind, number, type } = spanOf(end);
    const key = `${kind}/${number}`;
    const waiting = open.get(key);
    if (type === 'stop' || type === 'change') {
      if (waiting && !('kept' in waiting) && !('kept' in end)) pairs.push([waiting, end]);
      open.delete(key);
    }
    if (type === 'start' || type === 'change') open.set(key, end);
  }
  return pairs;
}

/** A pair of line ends with the targets its start and stop go to, in the lane it would take. */
interface LineToPlace {
  readonly pair: [End, End];
  readonly start: Target;
  readonly stop: Target;
  readonly lane: string;
}

/** The pairs whose two ends have a target, each with them (a line on one event has none). */
function linesToPlace(pairs: readonly [End, End][], grid: Grid): LineToPlace[] {
  const lines: LineToPlace[] = [];
  for (const pair of pairs) {
    const [from, to] = pair;
    const start = targetAt(from.unit, from.at, from.read.voice, [from.read.span.start!]);
    const stop = start && stopTarget(grid, start, to, to.read.span.stop!);
    // A line that starts and stops on one event has no text: lanes-seq writes stops before starts.
    const oneEvent =
      start && stop && 'event' in start && 'event' in stop && start.event === stop.event;
    if (!start || !stop || oneEvent) continue;
    const lane = `${from.read.span.kind}/${start.unit.staff}/${start.voice.voice}`;
    lines.push({ pair, start, stop, lane });
  }
  return lines;
}

function pointKey({ measure, onset, order }: LinePoint): string {
  return `${measure}@${onset.num}/${onset.den}#${order}`;
}

/** Reads the lines of a part: pairs their ends, and places the pairs that fit whole. */
function readLines(inOrder: readonly EndInOrder[], grid: Grid, taken: Set<PlacedElement>): void {
  const pairs = pairedEnds(inOrder);
  const ends: End[] = [];
  for (const end of inOrder) if (!('kept' in end)) ends.push(end);
  const rank = new Map<EndInOrder, number>();
  for (let index = 0; index < inOrder.length; index++) rank.set(inOrder[index]!, index);
  const lines = twinsInStartOrder(
    linesToPlace(pairs, grid),
    ({ lane, start, stop }) => `${lane} ${pointKey(pointOf(start))} ${pointKey(pointOf(stop))}`,
    ({ pair }) => rank.get(pair[0])!,
  );
  const placed: LineToPlace[] = [];
  const pending = pendingMarks();
  const lanes = new LineLanes();
  for (const line of lines) {
    const { pair, start, stop, lane } = line;
    const startMark = pair[0].read.span.start!;
    const stopMark = pair[1].read.span.stop!;
    // Two lines may reach for one event (two hairpin starts on a note): the second stays kept.
    if (!fits(start, [startMark], pending.of(start)) || !fits(stop, [stopMark], pending.of(stop)))
      continue;
    // One line of a kind at a time in a voice: one that overlaps a line read before stays kept.
    if (!lanes.take(lane, pointOf(start), pointOf(stop))) continue;
    pending.of(start).push(startMark);
    pending.of(stop).push(stopMark);
    placed.push(line);
  }
  // A pedal change is one element for two lines: it is read only when both are.
  let rejected = new Set<End>();
  for (;;) {
    const ok = placed.filter(({ pair }) => !rejected.has(pair[0]) && !rejected.has(pair[1]));
    const used = new Map<End, number>();
    for (const { pair } of ok) for (const end of pair) used.set(end, (used.get(end) ?? 0) + 1);
    const next = new Set(rejected);
    for (const end of ends)
      if (end.read.span.type === 'change' && used.has(end) && used.get(end) !== 2) next.add(end);
    if (next.size === rejected.size) {
      for (const { pair, start, stop } of ok) {
        put(start, [pair[0].read.span.start!]);
        put(stop, [pair[1].read.span.stop!]);
        taken.add(pair[0].item);
        taken.add(pair[1].item);
      }
      return;
    }
    rejected = next;
  }
}

/**
 * Reads the elements kept between the notes of one part's units into
 * marks, taking the ones it places out of the units' kept items. Returns
 * the style the part's pedals are read in: the first pedal's, `undefined`
 * when the part has none the model can read.
 *
 * @example
 * ```ts
 * readDirections(unitsOfPart); // a <direction> with <p/> at 1/4: the dynamic p on the note at 1/4
 * ```
 */
export function readDirections(units: readonly OpenUnit[]): PedalStyle | undefined {
  const ordered = [...units].sort((a, b) => a.measure - b.measure || a.staff - b.staff);
  const grid: Grid = new Map(ordered.map((unit) => [`${unit.measure}/${unit.staff}`, unit]));
  const ends: EndInOrder[] = [];
  const taken = new Set<PlacedElement>();
  let pedalStyle: PedalStyle | undefined;
  for (const unit of ordered) {
    for (const item of unit.items) {
      if (item.start !== undefined) continue;
      const read = readItemMarks(item.x);
      const style = read?.span?.style;
      if (style !== undefined) pedalStyle ??= style;
      if (!read || (style !== undefined && !samePedalStyle(style, pedalStyle!))) {
        for (const kept of lineEndsIn(item.x)) ends.push({ kept, item, unit });
        continue;
      }
      const at = read.offset ? add(parseAt(item.at), read.offset) : parseAt(item.at);
      if (read.offset && (at.num < 0 || compare(at, unit.length) >= 0)) continue;
      if (read.span) {
        ends.push({ unit, item, at, read: read as End['read'] });
        continue;
      }
      if (read.marks.length === 0) continue;
      const target = targetAt(unit, at, read.voice, read.marks);
      if (!target) continue;
      put(target, read.marks);
      taken.add(item);
    }
  }
  readLines(ends, grid, taken);
  const renumbered = loneEndsRenumbered(ends, taken, ordered);
  for (const unit of ordered)
    unit.items = unit.items
      .filter((item) => !taken.has(item))
      .map((item) => renumbered.get(item) ?? item);
  return pedalStyle;
}

/**
 * The kept items of the pedal ends left alone (see `lone-line-ends.ts`),
 * each with its end numbered as lone pedal ends are: the starts with one
 * number, the stops with another, that neither a pedal kept whole nor a
 * pedal of the model uses. An item that holds more than one line end keeps
 * its numbers (and they stay taken). Hairpins and octave lines are left as
 * they are: `line-numbers.ts` numbers them before they are read, by the
 * measures each spans, and a lone end numbered apart would make a line of
 * the ends around it whole, which it then numbers anew.
 */
function loneEndsRenumbered(
  ends: readonly EndInOrder[],
  taken: ReadonlySet<PlacedElement>,
  units: readonly OpenUnit[],
): Map<PlacedElement, PlacedElement> {
  const lone = loneLineEnds(ends.map(spanOf));
  for (const index of lone) if (spanOf(ends[index]!).kind !== 'pedal') lone.delete(index);
  const renumbered = new Map<PlacedElement, PlacedElement>();
  if (lone.size === 0) return renumbered;
  const movable = (end: EndInOrder) => lineEndsIn(end.item.x).length === 1;
  const used = new Map<string, Set<string>>();
  const usedOf = (kind: string) => used.get(kind) ?? used.set(kind, new Set()).get(kind)!;
  ends.forEach((end, index) => {
    const { kind, number } = spanOf(end);
    const numbers = usedOf(kind);
    if (lone.has(index) ? !movable(end) : !taken.has(end.item)) numbers.add(number);
  });
  for (const unit of units)
    for (const voice of unit.voices)
      for (const numbers of used.values()) numbers.add(lineNumberFor(unit.staff, voice.voice));
  for (const index of lone) {
    const end = ends[index]!;
    const { kind, type } = spanOf(end);
    const numbers = movable(end) ? loneNumbers(usedOf(kind)) : undefined;
    if (!numbers) continue;
    const item = renumbered.get(end.item) ?? end.item;
    const x = withLineEndNumber(item.x, type === 'start' ? numbers.start : numbers.stop);
    if (x !== item.x) renumbered.set(end.item, { ...item, x });
  }
  return renumbered;
}
