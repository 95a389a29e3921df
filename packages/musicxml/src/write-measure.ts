/**
 * Writing one measure of one part: for each staff, its voices with
 * `<backup>` between them, the elements kept between notes at their offsets,
 * and the measure's opening `<attributes>` from the model.
 */
import {
  add,
  compare,
  type LaneMark,
  type Pitch,
  type Rational,
  rational,
  type TupletRatio,
  ZERO,
} from '@scorelane/lanes-seq';
import type { MeasureInfo, PartInfo, ScoreEvent, VoiceContent } from '@scorelane/score-model';
import type { PlacedElement, UnitKeep } from './attachment-types.ts';
import { barlinesAsTheModelHasThem } from './barlines.ts';
import { type ClefPlace, clefChangeItems, keptClefsOnly } from './clef-changes.ts';
import { toDivisions } from './divisions.ts';
import { notationOf } from './duration-notation.ts';
import { ATTRIBUTES_ORDER, mergeInOrder } from './element-order.ts';
import { brokenBeams, isMixed, keptTupletsPairUp } from './kept-groups.ts';
import { MeasureBody } from './measure-body.ts';
import { ownsItsOnset } from './own-voice-marks.ts';
import { writeTranspose } from './part-transposition.ts';
import type { PedalStyle } from './pedal-style.ts';
import type { ScoreSnapshot } from './score-snapshot.ts';
import {
  keyLabel,
  openingSignature,
  timeLabel,
  writeClef,
  writeKey,
  writeTime,
} from './signatures.ts';
import type { SlurNumbering } from './slur-numbering.ts';
import { endWavyLinesBeforeTrailingGraces } from './trailing-grace-spans.ts';
import { parseAt, unitKeep } from './unit-keep.ts';
import { compareVoiceIds } from './voice-ids.ts';
import { type DirectionPlace, directionMarks, onsetDirections } from './write-direction-marks.ts';
import { type NoteContext, writeEvent } from './write-note.ts';
import { lyricElements } from './write-note-marks.ts';
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
  // A plain loop, no closure per voice: export runs this for every voice of every measure.
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    if (event.grace) continue;
    const notation = notationOf(event.duration);
    const ratio =
      notation.kind === 'tuplet' || notation.kind === 'tied' ? notation.ratio : undefined;
    if (
      !ratio ||
      (group && (group.ratio.actual !== ratio.actual || group.ratio.normal !== ratio.normal))
    ) {
      group = undefined;
    }
    if (!ratio) continue;
    group ??= { ratio, members: [], total: ZERO };
    group.members.push(index);
    group.total = add(group.total, event.duration);
    if (isPlain(group.total)) {
      const members = group.members;
      if (all || !anyKept(events, members)) {
        const first = members[0]!;
        const last = members[members.length - 1]!;
        brackets.set(first, { start: true, stop: first === last, ratio: group.ratio });
        if (last !== first) brackets.set(last, { start: false, stop: true, ratio: group.ratio });
      }
      group = undefined;
    }
  }
  return brackets;
}

function anyKept(events: readonly ScoreEvent[], members: readonly number[]): boolean {
  for (const member of members) if (hasKeep(events[member]!)) return true;
  return false;
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
  const nodes = item.c;
  if (nodes === undefined) return item;
  // Copied only from the first child that changes: most kept items hold no kept value.
  let children: XmlNode[] | undefined;
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    let written = node;
    if (isElement(node)) {
      const text = node.c?.[0];
      if (
        (node.n === 'offset' || node.n === 'duration') &&
        typeof text === 'string' &&
        text.startsWith('r:')
      ) {
        const [num, den] = text.slice(2).split('/').map(Number);
        written = withChildren(node, [String(toDivisions(rational(num!, den!), divisions))]);
      } else written = inDivisions(node, divisions);
    }
    if (written !== node) children ??= nodes.slice(0, index);
    children?.push(written);
  }
  return children ? withChildren(item, children) : item;
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

