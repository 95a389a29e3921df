/**
 * The units of an imported score opened up for reading marks into the
 * model: each event with its onset, its role (note, grace note, rest), the
 * marks and lyrics read so far and its kept `<note>`s as they are being
 * taken apart; and back into units once every reader has run.
 */
import { add, type LaneMark, type OnsetMarks, type Rational, ZERO } from '@scorelane/lanes-seq';
import type { Json, Lyric, ScoreEvent, UnitInit, VoiceContent } from '@scorelane/score-model';
import { type EventKeep, eventKeep, KEEP_KEY, type PlacedElement } from './attachment-types.ts';
import { canonicalMarks } from './mark-order.ts';
import { eventAttachmentsWithMarks, unitAttachmentsWithMarks } from './musical-marks.ts';
import type { EventRole } from './read-note-marks.ts';
import { unitKeep } from './unit-keep.ts';
import type { XmlElement } from './xml-tree.ts';

/** One event being read. */
export interface OpenEvent {
  readonly event: ScoreEvent;
  readonly role: EventRole;
  readonly onset: Rational;
  readonly end: Rational;
  readonly marks: LaneMark[];
  readonly lyrics: Lyric[];
  /** Per chord note, its finger. */
  readonly fingering: (number | undefined)[];
  /** The kept `<note>`s, as they are left once marks are read out of them. */
  readonly notes: XmlElement[] | undefined;
}

/** One voice being read. */
export interface OpenVoice {
  readonly voice: number;
  readonly events: OpenEvent[];
  readonly onsetMarks: { onset: Rational; marks: LaneMark[] }[];
}

/** One unit being read. */
export interface OpenUnit {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  readonly length: Rational;
  readonly voices: OpenVoice[];
  /** The kept elements between notes; the readers take out what they map. */
  items: PlacedElement[];
  /** The file's `<voice>` of each model voice. */
  readonly voiceIds: { readonly [voice: string]: string };
  readonly source: UnitInit;
}

function roleOf(event: ScoreEvent): EventRole {
  if (event.kind === 'rest' || event.kind === 'space') return 'rest';
  return event.grace ? 'grace' : 'note';
}

function keptNotes(event: ScoreEvent): XmlElement[] | undefined {
  const notes = eventKeep(event)?.notes;
  return notes ? [...notes] : undefined;
}

function openVoice(voice: VoiceContent): OpenVoice {
  let onset = ZERO;
  const events = voice.events.map((event): OpenEvent => {
    const end = event.grace ? onset : add(onset, event.duration);
    const opened: OpenEvent = {
      event,
      role: roleOf(event),
      onset,
      end,
      marks: event.marks ? [...event.marks] : [],
      lyrics: event.lyrics ? [...event.lyrics] : [],
      fingering: event.kind === 'chord' ? event.notes.map((note) => note.fingering) : [],
      notes: keptNotes(event),
    };
    onset = end;
    return opened;
  });
  return {
    voice: voice.voice,
    events,
    onsetMarks: (voice.onsetMarks ?? []).map((entry) => ({
      onset: entry.onset,
      marks: [...entry.marks],
    })),
  };
}

/**
 * A unit opened for reading marks.
 *
 * @example
 * ```ts
 * const open = openUnit(unit, rational(1)); // its events with onsets, ready for the readers
 * ```
 */
export function openUnit(unit: UnitInit, length: Rational): OpenUnit {
  const keep = unitKeep(unit.content.attachments);
  return {
    part: unit.part,
    staff: unit.staff,
    measure: unit.measure,
    length,
    voices: unit.content.voices.map(openVoice),
    items: [...(keep.items ?? [])],
    voiceIds: keep.voices ?? {},
    source: unit,
  };
}

