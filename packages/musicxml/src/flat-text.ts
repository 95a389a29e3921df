/**
 * Flattening a string built by appending, so that what is kept of it is one
 * string instead of the tree of pieces V8 makes of `+=`.
 */

/**
 * `text`, its pieces copied into one string (in V8, which keeps a string
 * built by `+=` as a tree of the pieces until it is read). Export keeps
 * each measure's text until the whole score is written: kept as a tree,
 * its thousands of pieces survive every collection of young objects, each
 * one copying them again, which made up most of export's time collecting
 * garbage. Reading a character flattens the tree (V8 copies it into one
 * string, which the tree then points to); the pieces die young.
 *
 * @example
 * ```ts
 * let text = '';
 * for (const line of lines) text += line;
 * kept.push(flattened(text));
 * ```
 */
export function flattened(text: string): string {
  // Kept, so that no optimizing compiler drops the read as unused.
  _lastRead = text.charCodeAt(0);
  return text;
}

/** The character {@link flattened} read last (never used otherwise). */
let _lastRead = 0;
