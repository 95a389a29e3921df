/**
 * Carrying attachments across a rewrite: an event that is written again
 * unchanged, at the same place in the same voice, keeps what rode on it;
 * every other attachment of a replaced unit is dropped (and described by
 * `dropped-marks.ts`).
 */
import { add, serializeEvent, ZERO } from '@scorelane/lanes-seq';
import type { LostAttachment } from './dropped-marks.ts';
import type { Json } from './json.ts';
import { marksOf, withMarks } from './marks.ts';
import { modelMarks } from './model-mark-words.ts';
import type { ScoreEvent, UnitContent, VoiceContent } from './score-types.ts';
import { laneEvent } from './unit-lanes.ts';

/** Each event keyed by its onset and text; by its index instead when onsets leave exact integers. */
function placed(events: readonly ScoreEvent[]): string[] {
  let onset = ZERO;
  try {
    return events.map((event) => {
      const key = `${onset.num}/${onset.den} ${serializeEvent(laneEvent(event))}`;
      if (!event.grace) onset = add(onset, event.duration);
      return key;
    });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return events.map((event, index) => `#${index} ${serializeEvent(laneEvent(event))}`);
  }
}

/** The indexes at which each key occurs, in order, and how many of them are taken. */
type KeyedIndexes = Map<string, { readonly indexes: number[]; taken: number }>;

/** Groups indexes by key, so that matching keys takes one pass instead of a search per event. */
function indexesByKey(keys: readonly string[]): KeyedIndexes {
  const byKey: KeyedIndexes = new Map();
  keys.forEach((key, index) => {
    const entry = byKey.get(key);
    if (entry) entry.indexes.push(index);
    else byKey.set(key, { indexes: [index], taken: 0 });
  });
  return byKey;
}

/** The first index of `key` not taken yet, taking it; `undefined` when there is none. */
function takeIndex(byKey: KeyedIndexes, key: string): number | undefined {
  const entry = byKey.get(key);
  if (!entry || entry.taken === entry.indexes.length) return undefined;
  return entry.indexes[entry.taken++];
}

/** Whether an event carries anything a rewrite keeps or drops: attachments, marks, lyrics, fingerings. */
function carries(event: ScoreEvent): boolean {
  return event.attachments !== undefined || modelMarks(event).length > 0;
}

/**
 * `event` with the marks, lyrics, fingerings and attachments of `old`, the
 * same event written again (a bridge until the planner reads marks: a
 * notes-only rewrite keeps the marks of what it writes again unchanged).
 */
function carried(event: ScoreEvent, old: ScoreEvent): ScoreEvent {
  let next: ScoreEvent = event;
  if (old.attachments !== undefined) next = { ...next, attachments: old.attachments };
  if (old.marks !== undefined) next = { ...next, marks: old.marks };
  if (old.lyrics !== undefined) next = { ...next, lyrics: old.lyrics };
  if (next.kind === 'chord' && old.kind === 'chord') {
    const fingers = old.notes.filter((note) => note.fingering !== undefined);
    if (fingers.length > 0) {
      next = {
        ...next,
        notes: next.notes.map((note) => {
          const finger = fingers.find(
            (held) =>
              held.pitch.step === note.pitch.step &&
              held.pitch.alter === note.pitch.alter &&
              held.pitch.octave === note.pitch.octave,
          )?.fingering;
          return finger !== undefined ? { ...note, fingering: finger } : note;
        }),
      };
    }
  }
  return next;
}

/** What a lost event held, as one attachment that lists the model's marks with the attachment's own. */
function lostHolding(event: ScoreEvent): Json {
  const own = modelMarks(event);
  if (own.length === 0) return event.attachments!;
  const attachments = event.attachments;
  const object =
    attachments && typeof attachments === 'object' && !Array.isArray(attachments)
      ? (attachments as { readonly [key: string]: Json })
      : {};
  return withMarks(object, [...own, ...(marksOf(attachments) ?? [])]);
}

/**
 * The new content with attachments carried over from the old one where an
 * event is unchanged, and the attachments that are dropped.
 */
export function carryAttachments(
  part: number,
  staff: number,
  measure: number,
  before: UnitContent,
  after: UnitContent,
): { content: UnitContent; dropped: LostAttachment[] } {
  const dropped: LostAttachment[] = [];
  const voices: VoiceContent[] = after.voices.map((voice) => {
    const old = before.voices.find((candidate) => candidate.voice === voice.voice);
    if (!old?.events.some(carries)) return voice;
    const unmatched = indexesByKey(placed(old.events));
    const newKeys = placed(voice.events);
    const used = new Set<number>();
    const events = voice.events.map((event, index) => {
      const match = takeIndex(unmatched, newKeys[index]!);
      if (match === undefined) return event;
      used.add(match);
      return carried(event, old.events[match]!);
    });
    old.events.forEach((event, index) => {
      if (carries(event) && !used.has(index)) {
        dropped.push({
          part,
          staff,
          measure,
          voice: voice.voice,
          event: index + 1,
          attachments: lostHolding(event),
        });
      }
    });
    return voice.onsetMarks !== undefined
      ? { voice: voice.voice, events, onsetMarks: voice.onsetMarks }
      : old.onsetMarks !== undefined && used.size === old.events.length
        ? { voice: voice.voice, events, onsetMarks: old.onsetMarks }
        : { voice: voice.voice, events };
  });
  for (const old of before.voices) {
    if (after.voices.some((voice) => voice.voice === old.voice)) continue;
    old.events.forEach((event, index) => {
      if (carries(event)) {
        dropped.push({
          part,
          staff,
          measure,
          voice: old.voice,
          event: index + 1,
          attachments: lostHolding(event),
        });
      }
    });
  }
  const content: UnitContent =
    before.attachments !== undefined ? { voices, attachments: before.attachments } : { voices };
  return { content, dropped };
}