/** What the model owns in the first measure's opening `<attributes>`, and in any later one's. */
const OWNED_FIRST: ReadonlySet<string> = new Set(['key', 'time', 'staves', 'clef', 'transpose']);
const OWNED_LATER: ReadonlySet<string> = new Set(['key', 'time']);

/** Whether two measures have the same key and time, as the opening `<attributes>` compares them. */
function sameSignatures(previous: MeasureInfo, current: MeasureInfo): boolean {
  return (
    (previous.key === current.key || keyLabel(previous.key) === keyLabel(current.key)) &&
    (previous.time === current.time || timeLabel(previous.time) === timeLabel(current.time))
  );
}

/** The opening `<attributes>` of a measure: kept as it was while the model agrees, else rewritten from it. */
function openingAttributes(
  measures: readonly MeasureInfo[],
  index: number,
  part: PartInfo,
  stored: PlacedElement | undefined,
  divisions: number,
): XmlElement | undefined {
  const current = measures[index - 1]!;
  const previous = measures[index - 2];
  // A later measure that keeps no <attributes> and changes no signature has none: most measures.
  if (!stored && previous && sameSignatures(previous, current)) return undefined;
  let attributes: XmlElement;
  // The signature is made only to compare with a stored one: most measures have none.
  if (stored && stored.start === openingSignature(measures, index, part)) attributes = stored.x;
  else {
    const owned = index === 1 ? OWNED_FIRST : OWNED_LATER;
    const kept = (stored?.x.c ?? []).filter((node) => !(isElement(node) && owned.has(node.n)));
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
      const transpose = writeTranspose(part.transposition);
      if (transpose) generated.push(transpose);
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
  /** The highest slur `number` the part's kept notes use: model slurs are numbered above it. */
  readonly keptSlurs?: number;
  /** Gives the model's slurs their numbers as the part is written (see `slur-numbering.ts`). */
  readonly slurNumbering: SlurNumbering;
  /** The verses whose last syllable had a hyphen, by `staff/voice`. */
  readonly hyphens?: Map<string, Set<number>>;
  /** The size of the octave line open in each voice, by `staff/voice`. */
  readonly octaves?: Map<string, { size: string }>;
  /** The printed number of each measure (`printedNumbersOf` the snapshot's measures). */
  readonly numbers: readonly string[];
  /** How the part draws its pedals (`pedal-style.ts`), as its file did; a line when not given. */
  readonly pedalStyle?: PedalStyle | undefined;
}

function octaveOf(writing: PartWriting, lane: string): { size: string } {
  const held = writing.octaves?.get(lane);
  if (held) return held;
  const fresh = { size: '8' };
  writing.octaves?.set(lane, fresh);
  return fresh;
}

/**
 * The `number` of the lines (hairpins, octave lines) a voice of the model
 * draws: one per voice and staff, from 9 up, away from the low numbers
 * files give the lines they keep.
 *
 * @example
 * ```ts
 * lineNumberFor(1, 1); // "9"
 * ```
 */
export function lineNumberFor(staff: number, voice: number): string {
  return String(((8 + (staff - 1) * 4 + (voice - 1)) % 16) + 1);
}

/**
 * The `number` a model slur stop of `level` in a voice is written with
 * when no slur is open in its lane (a lone stop; see `slur-pairs.ts` for
 * which of those export writes): above every number the part's kept slurs
 * use, and different for each voice and staff up to eight of them. Past
 * eight, two lanes share one, so every slur that starts is numbered by
 * {@link SlurNumbering} instead.
 *
 * @example
 * ```ts
 * slurNumberFor(0, 1, 2, 1); // "3": voice 2 of staff 1, level 1
 * ```
 */
export function slurNumberFor(kept: number, staff: number, voice: number, level: 1 | 2): string {
  const lane = (staff - 1) * 4 + (voice - 1);
  return String(((kept + lane * 2 + (level - 1)) % 16) + 1);
}

interface Placed {
  readonly at: Rational;
  readonly x: XmlElement;
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

/**
 * A staff's items with the kept `<clef>`s the model no longer has left out,
 * and an `<attributes>` added, at its onset, for each clef change of the
 * model that no kept `<clef>` says (see `clef-changes.ts`), in offset order.
 */
function clefsAsTheModelHasThem(
  items: readonly Placed[],
  place: ClefPlace,
  staff: number,
  firstStaff: readonly Placed[],
  before: readonly Placed[],
): Placed[] {
  const kept: Placed[] = [];
  for (const item of items) {
    if (item.x.n !== 'attributes') kept.push(item);
    else {
      const x = keptClefsOnly(item.x, item.at, place);
      if (x) kept.push({ at: item.at, x });
    }
  }
  const staves = place.snapshot.parts[place.part - 1]!.staves;
  const said = staff === 1 ? kept : firstStaff;
  const added = clefChangeItems(place, staff, said, before, staves > 1);
  if (added.length === 0) return kept;
  return [...kept, ...added].sort((a, b) => compare(a.at, b.at));
}

/** Whether a staff of measure `measure` of the part has a clef change of the model. */
function hasClefChanges(snapshot: ScoreSnapshot, part: number, measure: number): boolean {
  const staves = snapshot.parts[part - 1]!.staves;
  for (let staff = 1; staff <= staves; staff++)
    if ((snapshot.unit(part, staff, measure).clefs?.length ?? 0) > 0) return true;
  return false;
}

/** The items kept on staff 1 of a measure of the part, at their offsets. */
function keptItemsOf(snapshot: ScoreSnapshot, part: number, measure: number): Placed[] {
  return (unitKeep(snapshot.unit(part, 1, measure).attachments).items ?? []).map((item) => ({
    at: parseAt(item.at),
    x: item.x,
  }));
}

/** What stands first in a measure, before any mark: the signatures and the page layout. */
const OPENING: ReadonlySet<string> = new Set(['attributes', 'print']);

/** What one event of a voice writes, and when. */
interface Chunk {
  readonly at: Rational;
  readonly end: Rational;
  /** Elements kept between notes, written before the event. */
  readonly items: readonly XmlNode[];
  readonly notes: readonly XmlNode[];
  /** Written after the event: the end of an octave line it is the last note of. */
  readonly after: readonly XmlNode[];
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

/** The offsets (`"3/8"`) at which the events of a voice start, grace notes included. */
function onsetsOf(voice: VoiceContent | undefined): Set<string> {
  const onsets = new Set<string>();
  let onset = ZERO;
  for (const event of voice?.events ?? []) {
    onsets.add(`${onset.num}/${onset.den}`);
    if (!event.grace) onset = add(onset, event.duration);
  }
  return onsets;
}

/**
 * Where the elements kept between the notes of a staff are written: those
 * at or past the end of the measure after everything else (`atEnd`); the
 * others just before the event that starts at their offset, in the first
 * voice (in voice order) that has one (`before`, per voice, in offset
 * order), as the file had them; the rest after the staff's voices
 * (`loose`), reached by `<backup>`. Next to its event an element is read at
 * the very moment of that event, also by a reader that times notes by their
 * printed value where `<duration>` rounds it (MuseScore): an octave shift
 * reached by `<backup>` instead can land a tick off and take in, or leave
 * out, the note it stops at.
 */
function placeItems(
  items: readonly Placed[],
  voices: readonly VoiceContent[],
  length: Rational,
): { atEnd: XmlElement[]; before: Placed[][]; loose: Placed[] } {
  // Most staves keep nothing between notes: no onsets to collect then.
  if (items.length === 0)
    return { atEnd: [], before: voices.length > 0 ? voices.map(() => []) : [[]], loose: [] };
  // The first voice also takes what stands at the start of the measure (a staff with no voice has one).
  const onsets = voices.length > 0 ? voices.map(onsetsOf) : [new Set<string>()];
  onsets[0]!.add('0/1');
  const atEnd: XmlElement[] = [];
  const before: Placed[][] = onsets.map(() => []);
  const loose: Placed[] = [];
  for (const item of items) {
    const key = `${item.at.num}/${item.at.den}`;
    const voice = onsets.findIndex((starts) => starts.has(key));
    if (compare(item.at, length) >= 0 && item.at.num > 0) atEnd.push(item.x);
    else if (voice >= 0) before[voice]!.push(item);
    else loose.push(item);
  }
  return { atEnd, before, loose };
}

/** One voice of a measure (or the parts of one voice, merged), or a staff's loose items. */
type Step =
  | { readonly lanes: Chunk[][]; readonly merged: boolean; readonly voice: string }
  | { readonly items: readonly Placed[] };

/**
 * The order a measure is written in: the first voice of staff 1 (it carries
 * the measure's opening `<attributes>`), the other voices by `<voice>` (a
 * voice that crosses staves where its number puts it), then the loose items
 * of each staff. MuseScore writes voices so, each reached by one `<backup>` from the
 * end of the voice before; following the file's path keeps a reader that
 * times notes by their printed value (MuseScore, where `<duration>` is
 * within 2 ticks of it) exactly as far off as it is in the file. Given to
 * `write` one at a time, in plain loops: an array made of them for every
 * measure was a share of what export allocated.
 */
function inVoiceOrder(
  steps: readonly Step[],
  write: (body: MeasureBody, step: Step) => void,
  body: MeasureBody,
): void {
  let first: Step | undefined;
  /** The voices after the first: an array only for a measure that has some. */
  let others: (Step & { readonly voice: string })[] | undefined;
  for (const step of steps) {
    if (!('lanes' in step)) continue;
    if (first === undefined) first = step;
    else if (others === undefined) others = [step];
    else others.push(step);
  }
  if (first !== undefined) write(body, first);
  if (others !== undefined) {
    others.sort((a, b) => compareVoiceIds(a.voice, b.voice));
    for (const step of others) write(body, step);
  }
  for (const step of steps) if (!('lanes' in step)) write(body, step);
}

/**
 * The chunks of a voice as written: without the invisible rests it opens
 * with (when a note follows), so that a `<backup>` goes straight to its
 * first note, as MuseScore writes a voice that enters late. A reader that
 * times a note by its printed value where `<duration>` is within a hair of
 * it (MuseScore: a 128th of 16 ticks read as 15) is then a hair early or
 * late here exactly as it is in the file, and every voice after keeps its
 * place against the others.
 */
function enteringLate(chunks: readonly Chunk[]): readonly Chunk[] {
  const first = chunks.findIndex((chunk) => !chunk.filler || chunk.items.length > 0);
  return first > 0 ? chunks.slice(first) : chunks;
}

/** One voice of one staff of a measure, as {@link voiceChunks} writes it. */
interface VoiceToWrite {
  readonly staff: number;
  readonly voice: VoiceContent;
  readonly voiceId: string;
  readonly place: DirectionPlace;
  /** The staff's kept items written before this voice's events (taken from the front as written). */
  readonly aligned: Placed[];
  /** The voice's marks at onsets written in its own run, at their times (see `own-voice-marks.ts`), in time order. */
  readonly own: readonly Placed[];
  readonly length: Rational;
  /** The first sounding event of the same voice in the next measure. */
  readonly nextVoiceStart: ScoreEvent | undefined;
}

const NO_NODES: readonly XmlNode[] = [];
const NO_PITCHES: readonly Pitch[] = [];
/** No event's kept beams are dropped (a voice all kept or all new). */
const NO_INDEXES: ReadonlySet<number> = new Set();

/**
 * What each event of a voice writes, in order: the kept items and the
 * model's marks before it, its notes, and what follows it. Carries ties,
 * hyphens and octave lines into `writing` for the measure after. (A
 * module-level function with plain loops, no closure per event: export
 * runs it for every voice of every measure.)
 */
function voiceChunks(writing: PartWriting, toWrite: VoiceToWrite): Chunk[] {
  const { staff, voice, voiceId, place, aligned, own, length } = toWrite;
  let ownIndex = 0;
  const { divisions } = writing;
  const events = voice.events;
  const staves = writing.snapshot.parts[writing.part - 1]!.staves;
  const mixed = isMixed(events);
  let brackets = tupletBrackets(events);
  let stripTuplets = false;
  if (mixed && !keptTupletsPairUp(events, brackets)) {
    brackets = tupletBrackets(events, true);
    stripTuplets = true;
  }
  const stripBeams = mixed ? brokenBeams(events) : NO_INDEXES;
  const tieKey = `${staff}/${voice.voice}`;
  let tiedIn: Pitch[] = writing.tiesOut.get(tieKey) ?? [];
  const hyphens = writing.hyphens?.get(tieKey) ?? new Set<number>();
  writing.hyphens?.set(tieKey, hyphens);
  const keptSlurs = writing.keptSlurs ?? 0;
  const slurNumbers: [string, string] = [
    slurNumberFor(keptSlurs, staff, voice.voice, 1),
    slurNumberFor(keptSlurs, staff, voice.voice, 2),
  ];
  const slurLane = `${staff}/${voice.voice}/`;
  let soundingCount = 0;
  for (const event of events) if (!event.grace) soundingCount++;
  let at = ZERO;
  const written: Chunk[] = [];
  /** The index in `written` of the first of the grace notes just written, if the last was one. */
  let graceRun: number | undefined;
  // One context for the voice, its per-event fields set before each event: writeEvent reads it
  // while it writes and keeps none of it, and a fresh one per event was a large share of
  // what export allocated.
  const context: { -readonly [K in keyof NoteContext]-?: NoteContext[K] } = {
    slurNumbers,
    lyrics: undefined,
    divisions,
    voice: voiceId,
    staff: staves > 1 ? staff : undefined,
    tiedIn,
    bracket: undefined,
    stripTuplets,
    stripBeams: false,
    measureRest: false,
    next: undefined,
  };
  for (let eventIndex = 0; eventIndex < events.length; eventIndex++) {
    const event = events[eventIndex]!;
    // The voice's own marks inside the sounding event before, each at its time.
    for (; ownIndex < own.length && compare(own[ownIndex]!.at, at) < 0; ownIndex++)
      written.push(markChunk(own[ownIndex]!));
    // Made only for an event with something before it: most have nothing.
    let items: XmlNode[] | undefined;
    while (aligned.length > 0 && compare(aligned[0]!.at, at) <= 0) {
      items ??= [];
      items.push(aligned.shift()!.x);
    }
    for (; ownIndex < own.length && compare(own[ownIndex]!.at, at) === 0; ownIndex++) {
      items ??= [];
      items.push(own[ownIndex]!.x);
    }
    const directions =
      event.marks !== undefined && event.marks.length > 0
        ? directionMarks(event.marks, place)
        : undefined;
    if (directions && directions.before.length > 0) {
      // Before the grace notes that lead into the event, where the kept elements at its time
      // were written (see withModelDirections).
      if (!event.grace && graceRun !== undefined) {
        const leading = written[graceRun]!;
        written[graceRun] = {
          ...leading,
          items: withModelDirections(leading.items, directions.before),
        };
      } else items = withModelDirections(items ?? NO_NODES, directions.before);
    }
    if (event.marks !== undefined)
      numberSlurs(event.marks, writing.slurNumbering, slurLane, slurNumbers);
    context.lyrics = event.lyrics ? lyricElements(event.lyrics, hyphens) : undefined;
    context.tiedIn = event.grace ? NO_PITCHES : tiedIn;
    context.bracket = brackets.get(eventIndex);
    context.stripBeams = stripBeams.has(eventIndex);
    context.measureRest =
      event.kind === 'rest' && soundingCount === 1 && compare(event.duration, length) === 0;
    context.next = nextSounding(events, eventIndex + 1) ?? toWrite.nextVoiceStart;
    const notes = writeEvent(event, context);
    const end = event.grace ? at : add(at, event.duration);
    const filler = event.kind === 'space' && event.attachments === undefined;
    written.push({
      at,
      end,
      items: items ?? NO_NODES,
      notes,
      after: directions?.after ?? NO_NODES,
      filler,
      grace: event.grace,
    });
    if (event.grace) graceRun ??= written.length - 1;
    else graceRun = undefined;
    if (!event.grace) {
      at = end;
      tiedIn = tiedPitches(event);
    }
  }
  for (; ownIndex < own.length; ownIndex++) written.push(markChunk(own[ownIndex]!));
  writing.tiesOut.set(tieKey, tiedIn);
  return endWavyLinesBeforeTrailingGraces(written, withNotesOf);
}

/** A chunk of only a voice's mark at an onset inside one of its notes: written at that time. */
function markChunk(mark: Placed): Chunk {
  return {
    at: mark.at,
    end: mark.at,
    items: [mark.x],
    notes: NO_NODES,
    after: NO_NODES,
    filler: false,
    grace: false,
  };
}

/**
 * Sets the numbers an event's slur ends are written with, per level, into
 * `numbers` (the voice's, read by the event's notes): a stop takes its open
 * slur's number, a start one no open slur holds (stops first, so that a
 * slur that starts where another of its level stops may take that number).
 * A level with no slur end on the event keeps what it had.
 */
function numberSlurs(
  marks: readonly LaneMark[],
  numbering: SlurNumbering,
  lane: string,
  numbers: [string, string],
): void {
  for (const mark of marks)
    if (mark.kind === 'slur' && mark.type === 'stop')
      numbers[mark.level - 1] = numbering.stop(lane + mark.level) ?? numbers[mark.level - 1]!;
  for (const mark of marks)
    if (mark.kind === 'slur' && mark.type === 'start')
      numbers[mark.level - 1] = numbering.start(lane + mark.level);
}

/**
 * The items written before an event with the model's marks of the event
 * (`directions`) among them: after what opens the measure, before the
 * elements kept at the same time, so that reading the file again takes the
 * model's first (a second chord symbol, a dynamic the file repeats, stays
 * kept as the file had it).
 */
function withModelDirections(
  items: readonly XmlNode[],
  directions: readonly XmlElement[],
): XmlNode[] {
  const opening = items.findIndex((item) => isElement(item) && !OPENING.has(item.n));
  const at = opening < 0 ? items.length : opening;
  return [...items.slice(0, at), ...directions, ...items.slice(at)];
}

/**
 * A voice's chunks without the invisible rest it ends with past `from`
 * (its measure's time signature), in a measure longer than that: another
 * voice's `<duration>`s add up further than its notes' values (Beethoven's
 * op. 18/1, bar 169: a dotted sixteenth with an eighth's `<duration>`).
 * MuseScore times that measure by the notes' values, and a `<forward>` to
 * the end made the other parts longer than the file's, and every note
 * after them late.
 */
function withoutFillerPast(chunks: Chunk[], from: Rational): Chunk[] {
  const last = chunks[chunks.length - 1];
  if (!last?.filler || last.items.length > 0 || last.after.length > 0) return chunks;
  return compare(last.at, from) >= 0 ? chunks.slice(0, -1) : chunks;
}

function withNotesOf(chunk: Chunk, notes: readonly XmlNode[]): Chunk {
  return { ...chunk, notes };
}

/** Where the marks of a voice are written (see `write-direction-marks.ts`). */
function directionPlace(
  writing: PartWriting,
  voiceIds: ReadonlyMap<string, string>,
  staff: number,
  voice: number,
): DirectionPlace {
  const staves = writing.snapshot.parts[writing.part - 1]!.staves;
  return {
    voice: voiceIds.get(`${staff}/${voice}`)!,
    staff: staves > 1 ? staff : undefined,
    lineNumber: lineNumberFor(staff, voice),
    octave: octaveOf(writing, `${staff}/${voice}`),
    pedal: writing.pedalStyle,
  };
}

/** What {@link staffItems} reads of the measure, the same for each of its staves. */
interface MeasureItems {
  readonly clefPlace: ClefPlace;
  /** The items kept at the end of the measure before, where a clef change needs them. */
  readonly before: readonly Placed[];
  readonly length: Rational;
}

/**
 * The elements kept between the notes of one staff of a measure, as the
 * model has them, at their offsets: with the measure's opening
 * `<attributes>` (staff 1), kept offsets and durations in divisions, the
 * clefs and (staff 1) the bar lines the model has.
 */
function staffItems(
  writing: PartWriting,
  index: number,
  staff: number,
  keep: UnitKeep,
  measure: MeasureItems,
  firstStaff: readonly Placed[],
): readonly Placed[] {
  const { snapshot, part, divisions } = writing;
  const measures = snapshot.measures;
  const partInfo = snapshot.parts[part - 1]!;
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
  const clefed = clefsAsTheModelHasThem(
    items,
    measure.clefPlace,
    staff,
    firstStaff,
    measure.before,
  );
  return staff === 1 ? barlinesAsTheModelHasThem(clefed, measures, index, measure.length) : clefed;
}

/**
 * The directions of a staff's marks at onsets: those written among the
 * staff's kept items (`atOnsets`), and, by voice, those written in their own
 * voice's run (`inOwnVoice`, in time order; see `own-voice-marks.ts`).
 */
function onsetItems(
  writing: PartWriting,
  voiceIds: ReadonlyMap<string, string>,
  staff: number,
  voices: readonly VoiceContent[],
): { atOnsets: Placed[]; inOwnVoice: Map<number, Placed[]> | undefined } {
  const atOnsets: Placed[] = [];
  let inOwnVoice: Map<number, Placed[]> | undefined;
  for (const voice of voices) {
    for (const entry of voice.onsetMarks ?? []) {
      const place = directionPlace(writing, voiceIds, staff, voice.voice);
      const directions = onsetDirections(entry.marks, place);
      let list = atOnsets;
      if (ownsItsOnset(voice, entry)) {
        inOwnVoice ??= new Map();
        list = inOwnVoice.get(voice.voice) ?? [];
        inOwnVoice.set(voice.voice, list);
      }
      for (const x of directions) list.push({ at: entry.onset, x });
    }
  }
  for (const list of inOwnVoice?.values() ?? []) list.sort((a, b) => compare(a.at, b.at));
  return { atOnsets, inOwnVoice };
}

/** Writes the steps of a measure (see {@link inVoiceOrder}) into its body, in order. */
function writeSteps(body: MeasureBody, steps: readonly Step[]): void {
  inVoiceOrder(steps, writeStep, body);
}

/** Writes one step of a measure into its body. */
function writeStep(body: MeasureBody, step: Step): void {
  if ('items' in step) {
    for (const item of step.items) {
      body.moveTo(item.at);
      body.nodes.push(item.x);
    }
    return;
  }
  if (!step.merged) {
    const chunks = enteringLate(step.lanes[0]!);
    body.moveTo(chunks[0]?.at ?? ZERO);
    for (let index = 0; index < chunks.length; index++) {
      const chunk = chunks[index]!;
      // Each chunk starts where the one before ends (the same value), but a mark inside a note
      // (see markChunk): only that one moves.
      if (chunk.at !== body.at) body.moveTo(chunk.at);
      body.push(chunk.items);
      body.push(chunk.notes);
      body.push(chunk.after);
      body.at = chunk.end;
    }
    return;
  }
  // Merged in time order, so that what pairs up along the voice (slurs, beams, tuplets)
  // starts before it stops; a <backup> goes straight to its first note.
  for (const chunk of inTimeOrder(step.lanes)) {
    body.moveTo(chunk.at);
    body.push(chunk.items);
    // The <forward> of a filler is left out: the voice's other parts play then.
    if (chunk.filler) continue;
    body.push(chunk.notes);
    body.push(chunk.after);
    body.at = chunk.end;
  }
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
  const { snapshot, part } = writing;
  const measures = snapshot.measures;
  const info = measures[index - 1]!;
  const partInfo = snapshot.parts[part - 1]!;
  const length = lengthOf(info);
  const signatureLength = rational(info.time.beats, info.time.beatType);
  const overfull = compare(length, signatureLength) > 0;
  const body = new MeasureBody(writing.divisions);
  const atEnd: XmlElement[] = [];
  let measureAttributes: { readonly [name: string]: string } | undefined;
  const voiceIds = voiceNumbers(writing, index);
  const crossing = crossingVoices(voiceIds);
  /** What the measure writes: voices (or the parts of one voice, merged), and each staff's loose items. */
  const steps: Step[] = [];
  const measure: MeasureItems = {
    clefPlace: {
      snapshot,
      part,
      measure: index,
      length: (other) => lengthOf(measures[other - 1]!),
    },
    // Read only where a clef change needs it (clefChangeItems): most measures have none.
    before:
      index > 1 && hasClefChanges(snapshot, part, index)
        ? keptItemsOf(snapshot, part, index - 1)
        : [],
    length,
  };
  /** Staff 1's items (they hold the measure's kept `<attributes>`). */
  let firstStaff: readonly Placed[] = [];
  for (let staff = 1; staff <= partInfo.staves; staff++) {
    const content = snapshot.unit(part, staff, index);
    const keep = unitKeep(content.attachments);
    if (staff === 1) measureAttributes = keep.measure;
    const kept = staffItems(writing, index, staff, keep, measure, firstStaff);
    if (staff === 1) firstStaff = kept;
    const voices =
      content.voices.length > 1
        ? [...content.voices].sort((a, b) => a.voice - b.voice)
        : content.voices;
    // Marks at onsets go before the kept elements at the same offset (never at 0, where the
    // measure's opening is), so that reading the file again takes them first.
    const { atOnsets, inOwnVoice } = onsetItems(writing, voiceIds, staff, voices);
    const items =
      atOnsets.length > 0 ? [...atOnsets, ...kept].sort((a, b) => compare(a.at, b.at)) : kept;
    const placed = placeItems(items, voices, length);
    // One at a time: a measure can hold more elements than push(...) takes arguments.
    for (const item of placed.atEnd) atEnd.push(item);
    const following = index < measures.length ? snapshot.unit(part, staff, index + 1) : undefined;
    for (let voiceIndex = 0; voiceIndex < voices.length; voiceIndex++) {
      const voice = voices[voiceIndex]!;
      const voiceId = voiceIds.get(`${staff}/${voice.voice}`)!;
      const nextVoice = following?.voices.find((other) => other.voice === voice.voice);
      const written = voiceChunks(writing, {
        staff,
        voice,
        voiceId,
        place: directionPlace(writing, voiceIds, staff, voice.voice),
        aligned: placed.before[voiceIndex]!,
        own: inOwnVoice?.get(voice.voice) ?? [],
        length,
        nextVoiceStart: nextSounding(nextVoice?.events ?? [], 0),
      });
      const chunks = overfull ? withoutFillerPast(written, signatureLength) : written;
      const group = crossing.get(voiceId);
      if (!group) {
        steps.push({ lanes: [chunks], merged: false, voice: voiceId });
        continue;
      }
      // A voice written on several staves (or overlapping itself) is written once, where its
      // first part would be, its parts merged in time order.
      if (group.lanes.length === 0)
        steps.push({ lanes: group.lanes, merged: true, voice: voiceId });
      group.lanes.push(chunks);
    }
    steps.push({ items: placed.before.flat().concat(placed.loose) });
  }
  writeSteps(body, steps);
  if (atEnd.length > 0) {
    body.moveTo(length);
    for (const item of atEnd) body.nodes.push(item);
  }
  writing.slurNumbering.endMeasure();
  const attributes: Record<string, string> = { number: writing.numbers[index - 1]! };
  if (measureAttributes) Object.assign(attributes, measureAttributes);
  else if (index === 1 && info.pickup) attributes.implicit = 'yes';
  return element('measure', attributes, body.nodes);
}
