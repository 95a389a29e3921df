/**
 * A unit's content as lanes-seq lanes, and back.
 */
import type { Lane, LaneEvent, LyricLine, Pitch } from '@scorelane/lanes-seq';
import { serialize } from '@scorelane/lanes-seq';
import { voiceLyricLines } from './lyric-slots.ts';
import type { ScoreEvent, UnitContent } from './score-types.ts';

/**
 * The lanes-seq event of a score event, with its marks (and a chord's
 * fingerings) unless `marks` is false; never its lyrics or attachments.
 */
export function laneEvent(event: ScoreEvent, marks = true): LaneEvent {
  const written = marks && event.marks !== undefined ? { marks: event.marks } : {};
  switch (event.kind) {
    case 'note':
      return {
        kind: 'note',
        pitch: event.pitch,
        duration: event.duration,
        grace: event.grace,
        tie: event.tie,
        ...written,
      };
    case 'chord':
      return {
        kind: 'chord',
        notes: marks
          ? event.notes
          : event.notes.map((note) => ({ pitch: note.pitch, tie: note.tie })),
        duration: event.duration,
        grace: event.grace,
        tie: event.tie,
        ...written,
      };
    case 'rest':
      return { kind: 'rest', duration: event.duration, grace: false, ...written };
    case 'space':
      return { kind: 'space', duration: event.duration, grace: false, ...written };
  }
}

/** The lanes-seq event of a score event without any mark: what "the same notes" compares. */
export function notesOnlyEvent(event: ScoreEvent): LaneEvent {
  return laneEvent(event, false);
}

/**
 * The lanes of one unit, one per voice, in voice order, with their marks and
 * `@` items unless `marks` is false.
 */
export function unitLanes(
  part: number,
  staff: number,
  measure: number,
  content: UnitContent,
  marks = true,
): Lane[] {
  return [...content.voices]
    .sort((a, b) => a.voice - b.voice)
    .map((voice) => {
      const lane: Lane = {
        part,
        staff,
        voice: voice.voice,
        measure,
        events: voice.events.map((event) => laneEvent(event, marks)),
      };
      return marks && voice.onsetMarks !== undefined && voice.onsetMarks.length > 0
        ? { ...lane, onsetMarks: voice.onsetMarks }
        : lane;
    });
}

/**
 * The lyric lines of one unit, per voice and verse; `tiedIn(voice)` gives the
 * pitches tied into the voice from the measure before.
 */
export function unitLyricLines(
  part: number,
  staff: number,
  measure: number,
  content: UnitContent,
  tiedIn: (voice: number) => readonly Pitch[] = () => [],
): LyricLine[] {
  return content.voices.flatMap(
    (voice) =>
      voiceLyricLines(
        { part, staff, voice: voice.voice, measure },
        voice.events,
        tiedIn(voice.voice),
      ).lines,
  );
}

/** A unit's lanes as canonical lanes-seq text, one line per voice, then its lyric lines. */
export function unitText(
  part: number,
  staff: number,
  measure: number,
  content: UnitContent,
  tiedIn?: (voice: number) => readonly Pitch[],
): string {
  const lanes = unitLanes(part, staff, measure, content);
  const lyrics = unitLyricLines(part, staff, measure, content, tiedIn);
  return serialize(lyrics.length === 0 ? { lanes } : { lanes, lyrics });
}

/** The key of a unit as problems and plans name it: `P1 s2 m7`. */
export function unitName(part: number, staff: number, measure: number): string {
  return `P${part} s${staff} m${measure}`;
}
