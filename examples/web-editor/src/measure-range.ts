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
