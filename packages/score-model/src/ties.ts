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

/**
 * The index of the event a tie on `events[index]` lands on inside the lane:
 * the very next event for a grace note (a grace or the main note it leads
 * to), the next sounding event otherwise; -1 when the tie leaves the measure.
 */
export function tieLandingIndex(events: readonly ScoreEvent[], index: number): number {
  if (events[index]?.grace) return index + 1 < events.length ? index + 1 : -1;
  return nextSounding(events, index + 1);
}

/**
 * The indexes of the events whose ties leave the measure: the last sounding
 * event, and a grace note that ends the lane after it.
 */
export function tiesLeaving(events: readonly ScoreEvent[]): number[] {
  const leaving: number[] = [];
  const last = lastSounding(events);
  if (last !== -1) leaving.push(last);
  const end = events.length - 1;
  if (end > last && events[end]!.grace) leaving.push(end);
  return leaving;
}

/**
 * The event of the next measure's lane that a tie leaving a measure lands
 * on: its first event for a tie from a grace note, its first sounding event
 * otherwise.
 */
export function landingEvent(
  tiedFrom: ScoreEvent,
  next: readonly ScoreEvent[],
): ScoreEvent | undefined {
  return tiedFrom.grace ? next[0] : next[nextSounding(next, 0)];
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
