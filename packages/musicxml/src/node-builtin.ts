/**
 * Node's own modules where the runtime has them, for the fast paths of
 * reading a file (`native-unzip.ts`, `native-utf16.ts`). Asked for through
 * `process.getBuiltinModule`, never imported, so that the package still
 * loads in a browser, where each fast path then says "not sure".
 */

const builtins = new Map<string, unknown>();

/**
 * Node's builtin module `id` (as `T`, the part of it the caller uses), or
 * `null` where the runtime has none (a browser, or a Node without
 * `process.getBuiltinModule`). Looked up once per id.
 *
 * @example
 * ```ts
 * const zlib = nodeBuiltin<{ inflateRawSync(data: Uint8Array): Uint8Array }>('node:zlib');
 * if (zlib) zlib.inflateRawSync(bytes);
 * ```
 */
export function nodeBuiltin<T>(id: string): T | null {
  if (!builtins.has(id)) {
    const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
      .process;
    builtins.set(id, host?.getBuiltinModule?.(id) ?? null);
  }
  return builtins.get(id) as T | null;
}
