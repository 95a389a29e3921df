/**
 * Reading a host context's revision: an opaque string from its
 * `revision()` method (or a promise of one), or `null` when it has none.
 */

/**
 * A function that reads `context.revision()` each time it is called,
 * `null` when the context has no such method or it returns no string.
 *
 * @example
 * ```ts
 * const read = revisionReader(editor);
 * const before = await read();
 * ```
 */
export function revisionReader(context: unknown): () => Promise<string | null> {
  const source =
    typeof context === 'object' && context !== null
      ? (context as { revision?: unknown }).revision
      : undefined;
  if (typeof source !== 'function') return async () => null;
  return async () => {
    const value: unknown = await source.call(context);
    return typeof value === 'string' ? value : null;
  };
}

/**
 * The revision now, or `null` if it cannot be read (a throwing `revision()`
 * included).
 *
 * @example
 * ```ts
 * const current = await currentRevision(editor); // 'r4'
 * ```
 */
export function currentRevision(context: unknown): Promise<string | null> {
  return revisionReader(context)().catch(() => null);
}
