/**
 * Which measure a sounding note falls in: MuseScore's MIDI holds onsets in
 * quarter notes, not measures, so the real-score check names the measure of
 * a difference from the measures of the imported original (their lengths:
 * pickups and irregular measures as read, else the time signature).
 */
import type { MeasureInfo } from '@scorelane/score-model';
import type { SoundingNote } from './sounding-notes.test-support.ts';

/** Where a measure starts, in quarter notes from the start, and its printed number. */
export interface MeasureStart {
  readonly onset: number;
  readonly number: string;
}

/**
 * How far before a barline (in quarter notes) a note still counts as in the
 * measure after it: MuseScore's own measure lengths can differ from the
 * file's by a few ticks, so its onsets drift by as much.
 */
const BARLINE_SLACK = 0.02;

/**
 * The start of every measure of a score, in order.
 *
 * @example
 * ```ts
 * measureStarts(readScore(score).measures); // [{ onset: 0, number: '1' }, { onset: 4, number: '2' }, ...]
 * ```
 */
export function measureStarts(measures: readonly MeasureInfo[]): MeasureStart[] {
  const starts: MeasureStart[] = [];
  let onset = 0;
  measures.forEach((info, index) => {
    const length = info.pickup ?? { num: info.time.beats, den: info.time.beatType };
    starts.push({ onset, number: info.number ?? String(index + 1) });
    onset += (4 * length.num) / length.den;
  });
  return starts;
}

/** The printed number of the measure an onset falls in (the last one past the end). */
function measureAt(onset: number, starts: readonly MeasureStart[]): string {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]!.onset <= onset + BARLINE_SLACK) low = middle;
    else high = middle - 1;
  }
  return starts[low]?.number ?? '';
}

/**
 * The notes with the measure each falls in, by the measures of `starts`.
 *
 * @example
 * ```ts
 * inMeasures(original.notes, measureStarts(readScore(score).measures))[0]?.measure; // "1"
 * ```
 */
export function inMeasures(
  notes: readonly SoundingNote[],
  starts: readonly MeasureStart[],
): SoundingNote[] {
  return notes.map((note) => ({ ...note, measure: measureAt(note.onset, starts) }));
}
