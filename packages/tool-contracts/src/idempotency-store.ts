/**
 * Where the pipeline records the result of each call that carried an
 * `idempotency_key`, so a repeated call returns it instead of running again.
 */

import type { ToolError } from './tool-error.ts';

/**
 * What is recorded for one (tool, key): the digest of the arguments it was
 * first used with and the result that call returned.
 *
 * @example
 * ```ts
 * const record: IdempotencyRecord = {
 *   digest: 'af63dc4c8601ec8c', call_id: 'c1', output: { id: 3 },
 *   revision_after: 'r5', changed: ['item:3'],
 * };
 * ```
 */
export interface IdempotencyRecord {
  readonly digest: string;
  /** The call that ran; replays point back to it. */
  readonly call_id: string;
  readonly output: unknown;
  readonly revision_after: string | null;
  readonly changed: readonly string[];
  /**
   * Set when the call failed (`internal`) after it may have written: a retry
   * with the same key is then refused with this error instead of running
   * again and writing twice. Absent for successes.
   */
  readonly error?: ToolError;
}

/**
 * The interface a host implements to keep records elsewhere (session
 * storage, a database). Methods may be synchronous or return promises.
 *
 * @example
 * ```ts
 * const records = new Map<string, IdempotencyRecord>();
 * const store: IdempotencyStore = {
 *   get: (tool, key) => records.get(`${tool}\u0000${key}`),
 *   set: (tool, key, record) => void records.set(`${tool}\u0000${key}`, record),
 * };
 * ```
 */
export interface IdempotencyStore {
  get(
    tool: string,
    key: string,
  ): IdempotencyRecord | undefined | Promise<IdempotencyRecord | undefined>;
  set(tool: string, key: string, record: IdempotencyRecord): void | Promise<void>;
}

/**
 * Options of {@link createMemoryIdempotencyStore}.
 *
 * @example
 * ```ts
 * const options: MemoryIdempotencyStoreOptions = { limit: 100 };
 * ```
 */
export interface MemoryIdempotencyStoreOptions {
  /** How many records to keep; the least recently used go first. Default 1000. */
  readonly limit?: number;
}

/**
 * An in-memory store that keeps the `limit` most recently used records.
 * Throws a `RangeError` for a limit that is not a positive integer.
 *
 * @example
 * ```ts
 * const store = createMemoryIdempotencyStore({ limit: 500 });
 * ```
 */
export function createMemoryIdempotencyStore(
  options: MemoryIdempotencyStoreOptions = {},
): IdempotencyStore & { readonly size: number } {
  const limit = options.limit ?? 1000;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`The store limit must be a positive integer, got ${limit}.`);
  }
  const records = new Map<string, IdempotencyRecord>();
  const slot = (tool: string, key: string) => `${tool}\u0000${key}`;
  return {
    get size() {
      return records.size;
    },
    get(tool, key) {
      const id = slot(tool, key);
      const record = records.get(id);
      if (record !== undefined) {
        records.delete(id);
        records.set(id, record);
      }
      return record;
    },
    set(tool, key, record) {
      const id = slot(tool, key);
      records.delete(id);
      records.set(id, record);
      while (records.size > limit) {
        const oldest = records.keys().next().value as string;
        records.delete(oldest);
      }
    },
  };
}
