/**
 * Appending a list of unbounded length to another.
 */

/**
 * Appends every item to `target`, one at a time. `target.push(...items)`
 * passes each item as an argument and throws a RangeError past about 120,000
 * of them (a lane of 130,000 events can give that many problems or dropped
 * attachments), so lists whose length the input decides are appended here.
 *
 * @example
 * ```ts
 * appendAll(problems, checked.problems);
 * ```
 */
export function appendAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}
