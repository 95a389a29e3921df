/**
 * What a play request sounds, in seconds: the score's notes (score-model's
 * `soundingNotes`, the reading MIDI export uses: ties joined, grace notes
 * and rests silent) of the requested measures and parts, repeats and
 * voltas played in the order score-model's `playOrderOf` unfolds them, and
 * when each played measure starts, for the play head. Pure, so it is tested
 * in Node.
 */
import { add, type Rational, ZERO } from '@scorelane/lanes-seq';
import {
  measureLength,
  playedContent,
  playOrderOf,
  type ScoreInit,
  soundingNotes,
} from '@scorelane/score-model';
import type { PlayRequest } from '@scorelane/score-tools';

/** One note to sound: `midi` from `time` for `duration`, both in seconds from the start of playback. */
export interface ScheduledNote {
  readonly midi: number;
  readonly part: number;
  readonly time: number;
  readonly duration: number;
}

/** When a played measure starts, in seconds from the start of playback, and where it is written. */
export interface ScheduledMeasure {
  readonly measure: number;
  readonly time: number;
  /** Where the measure starts in the score as written, in quarter notes (as Verovio's timemap counts). */
  readonly quarter: number;
}

/** A play request in seconds. */
export interface PlaybackSchedule {
  readonly notes: readonly ScheduledNote[];
  /** The measures played, in the order played (a repeated one again on each pass), each with its start. */
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

function seconds(time: Rational, perWhole: number): number {
  return (time.num / time.den) * perWhole;
}

/**
 * The notes and measure starts of `request` (1-based measures, inclusive;
 * parts 1-based) at `tempo` quarter notes per minute. The measures of the
 * range are played in the order the score's repeats and voltas give (a
 * range holding no measure that order reaches plays as written). A note
 * tied in from before the range sounds from the range's start; one tied on
 * past its end stops there.
 *
 * @throws RangeError for a tempo that is not a positive number, or a range outside the score.
 * @example
 * ```ts
 * const schedule = playbackSchedule(scoreContent(score), { start_measure: 2, end_measure: 3, parts: [1] }, 120);
 * schedule.measures; // [{ measure: 2, time: 0, quarter: 4 }, { measure: 3, time: 2, quarter: 8 }] in 4/4
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
  const unfolded = playOrderOf(content.measures).filter(
    (measure) => measure >= first && measure <= last,
  );
  const order =
    unfolded.length > 0
      ? unfolded
      : Array.from({ length: last - first + 1 }, (_, index) => first + index);
  const { notes, measureStarts } = soundingNotes(playedContent(content, order));
  const perWhole = secondsPerWhole(tempo);
  const parts = new Set(request.parts);
  const scheduled: ScheduledNote[] = [];
  for (const note of notes) {
    if (!parts.has(note.part)) continue;
    const time = seconds(note.start, perWhole);
    scheduled.push({
      midi: note.midi,
      part: note.part,
      time,
      duration: seconds(note.end, perWhole) - time,
    });
  }
  scheduled.sort((a, b) => a.time - b.time || a.midi - b.midi);
  const written: Rational[] = [ZERO];
  for (const info of content.measures) written.push(add(written.at(-1)!, measureLength(info)));
  const quarterOf = (measure: number) => {
    const at = written[measure - 1]!;
    return (4 * at.num) / at.den;
  };
  const measures: ScheduledMeasure[] = order.map((measure, index) => ({
    measure,
    time: seconds(measureStarts[index]!, perWhole),
    quarter: quarterOf(measure),
  }));
  return {
    notes: scheduled,
    measures,
    duration: seconds(measureStarts[order.length]!, perWhole),
    startQuarter: quarterOf(order[0]!),
    tempo,
  };
}

/**
 * Where in the score playback is `elapsed` seconds into `schedule`, in
 * quarter notes from the score's start as written (as Verovio's timemap
 * counts): inside the measure playing then, so after a repeat sign the play
 * head goes back with the music.
 *
 * @example
 * ```ts
 * quarterAtTime(schedule, 1); // 6 when playing from m2 of a 4/4 score at 120
 * ```
 */
export function quarterAtTime(schedule: PlaybackSchedule, elapsed: number): number {
  let current: ScheduledMeasure | undefined;
  for (const entry of schedule.measures) {
    if (entry.time > elapsed) break;
    current = entry;
  }
  if (!current) return schedule.startQuarter + (elapsed * schedule.tempo) / 60;
  return current.quarter + ((elapsed - current.time) * schedule.tempo) / 60;
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
