/**
 * Reading slurs into the model: a `<slur>` start and the stop that pairs
 * with it (by `number`, within the part, as MusicXML pairs them) become a
 * slur of the model when both ends are on notes of the same staff and
 * voice: level 1 for a slur that starts while no other is open in that
 * voice, level 2 for a second one open at the same time. Any other slur (a
 * third at once, one between voices or staves, one left open, a dashed one)
 * is kept as the file had it.
 */
import { compare } from '@scorelane/lanes-seq';
import { canJoin } from './mark-order.ts';
import { layoutOnly, withoutMarks } from './mark-xml.ts';
import type { OpenEvent, OpenUnit } from './marked-units.ts';
import { takes } from './read-note-marks.ts';
import { childElements, type XmlElement } from './xml-tree.ts';

interface SlurEnd {
  readonly unit: OpenUnit;
  readonly voice: number;
  readonly event: OpenEvent;
  readonly eventIndex: number;
  readonly note: number;
  readonly slur: XmlElement;
  readonly type: 'start' | 'stop';
  readonly number: string;
}

function endsOf(units: readonly OpenUnit[]): SlurEnd[] {
  const ends: SlurEnd[] = [];
  for (const unit of units)
    for (const voice of unit.voices)
      voice.events.forEach((event, eventIndex) => {
        (event.notes ?? []).forEach((note, noteIndex) => {
          for (const notations of childElements(note, 'notations'))
            for (const slur of childElements(notations, 'slur')) {
              const type = slur.a?.type;
              if (type !== 'start' && type !== 'stop') continue;
              ends.push({
                unit,
                voice: voice.voice,
                event,
                eventIndex,
                note: noteIndex,
                slur,
                type,
                number: slur.a?.number ?? '1',
              });
            }
        });
      });
  return ends;
}

/**
 * Where a voice of a measure is written in the file: on its home staff (the
 * upper of the staves it has notes on, for a voice that crosses staves), as
 * the model's voice it is there. MuseScore writes a voice that crosses staves in
 * one run, its notes on both staves in time order, among the voices of its
 * home staff.
 */
interface VoicePlace {
  readonly staff: number;
  readonly voice: number;
}

/** The file's `<voice>` of a model voice of a unit (the model's own lane when import kept none). */
function fileVoiceOf(unit: OpenUnit, voice: number): string {
  return unit.voiceIds[String(voice)] ?? `${unit.staff}/${voice}`;
}

/** The {@link VoicePlace} of every file voice of each measure, by `measure/voice`. */
function voicePlaces(units: readonly OpenUnit[]): Map<string, VoicePlace> {
  const places = new Map<string, VoicePlace>();
  for (const unit of units)
    for (const { voice } of unit.voices) {
      const key = `${unit.measure}/${fileVoiceOf(unit, voice)}`;
      const held = places.get(key);
      if (!held || unit.staff < held.staff) places.set(key, { staff: unit.staff, voice });
    }
  return places;
}

/** A slur end with where its voice is written (see {@link VoicePlace}). */
type PlacedEnd = SlurEnd & { readonly place: VoicePlace };

/**
 * The file's order, as the writers of MusicXML order a measure: staff by
 * staff, voice by voice (each reached by a `<backup>`; a voice that crosses
 * staves on its home staff, see {@link VoicePlace}), then by onset, grace
 * notes before their note, stops before starts. A slur's `number` pairs in
 * that order: MuseScore gives the slurs of both staves of a measure number
 * 1, each closed before the next staff's opens, so in time order a stop on
 * staff 1 would close a start on staff 2; and a slur along a voice that
 * crosses staves stops on the other staff before the next voice is written
 * (Debussy's Reflets dans l'eau, bar 23).
 */
function inFileOrder(a: PlacedEnd, b: PlacedEnd): number {
  return (
    a.unit.measure - b.unit.measure ||
    a.place.staff - b.place.staff ||
    a.place.voice - b.place.voice ||
    compare(a.event.onset, b.event.onset) ||
    Number(a.event.role !== 'grace') - Number(b.event.role !== 'grace') ||
    a.unit.staff - b.unit.staff ||
    a.eventIndex - b.eventIndex ||
    Number(a.type === 'start') - Number(b.type === 'start')
  );
}

