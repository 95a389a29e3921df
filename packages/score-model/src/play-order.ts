/**
 * The order measures are played in: repeats and voltas unfolded.
 */
import type { Score } from './score.ts';
import type { MeasureInfo } from './score-types.ts';
import { measureInfos, viewScore } from './score-view.ts';

/**
 * The measures of `measures` (1-based) in the order they are played. A
 * repeat back (`:|`) returns to the last repeat start (`|:`) before it, else
 * to the measure after the last repeat it completed, else to the beginning,
 * and does so once unless `times` says more. A measure in a volta is played
 * on the passes the volta names (pass 1 the first time through), so a volta
 * whose pass never comes is never played. Without repeats and voltas this
 * is the written order.
 *
 * @example
 * ```ts
 * // |: m1 m2 [1. m3 :| [2. m4
 * playOrderOf(measures); // [1, 2, 3, 1, 2, 4]
 * ```
 */
export function playOrderOf(measures: readonly MeasureInfo[]): number[] {
  const order: number[] = [];
  const jumps = new Map<number, number>();
  let sectionStart = 1;
  let pass = 1;
  let jumped = false;
  let measure = 1;
  while (measure <= measures.length) {
    const barlines = measures[measure - 1]!.barlines;
    if (barlines?.repeatStart && !jumped) {
      sectionStart = measure;
      pass = 1;
    }
    jumped = false;
    const volta = barlines?.volta;
    const lastEnding = volta?.end !== undefined && !measures[measure]?.barlines?.volta;
    if (volta && !volta.numbers.includes(pass)) {
      if (lastEnding) {
        sectionStart = measure + 1;
        pass = 1;
      }
      measure++;
      continue;
    }
    order.push(measure);
    if (barlines?.end === 'repeat') {
      const done = jumps.get(measure) ?? 0;
      if (done < (barlines.times ?? 2) - 1) {
        jumps.set(measure, done + 1);
        pass++;
        measure = sectionStart;
        jumped = true;
        continue;
      }
      jumps.delete(measure);
      sectionStart = measure + 1;
      pass = 1;
    } else if (lastEnding) {
      // The last ending played: the repeated section is over.
      sectionStart = measure + 1;
      pass = 1;
    }
    measure++;
  }
  return order;
}

/**
 * The measures of `score` in the order they are played, repeats and voltas
 * unfolded (see {@link playOrderOf}).
 *
 * @example
 * ```ts
 * playOrder(score); // [1, 2, 3, 4, 1, 2, 3, 5] with a repeat over m1-m4 and two endings
 * ```
 */
export function playOrder(score: Score): number[] {
  return playOrderOf(measureInfos(viewScore(score)));
}
