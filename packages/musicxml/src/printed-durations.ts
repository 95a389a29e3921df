/**
 * Durations read as printed. A file whose `<divisions>` cannot write a
 * tuplet's value rounds each `<duration>` to whole divisions: Schubert's
 * *Der Lindenbaum* (divisions 256) writes three triplet sixteenths as 42,
 * 43 and 43. Read as written they are 21/512, 43/1024 and 43/1024, which
 * nobody printed and no agent can make sense of; their `<type>`, `<dot>`s
 * and `<time-modification>` say 1/24 each. Where reading a measure's
 * rounded tuplet notes as printed accounts for the measure exactly (every
 * voice ends where the measure does, no `<backup>` goes before its start,
 * and the measure keeps its length), import takes the printed durations, as
 * MuseScore does, and says nothing; otherwise it keeps the divisions (see
 * `readMeasureBestWay` in `read-part.ts`, and SPEC.md §11.2 of lanes-seq).
 */
import { compare } from '@scorelane/lanes-seq';
import type { MusicXmlProblem } from './problem.ts';
import type { ReadMeasure } from './read-types.ts';

/**
 * Whether `printed`, a reading of a measure with its rounded tuplet notes
 * as their printed values, accounts for the measure exactly as `written`
 * (the same measure read as written) is long: every voice and every pass
 * ends at the measure's end, no `<backup>` went before its start, and the
 * length is the same.
 *
 * @example
 * ```ts
 * printedAccountsExactly(written, printed, retry.warnings); // true for 42/43/43 at divisions 256
 * ```
 */
export function printedAccountsExactly(
  written: ReadMeasure,
  printed: ReadMeasure,
  printedWarnings: readonly MusicXmlProblem[],
): boolean {
  return (
    compare(printed.length, written.length) === 0 &&
    printed.shortPasses === 0 &&
    !printedWarnings.some((warning) => warning.code === 'backup-before-start') &&
    printed.lanes.every((lane) => compare(lane.end, printed.length) === 0)
  );
}

/**
 * The warnings of a reading as printed that accounts for its measure
 * exactly: the rounding is the file's way of writing the printed value, so
 * it is not reported.
 *
 * @example
 * ```ts
 * withoutRoundingWarnings(retry.warnings); // the same, less 'rounded-duration'
 * ```
 */
export function withoutRoundingWarnings(warnings: readonly MusicXmlProblem[]): MusicXmlProblem[] {
  return warnings.filter((warning) => warning.code !== 'rounded-duration');
}
