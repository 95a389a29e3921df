/**
 * The notes a score sounds, with exact onsets: ties joined into one note,
 * grace notes and rests left out. What MIDI export and playback share.
 */
import { add, formatPitch, midiNumber, type Rational, ZERO } from '@scorelane/lanes-seq';
import { measureLength } from './measure-length.ts';
import type { ScoreInit } from './score.ts';
import { transpositionSemitones } from './transposition.ts';

/** One sounding note: a pitch (sounding: written plus the part's transposition) from `start` to `end`, in whole notes from the score's start. */
export interface SoundingNote {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  /** The measure where the note starts. */
  readonly measure: number;
  readonly midi: number;
  readonly start: Rational;
  readonly end: Rational;
}

/** A note MIDI cannot play: its sounding pitch is outside 0-127 (`pitch` is the written one). */
export interface UnplayableNote {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly measure: number;
  readonly pitch: string;
}

/** The notes of a score and what had to be left out. */
export interface ScoreNotes {
  readonly notes: readonly SoundingNote[];
  readonly unplayable: readonly UnplayableNote[];
  /** Where each measure starts, in whole notes; one more entry for the end of the score. */
  readonly measureStarts: readonly Rational[];
}

interface OpenNote {
  readonly start: Rational;
  readonly measure: number;
  end: Rational;
}

/**
 * Lists every note the score sounds, at sounding pitch: the written pitch
 * moved by its part's transposition (a B-flat clarinet's D5 sounds C5). A tie joins a note to the same pitch in
 * the voice's next event (across the bar line too) into one longer note; a
 * tie that lands nowhere ends where its note ends. Grace notes take no time
 * and are left out; so are pitches MIDI cannot play, which are listed.
 *
 * @example
 * ```ts
 * const { notes } = soundingNotes(scoreContent(score));
 * notes[0]; // { part: 1, staff: 1, voice: 1, measure: 1, midi: 67, start: { num: 0, den: 1 }, end: { num: 1, den: 4 } }
 * ```
 */
export function soundingNotes(content: ScoreInit): ScoreNotes {
  const measureStarts: Rational[] = [ZERO];
  for (const measure of content.measures)
    measureStarts.push(add(measureStarts.at(-1)!, measureLength(measure)));

  const byLane = new Map<
    string,
    {
      part: number;
      staff: number;
      measure: number;
      events: NonNullable<ScoreInit['units']>[number]['content']['voices'][number]['events'];
      voice: number;
    }[]
  >();
  for (const unit of content.units ?? []) {
    for (const voice of unit.content.voices) {
      const key = `${unit.part}/${unit.staff}/${voice.voice}`;
      const lane = byLane.get(key) ?? [];
      lane.push({
        part: unit.part,
        staff: unit.staff,
        measure: unit.measure,
        voice: voice.voice,
        events: voice.events,
      });
      byLane.set(key, lane);
    }
  }

  const notes: SoundingNote[] = [];
  const unplayable: UnplayableNote[] = [];
  for (const measures of byLane.values()) {
    measures.sort((a, b) => a.measure - b.measure);
    const open = new Map<number, OpenNote>();
    const { part, staff, voice } = measures[0]!;
    const shift = transpositionSemitones(content.parts[part - 1]?.transposition);
    const close = (midi: number) => {
      const note = open.get(midi)!;
      notes.push({
        part,
        staff,
        voice,
        measure: note.measure,
        midi,
        start: note.start,
        end: note.end,
      });
      open.delete(midi);
    };
    let previousMeasure = 0;
    for (const { measure, events } of measures) {
      if (measure !== previousMeasure + 1) for (const midi of [...open.keys()]) close(midi);
      previousMeasure = measure;
      let onset = measureStarts[measure - 1] ?? ZERO;
      for (const event of events) {
        if (event.grace) continue;
        const end = add(onset, event.duration);
        const struck =
          event.kind === 'note'
            ? [{ pitch: event.pitch, tie: event.tie }]
            : event.kind === 'chord'
              ? event.notes.map((note) => ({ pitch: note.pitch, tie: note.tie || event.tie }))
              : [];
        const sounding = new Set<number>();
        for (const { pitch, tie } of struck) {
          const midi = midiNumber(pitch) + shift;
          if (midi < 0 || midi > 127) {
            unplayable.push({ part, staff, voice, measure, pitch: formatPitch(pitch) });
            continue;
          }
          sounding.add(midi);
          const continued = open.get(midi);
          if (continued) continued.end = end;
          else open.set(midi, { start: onset, measure, end });
          if (!tie) close(midi);
        }
        for (const midi of [...open.keys()]) if (!sounding.has(midi)) close(midi);
        onset = end;
      }
    }
    for (const midi of [...open.keys()]) close(midi);
  }
  return { notes, unplayable, measureStarts };
}
