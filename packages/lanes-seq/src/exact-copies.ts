/**
 * The arrays a parse keeps, copied out of the cursor's reused ones at their
 * exact length: a lane's events and where each starts and ends.
 *
 * Why not `source.slice(0, count)`: nearly everything a parse builds lives
 * as long as the document, and a copy made by `slice` is always allocated
 * in V8's young generation, so the scavenger copies it once or twice before
 * it settles in the old one; at 1 MB of text that copying was a third of
 * the parse. An array made by `new Array(count)` has an allocation site, so
 * V8 sees its arrays survive and allocates them in the old generation
 * straight away (allocation-site pretenuring). Each kind of element has its
 * own function, so each site holds one kind of array.
 */
import type { LaneEvent } from './document.ts';

/**
 * The first `count` events of `source`, as a new array.
 *
 * @example
 * ```ts
 * copyEvents(cursor.events, 3).length; // 3
 * ```
 */
export function copyEvents(source: readonly LaneEvent[], count: number): LaneEvent[] {
  const copy = new Array<LaneEvent>(count);
  for (let i = 0; i < count; i++) copy[i] = source[i]!;
  return copy;
}

/**
 * The first `count` offsets of `source`, as a new array.
 *
 * @example
 * ```ts
 * copyOffsets([13, 20, 27, 0, 0], 3); // [13, 20, 27]
 * ```
 */
export function copyOffsets(source: readonly number[], count: number): number[] {
  const copy = new Array<number>(count);
  for (let i = 0; i < count; i++) copy[i] = source[i]!;
  return copy;
}