function modelable(end: SlurEnd): boolean {
  const solid = (end.slur.a?.['line-type'] ?? 'solid') === 'solid';
  return (
    solid &&
    takes(end.event.role, { kind: 'slur', type: 'start', level: 1 }) &&
    layoutOnly(end.slur, ['type', 'number', 'line-type'])
  );
}

/**
 * Reads the slurs of one part's units into marks, taking the slur ends it
 * maps out of the kept notes.
 *
 * @example
 * ```ts
 * readSlurs(unitsOfPart); // a slur from C4 to E4 in voice 1: `(` on C4, `)` on E4, both ends out of the XML
 * ```
 */
export function readSlurs(units: readonly OpenUnit[]): void {
  const places = voicePlaces(units);
  const ends = endsOf(units)
    .map((end): PlacedEnd => {
      const place = places.get(`${end.unit.measure}/${fileVoiceOf(end.unit, end.voice)}`)!;
      return { ...end, place };
    })
    .sort(inFileOrder);
  const open = new Map<string, number[]>();
  const pairs: [number, number][] = [];
  ends.forEach((end, index) => {
    let starts = open.get(end.number);
    if (!starts) {
      starts = [];
      open.set(end.number, starts);
    }
    if (end.type === 'start') starts.push(index);
    else if (starts.length > 0) pairs.push([starts.pop()!, index]);
  });
  // In the order they start; two that start on one note, the longer first (the outer one is
  // level 1). Two drawn over each other, from one note to one note, in the order they start:
  // export writes the model's stops inner first, so their order is not one that comes back.
  pairs.sort((a, b) => {
    const [startA, startB] = [ends[a[0]]!, ends[b[0]]!];
    if (startA.event !== startB.event || ends[a[1]]!.event === ends[b[1]]!.event)
      return a[0] - b[0];
    return b[1] - a[1];
  });
  const accepted = new Map<string, { from: number; to: number; level: 1 | 2 }[]>();
  const taken = new Map<OpenEvent, Map<number, Set<XmlElement>>>();
  const take = (end: SlurEnd) => {
    const byNote = taken.get(end.event) ?? new Map<number, Set<XmlElement>>();
    taken.set(end.event, byNote);
    const set = byNote.get(end.note) ?? new Set<XmlElement>();
    byNote.set(end.note, set);
    set.add(end.slur);
  };
  for (const [from, to] of pairs) {
    const start = ends[from]!;
    const stop = ends[to]!;
    if (start.unit.staff !== stop.unit.staff || start.voice !== stop.voice) continue;
    if (start.event === stop.event || !modelable(start) || !modelable(stop)) continue;
    const lane = `${start.unit.staff}/${start.voice}`;
    let slurs = accepted.get(lane) ?? [];
    // A slur that ended before this one starts ends before every later one starts too (pairs
    // come in the order they start; two that start on one note have no stop between them).
    if (slurs.some((slur) => slur.to <= from)) {
      slurs = slurs.filter((slur) => slur.to > from);
      accepted.set(lane, slurs);
    }
    let busy1 = false;
    let busy2 = false;
    for (const slur of slurs) {
      if (!(slur.from <= from || ends[slur.from]!.event === start.event) || from >= slur.to)
        continue;
      if (slur.level === 1) busy1 = true;
      else busy2 = true;
    }
    const level = !busy1 ? 1 : !busy2 ? 2 : undefined;
    if (level === undefined) continue;
    const startMark = { kind: 'slur', type: 'start', level } as const;
    const stopMark = { kind: 'slur', type: 'stop', level } as const;
    if (!canJoin(start.event.marks, startMark) || !canJoin(stop.event.marks, stopMark)) continue;
    slurs.push({ from, to, level });
    accepted.set(lane, slurs);
    start.event.marks.push(startMark);
    stop.event.marks.push(stopMark);
    take(start);
    take(stop);
  }
  for (const [event, byNote] of taken)
    for (const [note, set] of byNote) event.notes![note] = withoutMarks(event.notes![note]!, set);
}
