/**
 * Measure ranges the person or an agent selects: 1-based, inclusive, in all
 * parts or some.
 */
import type { ScoreSelection } from '@scorelane/score-tools';

/**
 * The selection after a click on `measure`: a plain click selects that
 * measure, a shift-click extends the current selection to it (keeping its
 * parts).
 *
 * @example
 * ```ts
 * selectionAfterClick(null, 3, false, [1, 2]); // m3-m3, parts 1 and 2
 * selectionAfterClick({ start_measure: 2, end_measure: 2, parts: [1] }, 5, true, [1, 2]); // m2-m5, part 1
 * ```
 */
export function selectionAfterClick(
  current: ScoreSelection | null,
  measure: number,
  extend: boolean,
  allParts: readonly number[],
): ScoreSelection {
  if (!extend || current === null) {
    return { start_measure: measure, end_measure: measure, parts: [...allParts] };
  }
  return {
    start_measure: Math.min(current.start_measure, measure),
    end_measure: Math.max(current.end_measure, measure),
    parts: [...current.parts],
  };
}

/** Whether `measure` lies in `range`. */
export function rangeHas(range: ScoreSelection | null, measure: number): boolean {
  return range !== null && range.start_measure <= measure && measure <= range.end_measure;
}

/**
 * The selection after an arrow key (`step` -1 for left, +1 for right) in a
 * score of `measureCount` measures: a plain arrow moves to the single measure
 * before or after the selection (measure 1 when nothing is selected), a
 * shift-arrow moves the selection's end, never before its start; both stay
 * inside the score.
 *
 * @example
 * ```ts
 * selectionAfterArrow({ start_measure: 2, end_measure: 3, parts: [1] }, 1, false, [1, 2], 16); // m4, parts 1 and 2
 * selectionAfterArrow({ start_measure: 2, end_measure: 3, parts: [1] }, 1, true, [1, 2], 16); // m2-m4, part 1
 * ```
 */
export function selectionAfterArrow(
  current: ScoreSelection | null,
  step: -1 | 1,
  extend: boolean,
  allParts: readonly number[],
  measureCount: number,
): ScoreSelection {
  const clamp = (measure: number) => Math.min(Math.max(measure, 1), measureCount);
  if (current === null) return { start_measure: 1, end_measure: 1, parts: [...allParts] };
  if (extend) {
    const end = Math.max(clamp(current.end_measure + step), current.start_measure);
    return { ...current, end_measure: end, parts: [...current.parts] };
  }
  const measure = clamp(step > 0 ? current.end_measure + 1 : current.start_measure - 1);
  return { start_measure: measure, end_measure: measure, parts: [...allParts] };
}
