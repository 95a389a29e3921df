/**
 * The content a rewrite writes into each unit: the lanes of the text as
 * voices, with their lyric lines on their slots, and the units whose lyrics
 * alone the text sets (their notes and marks as the score holds them).
 */
import {
  type LanesDocument,
  type LyricLine,
  type LyricLocation,
  laneKey,
  type Pitch,
} from '@scorelane/lanes-seq';
import type { AdmittedLyrics } from './lyric-admission.ts';
import { lyricPlace } from './lyric-admission.ts';
import { lyricSlots, withLyricLines } from './lyric-slots.ts';
import type { ProblemList } from './problem-list.ts';
import type { WrittenUnit } from './rewrite-admission.ts';
import type { ScoreEvent, UnitContent, VoiceContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';
import { placeFor } from './text-place.ts';
import { tiedInFrom } from './tied-in.ts';
import { voiceOfLane } from './voice-of-lane.ts';

/**
 * Whether a document writes any mark, chord-note fingering, `@` item or
 * lyric line: then, by the no-accident rule, it states the marks of every
 * lane it writes in full.
 *
 * @example
 * ```ts
 * writesMarks(parse('P1 s1 v1 m1: C4=1-.\n').document); // true
 * ```
 */
export function writesMarks(document: LanesDocument): boolean {
  if ((document.lyrics ?? []).length > 0) return true;
  return document.lanes.some(
    (lane) =>
      (lane.onsetMarks ?? []).length > 0 ||
      lane.events.some(
        (event) =>
          (event.marks ?? []).length > 0 ||
          (event.kind === 'chord' && event.notes.some((note) => note.fingering !== undefined)),
      ),
  );
}

/** Reports a line with more syllables than slots, pointing at its first syllable past the last slot. */
function checkSlots(
  text: string,
  line: LyricLine,
  location: LyricLocation | undefined,
  events: readonly ScoreEvent[],
  tiedIn: readonly Pitch[],
  problems: ProblemList,
): void {
  const slots = lyricSlots(events, tiedIn).length;
  if (line.slots.length <= slots) return;
  const key = laneKey(line);
  const extra = line.slots.length - slots;
  problems.push({
    code: 'lyric-slots',
    lane: key,
    ...placeFor(text, lyricPlace(location))(slots),
    message: `The lyric line ${key} w${line.verse} has ${line.slots.length} syllables, but ${key} has ${slots} slot${slots === 1 ? '' : 's'} (notes and chords that are neither grace notes nor tie continuations).`,
    fix: `Remove ${extra} syllable${extra === 1 ? '' : 's'} from the line (or carry ${extra === 1 ? 'it' : 'them'} to the next measure's line), or join two words under one note with ~ (me~and).`,
  });
}

/**
 * The new content of every unit the rewrite writes, keyed
 * `part/staff/measure`, in measure order so that the ties into each lane
 * are known when its lyrics are attached. A lyrics-only unit starts from
 * `edited` when it holds the unit (marks a marks-only write changed), else
 * from the score.
 *
 * @example
 * ```ts
 * writtenContents(view, request.text, written, lyrics, parsed.lyricLocations, problems).get('1/1/3');
 * ```
 */
export function writtenContents(
  view: ScoreView,
  text: string,
  written: ReadonlyMap<string, WrittenUnit>,
  lyrics: AdmittedLyrics,
  locations: readonly LyricLocation[] | undefined,
  problems: ProblemList,
  edited: ReadonlyMap<string, UnitContent> = new Map(),
): Map<string, UnitContent> {
  const contents = new Map<string, UnitContent>();
  const tiedInto = (part: number, staff: number, measure: number) =>
    tiedInFrom(
      contents.get(`${part}/${staff}/${measure - 1}`) ??
        view.unit(part, staff, measure - 1)?.content,
    );
  const units = [
    ...[...written].map(([key, unit]) => ({ key, ref: unit, unit, only: undefined })),
    ...[...lyrics.lyricsOnly].map(([key, only]) => ({ key, ref: only, unit: undefined, only })),
  ].sort((a, b) => a.ref.measure - b.ref.measure);
  for (const { key, ref, unit, only } of units) {
    const tiedIn = tiedInto(ref.part, ref.staff, ref.measure);
    if (unit) {
      const voices = [...unit.voices.entries()]
        .sort(([a], [b]) => a - b)
        .map(([voice, { lane }]): VoiceContent => {
          const lines = lyrics.ofLanes.get(laneKey(lane)) ?? [];
          for (const { line, index } of lines)
            checkSlots(text, line, locations?.[index], lane.events, tiedIn(voice), problems);
          return voiceOfLane(
            lane,
            lines.map((entry) => entry.line),
            tiedIn(voice),
          );
        });
      contents.set(key, { voices });
      continue;
    }
    const existing = edited.get(key) ?? view.unit(ref.part, ref.staff, ref.measure)!.content;
    const voices = existing.voices.map((voice): VoiceContent => {
      const lines = only!.lines.filter((entry) => entry.line.voice === voice.voice);
      if (lines.length === 0) return voice;
      for (const { line, index } of lines)
        checkSlots(text, line, locations?.[index], voice.events, tiedIn(voice.voice), problems);
      const events = withLyricLines(
        voice.events,
        tiedIn(voice.voice),
        lines.map((e) => e.line),
        true,
      )!;
      return { ...voice, events };
    });
    contents.set(key, { ...existing, voices });
  }
  return contents;
}
