import { fc, test as property } from '@fast-check/vitest';
import { strToU8, Unzip, UnzipInflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inflatedNatively, plainZipEntries } from './native-unzip.ts';

/** What fflate's streaming `Unzip` lists: each entry's name and declared size. */
function streamedListing(zip: Uint8Array): { name: string; originalSize: number | undefined }[] {
  const listing: { name: string; originalSize: number | undefined }[] = [];
  const unzip = new Unzip((file) =>
    listing.push({ name: file.name, originalSize: file.originalSize }),
  );
  unzip.register(UnzipInflate);
  unzip.push(zip, true);
  return listing;
}

const files = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,8}(\/[a-z]{1,8})?\.xml$/),
  fc.oneof(
    fc.string({ maxLength: 300 }).map((text) => strToU8(`<a>${text.repeat(3)}</a>`)),
    fc.uint8Array({ maxLength: 200 }),
  ),
  { minKeys: 1, maxKeys: 4 },
);
const level = fc.constantFrom(0 as const, 1 as const, 6 as const, 9 as const);
const deflated = fc.constantFrom(1 as const, 6 as const, 9 as const);
const damage = fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), {
  minLength: 1,
  maxLength: 3,
});

/**
 * The two forms of archive the fast path reads: as fflate writes it, and as
 * a streaming writer (music21, Finale) does, with data descriptors, whose
 * entries the fast path reads only deflated.
 */
const FORMS = [
  {
    form: 'a plain zip',
    levels: level,
    archive: (entries: Record<string, Uint8Array>, compression: 0 | 1 | 6 | 9) =>
      zipSync(entries, { level: compression }),
  },
  {
    form: 'a zip with data descriptors',
    levels: deflated,
    archive: (entries: Record<string, Uint8Array>, compression: 0 | 1 | 6 | 9) =>
      withDataDescriptors(zipSync(entries, { level: compression })),
  },
];

describe.each(FORMS)('the native unzip on $form', ({ levels, archive }) => {
  property.prop([files, levels])(
    'lists it as fflate streams it, and inflates each entry to what fflate does',
    (entries, compression) => {
      const zip = archive(entries, compression);
      const plain = plainZipEntries(zip);
      expect(plain).toBeDefined();
      expect(plain!.map(({ name, originalSize }) => ({ name, originalSize }))).toEqual(
        streamedListing(zip),
      );
      for (const entry of plain!) {
        const bytes = inflatedNatively(entry, 1 << 20);
        // Only an entry stored empty is left to fflate; every other one inflates natively.
        if (bytes === undefined) expect(entries[entry.name]!.length).toBe(0);
        else expect(bytes).toEqual(streamedBytes(zip, entry.name));
        if (bytes !== undefined) expect(bytes).toEqual(entries[entry.name]);
      }
    },
  );

  property.prop([files, levels, damage])(
    "damaged, gives nothing, or exactly what fflate's streaming Unzip unpacks",
    (entries, compression, flips) => {
      const zip = archive(entries, compression);
      for (const [at, flip] of flips) zip[at % zip.length]! ^= flip;
      const plain = plainZipEntries(zip);
      if (!plain) return;
      for (const entry of plain) {
        const bytes = inflatedNatively(entry, 1 << 20);
        if (bytes) expect(bytes).toEqual(streamedBytes(zip, entry.name));
      }
    },
  );
});

