/**
 * Carrying attachments across a rewrite: an event that is written again
 * unchanged, at the same place in the same voice, keeps what rode on it;
 * every other attachment of a replaced unit is reported as dropped.
 */
import { add, serializeEvent, ZERO } from '@scorelane/lanes-seq';
import type { DroppedAttachment } from './plan-types.ts';
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
): { content: UnitContent; dropped: DroppedAttachment[] } {
  const dropped: DroppedAttachment[] = [];
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
          lane: `P${part} s${staff} v${voice.voice} m${measure}`,
          event: index + 1,
          attachments: event.attachments,
        });
      }
    });
    return { voice: voice.voice, events };
  });
  for (const old of before.voices) {
    if (after.voices.some((voice) => voice.voice === old.voice)) continue;
    old.events.forEach((event, index) => {
      if (event.attachments !== undefined) {
        dropped.push({
          lane: `P${part} s${staff} v${old.voice} m${measure}`,
          event: index + 1,
          attachments: event.attachments,
        });
      }
    });
  }
  const content: UnitContent =
    before.attachments !== undefined ? { voices, attachments: before.attachments } : { voices };
  return { content, dropped };
}
