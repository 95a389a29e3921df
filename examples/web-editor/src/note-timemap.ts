/**
 * Which engraved notes sound at a moment, from Verovio's timemap: the play
 * head marks them. Pure, so it is tested in Node.
 */
import type { TimemapEntry } from './engraver.ts';

/** The ids of the notes sounding at `quarter` (quarter notes from the score's start). */
export type SoundingNoteIds = (quarter: number) => readonly string[];

/** The first index in `times` (ascending) whose time is greater than `value`. */
function upperBound(times: readonly number[], value: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A lookup of the notes sounding at any moment of `timemap`: the set after
 * each entry is computed once, and a moment finds its entry by binary search.
 *
 * @example
 * ```ts
 * const sounding = soundingNoteIds([{ qstamp: 0, on: ['n1'] }, { qstamp: 1, off: ['n1'], on: ['n2'] }]);
 * sounding(0.5); // ['n1']
 * sounding(1); // ['n2']
 * ```
 */
export function soundingNoteIds(timemap: readonly TimemapEntry[]): SoundingNoteIds {
  const entries = [...timemap].sort((a, b) => a.qstamp - b.qstamp);
  const times = entries.map((entry) => entry.qstamp);
  const after: (readonly string[])[] = [];
  const sounding = new Set<string>();
  for (const entry of entries) {
    for (const id of entry.off ?? []) sounding.delete(id);
    for (const id of entry.on ?? []) sounding.add(id);
    after.push([...sounding]);
  }
  return (quarter) => {
    const index = upperBound(times, quarter) - 1;
    return index < 0 ? [] : after[index]!;
  };
}
