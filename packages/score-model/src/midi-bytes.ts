/**
 * Standard MIDI File bytes: chunks, variable-length quantities and the
 * events Scorelane writes. Knows nothing of scores.
 */
import { appendAll } from './append.ts';

/** One event of a track, at an absolute tick; `data` is the event's bytes after the delta time. */
export interface TrackEvent {
  readonly tick: number;
  /** Events at the same tick are written in ascending `order` (note-offs before note-ons). */
  readonly order: number;
  readonly data: readonly number[];
}

/** Writes `value` as a MIDI variable-length quantity. */
export function variableLength(value: number): number[] {
  if (!Number.isInteger(value) || value < 0 || value > 0x0fffffff) {
    throw new RangeError(`A MIDI delta time must be an integer from 0 to 268435455, got ${value}.`);
  }
  const bytes = [value & 0x7f];
  let rest = value >>> 7;
  while (rest > 0) {
    bytes.unshift((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  return bytes;
}

function uint32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function uint16(value: number): number[] {
  return [(value >>> 8) & 0xff, value & 0xff];
}

/** A meta event's bytes: `FF type length data`. */
export function metaEvent(type: number, data: readonly number[]): number[] {
  return [0xff, type, ...variableLength(data.length), ...data];
}

/** A text meta event (track name is type 3) in UTF-8. */
export function textEvent(type: number, text: string): number[] {
  return metaEvent(type, [...new TextEncoder().encode(text)]);
}

/** One track chunk: events sorted by tick (stable for equal ticks), delta-timed, closed by end-of-track. */
export function trackChunk(events: readonly TrackEvent[]): number[] {
  const sorted = events
    .map((event, index) => ({ event, index }))
    .sort(
      (a, b) => a.event.tick - b.event.tick || a.event.order - b.event.order || a.index - b.index,
    )
    .map(({ event }) => event);
  const body: number[] = [];
  let tick = 0;
  for (const event of sorted) {
    appendAll(body, variableLength(event.tick - tick));
    appendAll(body, event.data);
    tick = event.tick;
  }
  body.push(0, ...metaEvent(0x2f, []));
  return [0x4d, 0x54, 0x72, 0x6b, ...uint32(body.length), ...body];
}

/** A format 1 file: the header chunk, then the tracks. */
export function midiFile(
  ticksPerQuarter: number,
  tracks: readonly (readonly TrackEvent[])[],
): Uint8Array {
  const header = [
    0x4d,
    0x54,
    0x68,
    0x64,
    ...uint32(6),
    ...uint16(1),
    ...uint16(tracks.length),
    ...uint16(ticksPerQuarter),
  ];
  const chunks = tracks.map(trackChunk);
  const bytes = new Uint8Array(
    header.length + chunks.reduce((size, chunk) => size + chunk.length, 0),
  );
  bytes.set(header, 0);
  let at = header.length;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
