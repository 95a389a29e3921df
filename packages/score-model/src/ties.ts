/**
 * Which pitches an event ties onward, and whether an event can receive them.
 */
import type { Pitch } from '@scorelane/lanes-seq';
import { samePitch } from '@scorelane/lanes-seq';
import type { ScoreEvent } from './score-types.ts';

/** The pitches an event ties into the next sounding event; empty when none. */
export function tiedPitches(event: ScoreEvent): Pitch[] {
  if (event.kind === 'note') return event.tie ? [event.pitch] : [];
  if (event.kind === 'chord')
    return event.notes.filter((note) => event.tie || note.tie).map((n) => n.pitch);
  return [];
}

/** The pitches an event sounds. */
export function soundingPitches(event: ScoreEvent): Pitch[] {
  if (event.kind === 'note') return [event.pitch];
  if (event.kind === 'chord') return event.notes.map((note) => note.pitch);
  return [];
}

/** Whether `event` holds `pitch`, spelled the same. */
export function holdsPitch(event: ScoreEvent | undefined, pitch: Pitch): boolean {
  return event !== undefined && soundingPitches(event).some((held) => samePitch(held, pitch));
}

/** Index of the first event at or after `from` that is not a grace note, or -1. */
export function nextSounding(events: readonly ScoreEvent[], from: number): number {
  for (let index = from; index < events.length; index++) {
    if (!events[index]!.grace) return index;
  }
  return -1;
}

/** Index of the last event that is not a grace note, or -1. */
export function lastSounding(events: readonly ScoreEvent[]): number {
  for (let index = events.length - 1; index >= 0; index--) {
    if (!events[index]!.grace) return index;
  }
  return -1;
}

/** The event with the tie on `pitch` removed (from the event, or from that chord note). */
export function withoutTie(event: ScoreEvent, pitch: Pitch): ScoreEvent {
  if (event.kind === 'note') return { ...event, tie: false };
  if (event.kind === 'chord') {
    return {
      ...event,
      tie: false,
      notes: event.notes.map((note) => ({
        pitch: note.pitch,
        tie: (event.tie || note.tie) && !samePitch(note.pitch, pitch),
      })),
    };
  }
  return event;
}
