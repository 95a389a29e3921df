/**
 * Canonical JSON and a short digest of it, so that two argument objects that
 * mean the same thing (same keys in another order) get the same digest.
 *
 * The hash is FNV-1a 64, in pure JavaScript. It was chosen over `node:crypto`
 * (absent in browsers) and `crypto.subtle` (asynchronous, and only in secure
 * contexts) so that the digest is synchronous and identical on every runtime.
 * It is not a cryptographic hash and is not used as one: a digest is only
 * compared with another digest recorded under the same tool and the same
 * idempotency key, where a collision can only be produced by the caller
 * against itself.
 */

/**
 * Serializes a JSON value canonically: object keys sorted by UTF-16 code
 * unit, no whitespace, numbers and strings as `JSON.stringify` writes them.
 * Object properties whose value is `undefined` are left out, as in JSON.
 *
 * Throws a `TypeError` naming the path of the first value JSON cannot hold:
 * `undefined` in an array or at the top, functions, symbols, bigints,
 * non-finite numbers, cycles, and objects that are not plain (Date, Map, class
 * instances), since those would otherwise be silently altered.
 *
 * @example
 * ```ts
 * canonicalJson({ b: [2, { d: 1, c: 0 }], a: 'x' }); // '{"a":"x","b":[2,{"c":0,"d":1}]}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$', new Set());
}

function write(value: unknown, path: string, ancestors: Set<object>): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) {
        throw new TypeError(`${path} is ${value}, which JSON cannot hold.`);
      }
      return JSON.stringify(value);
    case 'object':
      if (value === null) return 'null';
      return writeObject(value, path, ancestors);
    default:
      throw new TypeError(`${path} is a ${typeof value}, which JSON cannot hold.`);
  }
}

function writeObject(value: object, path: string, ancestors: Set<object>): string {
  if (ancestors.has(value)) throw new TypeError(`${path} refers back to itself (a cycle).`);
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item, index) => write(item, `${path}[${index}]`, ancestors)).join(',')}]`;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      const kind = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
      throw new TypeError(`${path} is a ${kind}, not a plain object; JSON cannot hold it as is.`);
    }
    const record = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const item = record[key];
      if (item === undefined) continue;
      parts.push(`${JSON.stringify(key)}:${write(item, `${path}.${key}`, ancestors)}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    ancestors.delete(value);
  }
}

/**
 * FNV-1a 64 of the UTF-8 bytes of `text`, as 16 lowercase hex digits.
 * Computed on four 16-bit limbs so every intermediate stays a small exact
 * integer. ASCII text (what arguments mostly are) is hashed from its
 * characters, which are its bytes; other text from `TextEncoder`'s bytes.
 *
 * @example
 * ```ts
 * fnv1a64(''); // 'cbf29ce484222325'
 * fnv1a64('a'); // 'af63dc4c8601ec8c'
 * ```
 */
export function fnv1a64(text: string): string {
  const bytes = ASCII.test(text) ? undefined : encoder.encode(text);
  const length = bytes === undefined ? text.length : bytes.length;
  // offset basis 0xcbf29ce484222325, low limb first
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let index = 0; index < length; index++) {
    h0 ^= bytes === undefined ? text.charCodeAt(index) : bytes[index]!;
    // multiply by the FNV prime 0x100000001b3 = 0x1b3 + (0x100 << 32); every term stays below 2^31
    const r0 = h0 * 0x1b3;
    const r1 = h1 * 0x1b3;
    const r2 = h2 * 0x1b3 + h0 * 0x100;
    const r3 = h3 * 0x1b3 + h1 * 0x100;
    h0 = r0 & 0xffff;
    const c1 = r1 + (r0 >>> 16);
    h1 = c1 & 0xffff;
    const c2 = r2 + (c1 >>> 16);
    h2 = c2 & 0xffff;
    h3 = (r3 + (c2 >>> 16)) & 0xffff;
  }
  return [h3, h2, h1, h0].map((limb) => limb.toString(16).padStart(4, '0')).join('');
}

const ASCII = /^[\u0000-\u007f]*$/;
const encoder = new TextEncoder();

/**
 * The digest of a JSON value: `fnv1a64(canonicalJson(value))`. Equal for
 * values that differ only in key order. Throws like {@link canonicalJson} for
 * values JSON cannot hold.
 *
 * @example
 * ```ts
 * stableDigest({ a: 1, b: 2 }) === stableDigest({ b: 2, a: 1 }); // true
 * ```
 */
export function stableDigest(value: unknown): string {
  return fnv1a64(canonicalJson(value));
}
