/**
 * The notes of a Standard MIDI File: every note-on paired with its note-off,
 * as onset and duration in quarter notes (from the file's ticks per
 * quarter, so tempo does not matter) and MIDI pitch.
 */

/** One note of a MIDI file. */
export interface MidiNote {
  /** Onset in quarter notes. */
  readonly onset: number;
  readonly midi: number;
  /** Duration in quarter notes. */
  readonly duration: number;
}

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}
  byte(): number {
    return this.bytes[this.at++]!;
  }
  uint(count: number): number {
    let value = 0;
    for (let index = 0; index < count; index++) value = value * 256 + this.byte();
    return value;
  }
  skip(count: number): void {
    this.at += count;
  }
  variable(): number {
    let value = 0;
    for (;;) {
      const byte = this.byte();
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
  }
}

/** The notes of one track chunk (from `start` to `end`), added to `notes`. */
function readTrack(reader: Reader, end: number, ticksPerQuarter: number, notes: MidiNote[]): void {
  const sounding = new Map<number, number[]>();
  let tick = 0;
  let status = 0;
  while (reader.at < end) {
    tick += reader.variable();
    let first = reader.byte();
    if (first === 0xff) {
      reader.byte();
      reader.skip(reader.variable());
      continue;
    }
    if (first === 0xf0 || first === 0xf7) {
      reader.skip(reader.variable());
      continue;
    }
    if (first < 0x80) reader.at--;
    else status = first;
    const kind = status & 0xf0;
    first = reader.byte();
    if (kind === 0xc0 || kind === 0xd0) continue;
    const second = reader.byte();
    if (kind !== 0x80 && kind !== 0x90) continue;
    const key = (status & 0x0f) * 128 + first;
    if (kind === 0x90 && second > 0) {
      sounding.set(key, [...(sounding.get(key) ?? []), tick]);
      continue;
    }
    const started = sounding.get(key)?.shift();
    if (started === undefined) continue;
    notes.push({
      onset: started / ticksPerQuarter,
      midi: first,
      duration: (tick - started) / ticksPerQuarter,
    });
  }
  reader.at = end;
}

/**
 * Reads the notes of a Standard MIDI File (format 0 or 1, ticks per quarter).
 *
 * @throws Error when the bytes are not a MIDI file with ticks per quarter.
 * @example
 * ```ts
 * midiNotes(bytes); // [{ onset: 0, midi: 60, duration: 1 }, ...]
 * ```
 */
export function midiNotes(bytes: Uint8Array): MidiNote[] {
  const reader = new Reader(bytes);
  if (reader.uint(4) !== 0x4d546864) throw new Error('not a MIDI file (no MThd)');
  const headerLength = reader.uint(4);
  const headerEnd = reader.at + headerLength;
  reader.uint(2);
  const tracks = reader.uint(2);
  const ticksPerQuarter = reader.uint(2);
  if (ticksPerQuarter & 0x8000) throw new Error('MIDI timed in SMPTE frames, not ticks');
  reader.at = headerEnd;
  const notes: MidiNote[] = [];
  for (let track = 0; track < tracks && reader.at < bytes.length; track++) {
    const id = reader.uint(4);
    const length = reader.uint(4);
    if (id !== 0x4d54726b) reader.at += length;
    else readTrack(reader, reader.at + length, ticksPerQuarter, notes);
  }
  return notes;
}
