/**
 * The performance marks of a score's opening (`scorelane:*`), which
 * `npm run bench` prints with `BENCH_MARKS=1`. Marks made on every
 * engraving stop once the first engraving is shown, so a long session of
 * edits does not pile them up in the page's performance timeline.
 */

let firstEngravingShown = false;

/**
 * Leaves the mark `scorelane:NAME` while the score is still opening (until
 * {@link openingShown}); nothing after.
 *
 * @example
 * ```ts
 * markWhileOpening('range-engraved', chunk.start);
 * ```
 */
export function markWhileOpening(name: string, detail?: unknown): void {
  if (firstEngravingShown) return;
  performance.mark(`scorelane:${name}`, detail === undefined ? undefined : { detail });
}

/**
 * Says that the first engraving is shown: marks of every engraving stop.
 *
 * @example
 * ```ts
 * openingShown();
 * ```
 */
export function openingShown(): void {
  firstEngravingShown = true;
}
