/**
 * Reading a host context's revision: an opaque string from its
 * `revision()` method (or a promise of one), or `null` when it has none.
 * A context that answers at once is answered at once, so a call through the
 * pipeline waits for no promise it does not need.
 */

/** A value, or a promise of one when the host answers later. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * A function that reads `context.revision()` each time it is called,
 * `null` when the context has no such method or it returns no string; a
 * promise only when `revision()` returns one. It throws what `revision()`
 * throws.
 *
 * @example
 * ```ts
 * const read = revisionReader(editor);
 * const before = await read();
 * ```
 */
export function revisionReader(context: unknown): () => MaybePromise<string | null> {
  const source =
    typeof context === 'object' && context !== null
      ? (context as { revision?: unknown }).revision
      : undefined;
  if (typeof source !== 'function') return () => null;
  return () => {
    const value: unknown = source.call(context);
    return isPromise(value) ? value.then(revisionOf) : revisionOf(value);
  };
}

/**
 * The revision now, or `null` if it cannot be read (a throwing or rejecting
 * `revision()` included); a promise only when `revision()` returns one.
 *
 * @example
 * ```ts
 * const current = await currentRevision(editor); // 'r4'
 * ```
 */
export function currentRevision(context: unknown): MaybePromise<string | null> {
  try {
    const value = revisionReader(context)();
    return isPromise(value) ? value.catch(() => null) : value;
  } catch {
    return null;
  }
}

/**
 * Whether `value` is a promise (or any thenable) to wait for.
 *
 * @example
 * ```ts
 * const before = isPromise(read) ? await read : read;
 * ```
 */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function revisionOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
