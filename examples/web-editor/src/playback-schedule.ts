/**
 * What a play request sounds, in seconds: the score's notes (score-model's
 * `soundingNotes`, the reading MIDI export uses: ties joined, grace notes
 * and rests silent) cut to the requested measures and parts, and when each
 * measure starts, for the play head. Pure, so it is tested in Node.
 */
import { compare, type Rational } from '@scorelane/lanes-seq';
import { type ScoreInit, soundingNotes } from '@scorelane/score-model';
import type { PlayRequest } from '@scorelane/score-tools';

/** One note to sound: `midi` from `time` for `duration`, both in seconds from the start of playback. */
export interface ScheduledNote {
  readonly midi: number;
  readonly part: number;
  readonly time: number;
  readonly duration: number;
}

/** When a measure starts, in seconds from the start of playback. */
export interface ScheduledMeasure {
  readonly measure: number;
  readonly time: number;
}

/** A play request in seconds. */
export interface PlaybackSchedule {
  readonly notes: readonly ScheduledNote[];
  /** The measures played, in order, each with its start. */
  readonly measures: readonly ScheduledMeasure[];
  /** From the first measure's start to the last one's end, in seconds. */
  readonly duration: number;
  /** Where playback starts, in quarter notes from the score's start. */
  readonly startQuarter: number;
  /** Quarter notes per minute. */
  readonly tempo: number;
}

/** Seconds per whole note at `tempo` quarter notes per minute. */
function secondsPerWhole(tempo: number): number {
  return (4 * 60) / tempo;
}

function seconds(time: Rational, from: Rational, perWhole: number): number {
  return ((time.num * from.den - from.num * time.den) / (time.den * from.den)) * perWhole;
}

/**
 * The notes and measure starts of `request` (1-based measures, inclusive;
 * parts 1-based) at `tempo` quarter notes per minute. A note tied in from
 * before the range sounds from the range's start; one tied on past its end
 * stops there.
 *
 * @throws RangeError for a tempo that is not a positive number, or a range outside the score.
 * @example
 * ```ts
 * const schedule = playbackSchedule(scoreContent(score), { start_measure: 2, end_measure: 3, parts: [1] }, 120);
 * schedule.measures; // [{ measure: 2, time: 0 }, { measure: 3, time: 2 }] in 4/4
 * ```
 */
export function playbackSchedule(
  content: ScoreInit,
  request: PlayRequest,
  tempo: number,
): PlaybackSchedule {
  if (!(tempo > 0) || !Number.isFinite(tempo)) {
    throw new RangeError(`A tempo must be a positive number of quarters per minute, got ${tempo}.`);
  }
  const { start_measure: first, end_measure: last } = request;
  if (!(first >= 1 && last >= first && last <= content.measures.length)) {
    throw new RangeError(
      `Measures ${first}-${last} are not in a score of ${content.measures.length} measures.`,
    );
  }
  const { notes, measureStarts } = soundingNotes(content);
  const from = measureStarts[first - 1]!;
  const to = measureStarts[last]!;
  const perWhole = secondsPerWhole(tempo);
  const parts = new Set(request.parts);
  const scheduled: ScheduledNote[] = [];
  for (const note of notes) {
    if (!parts.has(note.part)) continue;
    if (compare(note.end, from) <= 0 || compare(note.start, to) >= 0) continue;
    const start = compare(note.start, from) < 0 ? from : note.start;
    const end = compare(note.end, to) > 0 ? to : note.end;
    const time = seconds(start, from, perWhole);
    scheduled.push({
      midi: note.midi,
      part: note.part,
      time,
      duration: seconds(end, from, perWhole) - time,
    });
  }
  scheduled.sort((a, b) => a.time - b.time || a.midi - b.midi);
  const measures: ScheduledMeasure[] = [];
  for (let measure = first; measure <= last; measure++) {
    measures.push({ measure, time: seconds(measureStarts[measure - 1]!, from, perWhole) });
  }
  return {
    notes: scheduled,
    measures,
    duration: seconds(to, from, perWhole),
    startQuarter: (4 * from.num) / from.den,
    tempo,
  };
}

/**
 * Where in the score playback is `elapsed` seconds into `schedule`, in
 * quarter notes from the score's start (as Verovio's timemap counts).
 *
 * @example
 * ```ts
 * quarterAtTime(schedule, 1); // 6 when playing from m2 of a 4/4 score at 120
 * ```
 */
export function quarterAtTime(schedule: PlaybackSchedule, elapsed: number): number {
  return schedule.startQuarter + (elapsed * schedule.tempo) / 60;
}

/**
 * The measure sounding `elapsed` seconds into `schedule`, or `null` before
 * its start and from its end on.
 *
 * @example
 * ```ts
 * measureAtTime(schedule, 2.5); // 3, when measure 3 starts at 2 s
 * ```
 */
export function measureAtTime(schedule: PlaybackSchedule, elapsed: number): number | null {
  if (elapsed < 0 || elapsed >= schedule.duration) return null;
  let current: number | null = null;
  for (const { measure, time } of schedule.measures) {
    if (time > elapsed) break;
    current = measure;
  }
  return current;
}
