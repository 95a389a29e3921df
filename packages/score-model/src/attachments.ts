/**
 * Carrying attachments across a rewrite: an event that is written again
 * unchanged, at the same place in the same voice, keeps what rode on it;
 * every other attachment of a replaced unit is dropped (and described by
 * `dropped-marks.ts`).
 */
import { add, serializeEvent, ZERO } from '@scorelane/lanes-seq';
import type { LostAttachment } from './dropped-marks.ts';
import type { ScoreEvent, UnitContent, VoiceContent } from './score-types.ts';
import { withUnitFields } from './unit-fields.ts';
import { notesOnlyEvent } from './unit-lanes.ts';

/** Each event keyed by its onset and text; by its index instead when onsets leave exact integers. */
export function placed(events: readonly ScoreEvent[]): string[] {
  let onset = ZERO;
  try {
    return events.map((event) => {
      const key = `${onset.num}/${onset.den} ${serializeEvent(notesOnlyEvent(event))}`;
      if (!event.grace) onset = add(onset, event.duration);
      return key;
    });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return events.map((event, index) => `#${index} ${serializeEvent(notesOnlyEvent(event))}`);
  }
}

/** The indexes at which each key occurs, in order, and how many of them are taken. */
export type KeyedIndexes = Map<string, { readonly indexes: number[]; taken: number }>;

/** Groups indexes by key, so that matching keys takes one pass instead of a search per event. */
export function indexesByKey(keys: readonly string[]): KeyedIndexes {
  const byKey: KeyedIndexes = new Map();
  keys.forEach((key, index) => {
    const entry = byKey.get(key);
    if (entry) entry.indexes.push(index);
    else byKey.set(key, { indexes: [index], taken: 0 });
  });
  return byKey;
}

/** The first index of `key` not taken yet, taking it; `undefined` when there is none. */
export function takeIndex(byKey: KeyedIndexes, key: string): number | undefined {
  const entry = byKey.get(key);
  if (!entry || entry.taken === entry.indexes.length) return undefined;
  return entry.indexes[entry.taken++];
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
    if (!old?.events.some((event) => event.attachments !== undefined)) return voice;
    const unmatched = indexesByKey(placed(old.events));
    const newKeys = placed(voice.events);
    const used = new Set<number>();
    const events = voice.events.map((event, index) => {
      const match = takeIndex(unmatched, newKeys[index]!);
      if (match === undefined) return event;
      used.add(match);
      const attachments = old.events[match]!.attachments;
      return attachments === undefined ? event : { ...event, attachments };
    });
    old.events.forEach((event, index) => {
      if (event.attachments !== undefined && !used.has(index)) {
        dropped.push({
          part,
          staff,
          measure,
          voice: voice.voice,
          event: index + 1,
          attachments: event.attachments,
        });
      }
    });
    return { ...voice, events };
  });
  for (const old of before.voices) {
    if (after.voices.some((voice) => voice.voice === old.voice)) continue;
    old.events.forEach((event, index) => {
      if (event.attachments !== undefined) {
        dropped.push({
          part,
          staff,
          measure,
          voice: old.voice,
          event: index + 1,
          attachments: event.attachments,
        });
      }
    });
  }
  const content: UnitContent = withUnitFields({ voices }, before);
  return { content, dropped };
}
