/**
 * Lyric lines of a rewrite: each is attached to its lane's slots, the lane
 * in the text or, when the text has none for it, the voice in the score (a
 * lyrics-only edit of that unit, which keeps its notes). A line is admitted
 * as a lane is (part, staff, range), and needs a voice to sing on.
 */
import {
  type Lane,
  type LaneLocation,
  type LyricLine,
  type LyricLocation,
  laneKey,
} from '@scorelane/lanes-seq';
import { ProblemList } from './problem-list.ts';
import { type AdmissionRequest, admitLanes, type WrittenUnit } from './rewrite-admission.ts';
import type { ScoreView } from './score-view.ts';
import type { UnitRef } from './staleness.ts';
import { placeFor } from './text-place.ts';

/** A lyric location as the lane location that `placeFor` reads, its slots as events. */
export function lyricPlace(location: LyricLocation | undefined): LaneLocation | undefined {
  if (!location) return undefined;
  return {
    line: location.line,
    lineStart: location.lineStart,
    start: location.start,
    end: location.end,
    eventStarts: location.slotStarts,
    eventEnds: location.slotEnds,
  };
}

/** The lyric lines of a rewrite, by the lane key they sing in. */
export interface AdmittedLyrics {
  /** Lines of lanes the text writes, by lane key, each with its index in the document. */
  readonly ofLanes: Map<string, { line: LyricLine; index: number }[]>;
  /** Units the text writes lyrics for only, keyed `part/staff/measure`, with their lines. */
  readonly lyricsOnly: Map<string, UnitRef & { lines: { line: LyricLine; index: number }[] }>;
}

/**
 * Sorts the lyric lines into those of written lanes and lyrics-only edits,
 * reporting every line that may not be written.
 *
 * @example
 * ```ts
 * const { ofLanes, lyricsOnly } = admitLyricLines(view, request, lyrics, locations, written, problems);
 * ```
 */
export function admitLyricLines(
  view: ScoreView,
  request: AdmissionRequest,
  lyrics: readonly LyricLine[],
  locations: readonly LyricLocation[],
  written: ReadonlyMap<string, WrittenUnit>,
  problems: ProblemList,
): AdmittedLyrics {
  const ofLanes: AdmittedLyrics['ofLanes'] = new Map();
  const lyricsOnly: AdmittedLyrics['lyricsOnly'] = new Map();
  const alone: { line: LyricLine; index: number }[] = [];
  lyrics.forEach((line, index) => {
    const unit = written.get(`${line.part}/${line.staff}/${line.measure}`);
    if (unit?.voices.has(line.voice)) {
      const key = laneKey(line);
      ofLanes.set(key, [...(ofLanes.get(key) ?? []), { line, index }]);
    } else alone.push({ line, index });
  });
  const lanes: Lane[] = alone.map(({ line }) => ({ ...line, events: [] }));
  const places = alone.map(({ index }) => lyricPlace(locations[index])!);
  // The request's own problems (parts, range) are reported once, by the lanes' admission.
  const own = new ProblemList();
  const admitted = admitLanes(view, request, lanes, places, own).written;
  problems.pushAll(own.toArray().filter((problem) => problem.lane !== undefined));
  alone.forEach(({ line, index }) => {
    const unitKey = `${line.part}/${line.staff}/${line.measure}`;
    if (!admitted.get(unitKey)?.voices.has(line.voice)) return;
    const key = laneKey(line);
    const voiceHere = view
      .unit(line.part, line.staff, line.measure)
      ?.content.voices.some((voice) => voice.voice === line.voice);
    if (written.has(unitKey) || !voiceHere) {
      const where = written.has(unitKey)
        ? `the text rewrites ${`P${line.part} s${line.staff} m${line.measure}`} without a lane for voice ${line.voice}`
        : `the score has no voice ${line.voice} there`;
      problems.push({
        code: 'unknown-voice',
        lane: key,
        ...placeFor(request.text, lyricPlace(locations[index]))(undefined),
        message: `The lyric line ${key} w${line.verse} has no voice to sing on: ${where}.`,
        fix: `Write the lane ${key} before its lyric line, or put the line under a voice that exists.`,
      });
      return;
    }
    let entry = lyricsOnly.get(unitKey);
    if (!entry) {
      entry = { part: line.part, staff: line.staff, measure: line.measure, lines: [] };
      lyricsOnly.set(unitKey, entry);
    }
    entry.lines.push({ line, index });
  });
  return { ofLanes, lyricsOnly };
}
