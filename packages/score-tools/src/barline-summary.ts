/**
 * The synopsis line of a score's bar lines: repeats, voltas, double and
 * final bars, written as the `%` context line of a read writes them.
 */
import { barlinePhrase, type MeasureInfo } from '@scorelane/score-model';

/** The most measures the line names one by one; the rest are counted. */
export const MAX_SUMMARY_BARLINES = 24;

/**
 * `Bar lines m8 :|, m9 [1. ] :|, m10 [2. ) |.` (no full stop, which would read as a sign) for the measures whose bar
 * lines are not plain (at most {@link MAX_SUMMARY_BARLINES}, then how many
 * more), or `''` when all are.
 *
 * @example
 * ```ts
 * barlineSummary(scoreContent(score).measures); // 'Bar lines m4 :|, m8 |.'
 * ```
 */
export function barlineSummary(measures: readonly MeasureInfo[]): string {
  const items = barlinePhrase(measures, 1, measures.length)
    .split(/, (?=m\d)/)
    .filter((item) => item !== '');
  if (items.length === 0) return '';
  const shown = items.slice(0, MAX_SUMMARY_BARLINES).join(', ');
  const more = items.length - MAX_SUMMARY_BARLINES;
  return `Bar lines ${shown}${more > 0 ? `, and ${more} more measures (read_measures shows them)` : ''}`;
}
