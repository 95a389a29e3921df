/**
 * A score as a Standard MIDI File: one track for tempo, time and key
 * signatures, then one track per part, with exact timing wherever MIDI's
 * resolution allows it.
 */
import type { Rational } from '@scorelane/lanes-seq';
import { metaEvent, midiFile, type TrackEvent, textEvent } from './midi-bytes.ts';
import { soundingNotes, type UnplayableNote } from './midi-notes.ts';
import { playOrderOf } from './play-order.ts';
import { playedContent } from './played-content.ts';
import type { Score, ScoreInit } from './score.ts';
import { scoreContent } from './score-content.ts';

/** Options for {@link exportMidi}. */
export interface MidiExportOptions {
  /** Quarter notes per minute; 120 by default. */
  readonly tempo?: number;
  /** The velocity of every note, 1 to 127; 80 by default. */
  readonly velocity?: number;
  /** `false`: every measure once, as written; by default repeats and voltas are played (`playOrder`). */
  readonly repeats?: boolean;
}

/** What {@link exportMidi} made. */
export interface MidiExport {
  /** The file: format 1, a conductor track, then one track per part. */
  readonly bytes: Uint8Array;
  /** MIDI ticks per quarter note. */
  readonly ticksPerQuarter: number;
  /** Whether every onset and length fell on a tick; false when the score needs more than MIDI's 32,767 ticks per quarter and times were rounded. */
  readonly exact: boolean;
  /** Notes left out because MIDI cannot play their pitch (outside 0-127). */
  readonly unplayable: readonly UnplayableNote[];
}

const MAX_TICKS_PER_QUARTER = 0x7fff;
const FALLBACK_TICKS_PER_QUARTER = 960;
const PERCUSSION_CHANNEL = 9;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The smallest ticks-per-quarter that puts every given time on a tick, if MIDI allows one. */
function exactTicksPerQuarter(times: Iterable<Rational>): number | undefined {
  let ticksPerWhole = 4;
  for (const time of times) {
    ticksPerWhole = (ticksPerWhole / gcd(ticksPerWhole, time.den)) * time.den;
    if (ticksPerWhole / 4 > MAX_TICKS_PER_QUARTER) return undefined;
  }
  return ticksPerWhole / 4;
}

/** The MIDI channel of each part: 0-15 in order, skipping 9, which is for parts with a percussion clef. */
function channels(content: ScoreInit): number[] {
  let next = 0;
  return content.parts.map((part) => {
    if (part.clefs[0] === 'percussion') return PERCUSSION_CHANNEL;
    const channel = next % 15 >= PERCUSSION_CHANNEL ? (next % 15) + 1 : next % 15;
    next++;
    return channel;
  });
}

/**
 * Writes the score as a Standard MIDI File (format 1), repeats and voltas
 * played in the order `playOrder` gives (unless `repeats: false`).
 * Track 1 holds the title, the tempo, and every time and key signature at
 * its measure; each
 * part follows on a track of its own, named after it, with its program.
 * Ties sound as one note, grace notes and rests are silent, and pitches MIDI
 * cannot play are left out and listed in `unplayable`.
 *
 * @throws RangeError for a tempo that is not positive or a velocity outside 1-127.
 * @example
 * ```ts
 * const midi = exportMidi(score);
 * await writeFile('score.mid', midi.bytes);
 * ```
 */
export function exportMidi(score: Score, options: MidiExportOptions = {}): MidiExport {
  const tempo = options.tempo ?? 120;
  const velocity = options.velocity ?? 80;
  if (!(tempo > 0) || !Number.isFinite(tempo))
    throw new RangeError(`A tempo must be a positive number of quarters per minute, got ${tempo}.`);
  if (!Number.isInteger(velocity) || velocity < 1 || velocity > 127) {
    throw new RangeError(`A velocity must be an integer from 1 to 127, got ${velocity}.`);
  }
  const written = scoreContent(score);
  const content =
    options.repeats === false ? written : playedContent(written, playOrderOf(written.measures));
  const { notes, unplayable, measureStarts } = soundingNotes(content);
  const exactTicks = exactTicksPerQuarter([
    ...measureStarts,
    ...notes.flatMap((note) => [note.start, note.end]),
  ]);
  const ticksPerQuarter = exactTicks ?? FALLBACK_TICKS_PER_QUARTER;
  const tickOf = (time: Rational) => Math.round((time.num * ticksPerQuarter * 4) / time.den);

  const conductor: TrackEvent[] = [
    ...(content.title ? [{ tick: 0, order: 0, data: textEvent(0x03, content.title) }] : []),
    { tick: 0, order: 0, data: metaEvent(0x51, microsecondsPerQuarter(tempo)) },
  ];
  content.measures.forEach((measure, index) => {
    const previous = content.measures[index - 1];
    const tick = tickOf(measureStarts[index]!);
    if (
      !previous ||
      previous.time.beats !== measure.time.beats ||
      previous.time.beatType !== measure.time.beatType
    ) {
      // MIDI writes the beat type as a power of two; a time like 3/3 has no MIDI form and is left out.
      const power = Math.log2(measure.time.beatType);
      if (Number.isInteger(power) && measure.time.beats <= 0xff) {
        conductor.push({
          tick,
          order: 1,
          data: metaEvent(0x58, [measure.time.beats, power, 24, 8]),
        });
      }
    }
    if (
      !previous ||
      previous.key.fifths !== measure.key.fifths ||
      previous.key.mode !== measure.key.mode
    ) {
      const fifths = measure.key.fifths & 0xff;
      conductor.push({
        tick,
        order: 1,
        data: metaEvent(0x59, [fifths, measure.key.mode === 'minor' ? 1 : 0]),
      });
    }
  });

  const partChannels = channels(content);
  const partTracks = content.parts.map((part, index): TrackEvent[] => {
    const channel = partChannels[index]!;
    const track: TrackEvent[] = [{ tick: 0, order: 0, data: textEvent(0x03, part.name) }];
    if (channel !== PERCUSSION_CHANNEL)
      track.push({ tick: 0, order: 0, data: [0xc0 | channel, part.program ?? 0] });
    for (const note of notes) {
      if (note.part !== index + 1) continue;
      track.push({
        tick: tickOf(note.start),
        order: 2,
        data: [0x90 | channel, note.midi, velocity],
      });
      track.push({ tick: tickOf(note.end), order: 1, data: [0x80 | channel, note.midi, 0] });
    }
    return track;
  });

  return {
    bytes: midiFile(ticksPerQuarter, [conductor, ...partTracks]),
    ticksPerQuarter,
    exact: exactTicks !== undefined,
    unplayable,
  };
}

function microsecondsPerQuarter(tempo: number): number[] {
  const value = Math.min(0xffffff, Math.round(60_000_000 / tempo));
  return [(value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}
