/**
 * Lines drawn twice: a file may draw one pedal (or hairpin) twice over,
 * start on start and stop on stop (MuseScore writes such twins). Import
 * reads one and keeps the other as XML; which one must not depend on where
 * export writes the model's ends, or the two trade places on every import
 * of an export (the model's pedal stop at a barline is written before the
 * next measure's first note, a kept one stays where the file had it, at
 * the end of the measure before).
 */

/**
 * `lines` (in the order they are tried) with each set of twins, the lines
 * whose `twinKey` is the same, tried in the order they start in the file
 * (`startRank`), in the places the set held: the first of two twins to
 * start is the one read, whichever stops first in the file. Lines with no
 * twin keep their place.
 *
 * @example
 * ```ts
 * // b stops first in the file, but a, its twin, starts first: a is tried first.
 * twinsInStartOrder([b, c, a], (line) => line.key, (line) => line.startIndex); // [a, c, b]
 * ```
 */
export function twinsInStartOrder<T>(
  lines: readonly T[],
  twinKey: (line: T) => string,
  startRank: (line: T) => number,
): T[] {
  const sets = new Map<string, T[]>();
  for (const line of lines) {
    const key = twinKey(line);
    const set = sets.get(key);
    if (set) set.push(line);
    else sets.set(key, [line]);
  }
  if (sets.size === lines.length) return [...lines];
  for (const set of sets.values())
    if (set.length > 1) set.sort((a, b) => startRank(a) - startRank(b));
  const next = new Map<string, number>();
  return lines.map((line) => {
    const key = twinKey(line);
    const index = next.get(key) ?? 0;
    next.set(key, index + 1);
    return sets.get(key)![index]!;
  });
}
