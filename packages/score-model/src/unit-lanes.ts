/**
 * A unit's content as lanes-seq lanes, and back.
 */
import type { Lane, LaneEvent } from '@scorelane/lanes-seq';
import { serializeLane } from '@scorelane/lanes-seq';
import type { ScoreEvent, UnitContent } from './score-types.ts';

/** The lanes-seq event of a score event, without its attachments. */
export function laneEvent(event: ScoreEvent): LaneEvent {
  switch (event.kind) {
    case 'note':
      return {
        kind: 'note',
        pitch: event.pitch,
        duration: event.duration,
        grace: event.grace,
        tie: event.tie,
      };
    case 'chord':
      return {
        kind: 'chord',
        notes: event.notes,
        duration: event.duration,
        grace: event.grace,
        tie: event.tie,
      };
    case 'rest':
      return { kind: 'rest', duration: event.duration, grace: false };
    case 'space':
      return { kind: 'space', duration: event.duration, grace: false };
  }
}

/** The lanes of one unit, one per voice, in voice order. */
export function unitLanes(
  part: number,
  staff: number,
  measure: number,
  content: UnitContent,
): Lane[] {
  return [...content.voices]
    .sort((a, b) => a.voice - b.voice)
    .map((voice) => ({
      part,
      staff,
      voice: voice.voice,
      measure,
      events: voice.events.map(laneEvent),
    }));
}

/** A unit's lanes as canonical lanes-seq text, one line per voice. */
export function unitText(
  part: number,
  staff: number,
  measure: number,
  content: UnitContent,
): string {
  let text = '';
  for (const lane of unitLanes(part, staff, measure, content)) text += `${serializeLane(lane)}\n`;
  return text;
}

/** The key of a unit as problems and plans name it: `P1 s2 m7`. */
export function unitName(part: number, staff: number, measure: number): string {
  return `P${part} s${staff} m${measure}`;
}
