/**
 * The numbers printed on measures. A measure stores a number only when it is
 * deliberate (a file's renumbering: a restart at 1, a split bar "X1", a
 * pickup numbered 1); every other measure is numbered one after the nearest
 * whole number before it, so inserting or deleting measures keeps the count
 * continuous. The first measure is 1, or 0 when it is a pickup.
 */
import type { MeasureInfo } from './score-types.ts';
import type { ScoreView } from './score-view.ts';

/** The part of a measure's signatures that its number follows from. */
type Numbered = Pick<MeasureInfo, 'number' | 'pickup'>;

/** The whole number a printed number continues from, or `undefined` ("X1", "8a"). */
function wholeNumber(printed: string | undefined): number | undefined {
  return printed !== undefined && /^-?\d{1,9}$/.test(printed) ? Number(printed) : undefined;
}

/** The count before measure 1: numbering starts at 0 after a pickup, else at 1. */
function countBefore(first: Numbered | undefined): number {
  return first?.pickup ? -1 : 0;
}

/**
 * The number a measure prints after the count `before` (the last whole
 * number printed before it), and the count after it.
 *
 * @example
 * ```ts
 * numberAfter(4, {}); // { printed: '5', count: 5 }
 * numberAfter(4, { number: 'X1' }); // { printed: 'X1', count: 4 }
 * ```
 */
export function numberAfter(before: number, measure: Numbered): { printed: string; count: number } {
  if (measure.number !== undefined) {
    return { printed: measure.number, count: wholeNumber(measure.number) ?? before };
  }
  return { printed: String(before + 1), count: before + 1 };
}

/**
 * The printed number of every measure, in order, counting on from `count`
 * (left out: from the start of a score, 0 before a pickup at m1).
 *
 * @example
 * ```ts
 * printedNumbersOf([{ pickup: rational(1, 4) }, {}, { number: 'X1' }, {}]); // ['0', '1', 'X1', '2']
 * ```
 */
export function printedNumbersOf(
  measures: readonly Numbered[],
  count = countBefore(measures[0]),
): string[] {
  return measures.map((measure) => {
    const next = numberAfter(count, measure);
    count = next.count;
    return next.printed;
  });
}

/**
 * The numbers a file prints, reduced to the ones that are deliberate: the
 * result has `number` only where the file's number is not the one that
 * {@link printedNumbersOf} would give it, so `printedNumbersOf` of the result
 * is the file's numbers again.
 *
 * @example
 * ```ts
 * deliberateNumbers([{ number: '1' }, { number: '2' }, { number: '1' }]); // [{}, {}, { number: '1' }]
 * ```
 */
export function deliberateNumbers<T extends Numbered>(measures: readonly T[]): T[] {
  let count = countBefore(measures[0]);
  return measures.map((measure) => {
    const { number, ...rest } = measure;
    const derived = numberAfter(count, {});
    if (number === undefined || number === derived.printed) {
      count = derived.count;
      return rest as T;
    }
    count = numberAfter(count, measure).count;
    return measure;
  });
}

/**
 * The printed numbers of measures `start`-`end` of a view: walks back only to
 * the nearest measure with a stored whole number.
 *
 * @example
 * ```ts
 * printedNumbersIn(viewScore(score), 5, 8); // ['5', '6', '7', '8']
 * ```
 */
export function printedNumbersIn(view: ScoreView, start: number, end: number): string[] {
  // Back to the nearest measure before the range that prints a whole number: counting goes on from it.
  let from = start;
  let count: number | undefined;
  while (from > 1) {
    count = wholeNumber(view.measure(from - 1)?.info.number);
    if (count !== undefined) break;
    from--;
  }
  const infos: Numbered[] = [];
  for (let index = from; index <= end; index++) {
    const info = view.measure(index)?.info;
    if (!info) break;
    infos.push(info);
  }
  return printedNumbersOf(infos, count).slice(start - from);
}