function withKeptNotes(event: ScoreEvent, notes: readonly XmlElement[]): Json | undefined {
  const held = eventKeep(event);
  const attachments = event.attachments as { readonly [key: string]: Json } | undefined;
  if (!held || !attachments) return event.attachments;
  const keep: EventKeep = { ...held, notes };
  return { ...attachments, [KEEP_KEY]: keep as unknown as Json };
}

/** The event's own fields, without marks, lyrics and attachments (built, not spread: it runs per event). */
function bareEvent(open: OpenEvent): ScoreEvent {
  const event = open.event;
  const { duration, grace } = event;
  if (event.kind === 'note')
    return { kind: 'note', pitch: event.pitch, duration, grace, tie: event.tie };
  if (event.kind === 'chord') {
    const notes = event.notes.map((note, index) => {
      const finger = open.fingering[index];
      return finger !== undefined
        ? { pitch: note.pitch, tie: note.tie, fingering: finger }
        : { pitch: note.pitch, tie: note.tie };
    });
    return { kind: 'chord', notes, duration, grace, tie: event.tie };
  }
  return { kind: event.kind, duration, grace: false };
}

function closedEvent(open: OpenEvent, openSlurs: ReadonlySet<XmlElement>): ScoreEvent {
  const event = bareEvent(open) as ScoreEvent & {
    marks?: readonly LaneMark[];
    lyrics?: readonly Lyric[];
    attachments?: Json;
  };
  if (open.marks.length > 0) event.marks = canonicalMarks(open.marks);
  if (open.lyrics.length > 0) event.lyrics = [...open.lyrics].sort((a, b) => a.verse - b.verse);
  const attachments = open.notes ? withKeptNotes(open.event, open.notes) : open.event.attachments;
  if (attachments !== undefined)
    event.attachments = eventAttachmentsWithMarks(attachments, openSlurs);
  return event;
}

function closedVoice(voice: OpenVoice, openSlurs: ReadonlySet<XmlElement>): VoiceContent {
  const events = voice.events.map((event) => closedEvent(event, openSlurs));
  const onsetMarks: OnsetMarks[] = [...voice.onsetMarks]
    .filter((entry) => entry.marks.length > 0)
    .sort((a, b) => a.onset.num * b.onset.den - b.onset.num * a.onset.den)
    .map((entry) => ({ onset: entry.onset, marks: canonicalMarks(entry.marks) }));
  return onsetMarks.length > 0
    ? { voice: voice.voice, events, onsetMarks }
    : { voice: voice.voice, events };
}

/**
 * The unit again, with what the readers read: marks, lyrics, fingerings
 * and onset marks in the model, the kept XML without them, and the marks
 * of what stays kept listed beside it (`musical-marks.ts`; `openSlurs` are
 * the slur ends the file left without their other end).
 *
 * @example
 * ```ts
 * const unit = closeUnit(open, new Set());
 * ```
 */
export function closeUnit(open: OpenUnit, openSlurs: ReadonlySet<XmlElement>): UnitInit {
  const source = open.source;
  const attachments = source.content.attachments as { readonly [key: string]: Json } | undefined;
  let unitAttachments = source.content.attachments;
  if (attachments && typeof attachments === 'object' && KEEP_KEY in attachments) {
    const { items: _items, ...rest } = unitKeep(attachments);
    const keep = open.items.length > 0 ? { ...rest, items: open.items } : rest;
    const { [KEEP_KEY]: _kept, ...others } = attachments;
    if (Object.keys(keep).length > 0)
      unitAttachments = { ...others, [KEEP_KEY]: keep as unknown as Json };
    else unitAttachments = Object.keys(others).length > 0 ? others : undefined;
  }
  return {
    ...source,
    content: {
      voices: open.voices.map((voice) => closedVoice(voice, openSlurs)),
      ...(source.content.clefs !== undefined ? { clefs: source.content.clefs } : {}),
      ...(unitAttachments !== undefined
        ? { attachments: unitAttachmentsWithMarks(unitAttachments) }
        : {}),
    },
  };
}