describe('the native unzip', () => {
  it('leaves to fflate an entry that unpacks past the limit, or past its declared size', () => {
    const zip = zipSync({ 'a.xml': new Uint8Array(5000).fill(32) }, { level: 9 });
    const [entry] = plainZipEntries(zip)!;
    expect(inflatedNatively(entry!, 4999)).toBeUndefined();
    expect(inflatedNatively({ ...entry!, statedSize: 100 }, 1 << 20)).toBeUndefined();
    expect(inflatedNatively(entry!, 5000)).toEqual(new Uint8Array(5000).fill(32));
  });

  it('leaves to fflate a data descriptor that is unsigned, misstates the size, or holds a stored entry', () => {
    const text = strToU8(`<a>${'la '.repeat(400)}</a>`);
    const zip = withDataDescriptors(zipSync({ 'a.xml': text }, { level: 6 }));
    expect(inflatedNatively(plainZipEntries(zip)![0]!, 1 << 20)).toEqual(text);
    const dataEnd = Buffer.from(zip).indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]));
    expect(dataEnd).toBeGreaterThan(30);

    const misstated = zip.slice();
    misstated[dataEnd + 8]! ^= 1;
    expect(plainZipEntries(misstated)).toBeUndefined();
    const unsigned = zip.slice();
    unsigned[dataEnd + 2] = 0;
    expect(plainZipEntries(unsigned)).toBeUndefined();
    const stored = withDataDescriptors(zipSync({ 'a.xml': text }, { level: 0 }));
    expect(plainZipEntries(stored)).toBeUndefined();
  });

  it('reads no archive with a broken data descriptor or a truncated entry as plain', () => {
    const zip = zipSync({ 'a.xml': strToU8('<a/>') });
    const described = zip.slice();
    described[6]! |= 0x8;
    expect(plainZipEntries(described)).toBeUndefined();
    expect(plainZipEntries(zip.subarray(0, 40))).toBeUndefined();
    expect(plainZipEntries(strToU8('<a/>'))).toBeUndefined();
  });
});

/**
 * `zip` as a streaming writer (music21, Finale) makes it: each entry's CRC
 * and sizes zero in its local header and given in a signed data descriptor
 * after its data, the central directory's offsets moved to match.
 */
function withDataDescriptors(zip: Uint8Array): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const pieces: Uint8Array[] = [];
  const offsets: number[] = [];
  let at = 0;
  let written = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const headerLength = 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const compressed = view.getUint32(at + 18, true);
    const header = zip.slice(at, at + headerLength);
    const local = new DataView(header.buffer);
    const descriptor = new Uint8Array(16);
    const described = new DataView(descriptor.buffer);
    described.setUint32(0, 0x08074b50, true);
    described.setUint32(4, local.getUint32(14, true), true);
    described.setUint32(8, compressed, true);
    described.setUint32(12, local.getUint32(22, true), true);
    local.setUint16(6, local.getUint16(6, true) | 0x8, true);
    for (const field of [14, 18, 22]) local.setUint32(field, 0, true);
    offsets.push(written);
    pieces.push(header, zip.slice(at + headerLength, at + headerLength + compressed), descriptor);
    written += headerLength + compressed + 16;
    at += headerLength + compressed;
  }
  const central = zip.slice(at);
  const directory = new DataView(central.buffer);
  let entry = 0;
  let cursor = 0;
  while (directory.getUint32(cursor, true) === 0x02014b50) {
    directory.setUint16(cursor + 8, directory.getUint16(cursor + 8, true) | 0x8, true);
    directory.setUint32(cursor + 42, offsets[entry++]!, true);
    cursor +=
      46 +
      directory.getUint16(cursor + 28, true) +
      directory.getUint16(cursor + 30, true) +
      directory.getUint16(cursor + 32, true);
  }
  directory.setUint32(cursor + 16, written, true);
  pieces.push(central);
  return concatenated(pieces);
}

/** The bytes of `pieces`, one after the other. */
function concatenated(pieces: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

/** One entry as fflate's streaming `Unzip` unpacks it (as `read-input.ts` does without node's zlib). */
function streamedBytes(zip: Uint8Array, name: string): Uint8Array | undefined {
  const chunks: Uint8Array[] = [];
  let failed = false;
  const unzip = new Unzip((file) => {
    if (file.name !== name) return;
    file.ondata = (error, data) => {
      if (error) failed = true;
      else chunks.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(zip, true);
  } catch {
    return undefined;
  }
  return failed ? undefined : concatenated(chunks);
}
