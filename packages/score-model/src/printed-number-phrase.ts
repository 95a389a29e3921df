/**
 * Printed measure numbers said once: the rule most measures follow (`m-1`
 * after a pickup, `m` when they match) and the measures that break it,
 * instead of a list that repeats "m minus 1" for every bar of a sonata.
 */

/** Exceptions listed at most; the rest are counted. */
export const MAX_NUMBER_EXCEPTIONS = 40;

/**
 * The printed numbers of measures `start` to `end` as one phrase, given the
 * measures whose printed number differs from their index (as `readContext`
 * and `readScoreInfo` list them; every other measure prints its index).
 *
 * @example
 * ```ts
 * describePrintedNumbers([{ measure: 1, number: '0' }, { measure: 2, number: '1' }, { measure: 3, number: '2a' }], 1, 3);
 * // 'm-1 throughout, except m3=2a'
 * describePrintedNumbers([], 1, 8); // 'm throughout'
 * ```
 */
export function describePrintedNumbers(
  differing: readonly { readonly measure: number; readonly number: string }[],
  start: number,
  end: number,
): string {
  const listed = new Map(differing.map((entry) => [entry.measure, entry.number]));
  const printed = (measure: number) => listed.get(measure) ?? String(measure);
  const offset = commonOffset(printed, start, end);
  const exceptions: string[] = [];
  for (let measure = start; measure <= end; measure++) {
    if (printed(measure) !== String(measure + offset)) {
      exceptions.push(`m${measure}=${printed(measure)}`);
    }
  }
  const rule = offset === 0 ? 'm' : `m${offset > 0 ? '+' : ''}${offset}`;
  if (exceptions.length === 0) return `${rule} throughout`;
  const shown = exceptions.slice(0, MAX_NUMBER_EXCEPTIONS).join(' ');
  const more =
    exceptions.length > MAX_NUMBER_EXCEPTIONS
      ? ` and ${exceptions.length - MAX_NUMBER_EXCEPTIONS} more`
      : '';
  return `${rule} throughout, except ${shown}${more}`;
}

/** The offset (printed minus index) most measures of the range follow; 0 on a tie with it. */
function commonOffset(printed: (measure: number) => string, start: number, end: number): number {
  const counts = new Map<number, number>();
  for (let measure = start; measure <= end; measure++) {
    const text = printed(measure);
    if (!/^-?\d+$/.test(text)) continue;
    const offset = Number(text) - measure;
    counts.set(offset, (counts.get(offset) ?? 0) + 1);
  }
  let best = 0;
  for (const [offset, count] of counts) {
    if (count > (counts.get(best) ?? 0)) best = offset;
  }
  return best;
}
