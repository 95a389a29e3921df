/**
 * The fast path of unpacking an `.mxl`: on Node, an entry of a plain zip
 * inflated by node's own zlib (several times faster than fflate's
 * JavaScript inflate). It answers only where it is sure to give what
 * fflate's streaming `Unzip` gives (`read-input.ts`), and `undefined`,
 * "not sure", for everything else: an archive that is not plain, an entry
 * that does not inflate to exactly its declared size from exactly its
 * compressed bytes, a runtime without `process.getBuiltinModule`. Every
 * refusal, and its message, is then fflate's, as before.
 */
import { strFromU8 } from 'fflate';
import { nodeBuiltin } from './node-builtin.ts';

/** One entry of a zip, read from its local header. */
export interface ZipEntry {
  readonly name: string;
  /**
   * The declared unpacked size, as fflate's `Unzip` reports it: none for an
   * entry whose sizes follow its data (a data descriptor).
   */
  readonly originalSize: number | undefined;
  /** The unpacked size the archive states: in the local header, or in the data descriptor. */
  readonly statedSize: number;
  readonly compression: number;
  /** Its compressed bytes. */
  readonly data: Uint8Array;
}

/** What this file uses of `node:zlib`. */
interface NodeZlib {
  inflateRawSync(
    data: Uint8Array,
    options: { readonly maxOutputLength: number; readonly info: true },
  ): { readonly buffer: Uint8Array; readonly engine: { readonly bytesWritten: number } };
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const DATA_DESCRIPTOR = 0x08074b50;
/** Sizes of `0xFFFFFFFF` say the real ones are in a zip64 extra field. */
const ZIP64_MARK = 0xffffffff;

function uint16(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}

function uint32(bytes: Uint8Array, at: number): number {
  return (
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0
  );
}

/** Where the first of `signatures` in `bytes` from `from` begins, or -1. */
function firstSignature(bytes: Uint8Array, from: number, signatures: readonly number[]): number {
  for (let at = bytes.indexOf(0x50, from); at !== -1; at = bytes.indexOf(0x50, at + 1)) {
    if (at + 4 > bytes.length) return -1;
    if (signatures.includes(uint32(bytes, at))) return at;
  }
  return -1;
}

/**
 * The signatures fflate's streaming `Unzip` looks for at every byte of an
 * entry whose sizes follow its data: the first of them ends the entry.
 */
const ENTRY_ENDS: readonly number[] = [LOCAL_HEADER, DATA_DESCRIPTOR, CENTRAL_HEADER];

/**
 * The data of the entry whose data starts at `dataStart` and whose sizes
 * follow it, and where the next entry starts, or `undefined` unless it is
 * deflated and ends in a signed data descriptor, before any other
 * signature, that states exactly its compressed size (the entries music21,
 * Finale and streaming zip writers make). fflate's streaming `Unzip` then
 * inflates exactly those bytes, and reads on right after the descriptor.
 */
function describedEntry(
  zip: Uint8Array,
  dataStart: number,
  compression: number,
): { readonly data: Uint8Array; readonly statedSize: number; readonly next: number } | undefined {
  if (compression !== 8) return undefined;
  const end = firstSignature(zip, dataStart, ENTRY_ENDS);
  if (end === -1 || end + 16 > zip.length || uint32(zip, end) !== DATA_DESCRIPTOR) return undefined;
  if (uint32(zip, end + 8) !== end - dataStart) return undefined;
  return { data: zip.subarray(dataStart, end), statedSize: uint32(zip, end + 12), next: end + 16 };
}

/**
 * The entries of a plain zip, in order, or `undefined` when it is not one:
 * local headers one right after the other's data (or its data descriptor,
 * see {@link describedEntry}) from the first byte, none with zip64 sizes or
 * encryption, and then the central directory, with no local header
 * signature in it (fflate's streaming reader looks for one there). Those
 * are the archives that fflate's `Unzip` lists exactly so.
 *
 * @example
 * ```ts
 * plainZipEntries(zipSync({ 'a.xml': strToU8('<a/>') }))?.[0]?.name; // 'a.xml'
 * ```
 */
export function plainZipEntries(zip: Uint8Array): ZipEntry[] | undefined {
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 30 <= zip.length && uint32(zip, at) === LOCAL_HEADER) {
    const flags = uint16(zip, at + 6);
    const compression = uint16(zip, at + 8);
    const compressedSize = uint32(zip, at + 18);
    const originalSize = uint32(zip, at + 22);
    const nameLength = uint16(zip, at + 26);
    const extraLength = uint16(zip, at + 28);
    if (flags & 0x1 || compressedSize === ZIP64_MARK || originalSize === ZIP64_MARK)
      return undefined;
    const nameStart = at + 30;
    const dataStart = nameStart + nameLength + extraLength;
    if (dataStart > zip.length) return undefined;
    const name = strFromU8(zip.subarray(nameStart, nameStart + nameLength), !(flags & 0x800));
    if (flags & 0x8) {
      const described = describedEntry(zip, dataStart, compression);
      if (!described) return undefined;
      const { data, statedSize } = described;
      entries.push({ name, originalSize: undefined, statedSize, compression, data });
      at = described.next;
      continue;
    }
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > zip.length) return undefined;
    const data = zip.subarray(dataStart, dataEnd);
    entries.push({ name, originalSize, statedSize: originalSize, compression, data });
    at = dataEnd;
  }
  if (entries.length === 0 || at + 4 > zip.length || uint32(zip, at) !== CENTRAL_HEADER)
    return undefined;
  return firstSignature(zip, at, [LOCAL_HEADER]) !== -1 ? undefined : entries;
}

/**
 * The unpacked bytes of `entry`, when node's zlib inflates exactly its
 * compressed bytes to exactly its declared size (at most `limit`), else
 * `undefined`.
 *
 * @example
 * ```ts
 * const [entry] = plainZipEntries(zip) ?? [];
 * if (entry) inflatedNatively(entry, MAX_SCORE_BYTES); // Uint8Array, or undefined: ask fflate
 * ```
 */
export function inflatedNatively(entry: ZipEntry, limit: number): Uint8Array | undefined {
  const { data, statedSize, compression } = entry;
  if (data.length === 0 || statedSize > limit) return undefined;
  if (compression === 0) return statedSize === data.length ? data.slice() : undefined;
  const native = compression === 8 ? nodeBuiltin<NodeZlib>('node:zlib') : null;
  if (!native) return undefined;
  try {
    const { buffer, engine } = native.inflateRawSync(data, {
      maxOutputLength: Math.max(statedSize, 1),
      info: true,
    });
    if (buffer.length !== statedSize || engine.bytesWritten !== data.length) return undefined;
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  } catch {
    return undefined;
  }
}
