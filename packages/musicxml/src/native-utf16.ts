/**
 * The fast path of decoding UTF-16LE (the encoding of many `.mxl` scores
 * Finale wrote): on Node, `Buffer`'s decoding, about twice as fast as
 * `TextDecoder`'s on a score of megabytes. It answers only where it gives
 * what `new TextDecoder('utf-16le', { fatal: true })` gives, and
 * `undefined`, "not sure", for the rest (an odd number of bytes, a lone
 * surrogate, a runtime without `process.getBuiltinModule`), which
 * `TextDecoder` then decodes, or reports, as before.
 */
import { nodeBuiltin } from './node-builtin.ts';

/** What this file uses of `node:buffer`. */
interface NodeBuffer {
  readonly Buffer: {
    from(
      buffer: ArrayBufferLike,
      offset: number,
      length: number,
    ): { toString(encoding: 'utf16le'): string };
  };
}

/**
 * `bytes` decoded as UTF-16LE, a leading byte-order mark dropped, when they
 * are valid UTF-16LE; else `undefined`.
 *
 * @example
 * ```ts
 * utf16leNatively(new Uint8Array([0xff, 0xfe, 0x3c, 0, 0x61, 0, 0x2f, 0, 0x3e, 0])); // '<a/>'
 * utf16leNatively(new Uint8Array([0x00, 0xd8])); // undefined: a lone surrogate
 * ```
 */
export function utf16leNatively(bytes: Uint8Array): string | undefined {
  const module = bytes.length % 2 === 0 ? nodeBuiltin<NodeBuffer>('node:buffer') : null;
  if (!module) return undefined;
  const text = module.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf16le');
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed?.();
  if (wellFormed !== true) return undefined;
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
