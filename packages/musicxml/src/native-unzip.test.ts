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

describe('the native unzip', () => {
  property.prop([files, level])(
    'lists a plain zip as fflate streams it, and inflates each entry to what fflate does',
    (entries, compression) => {
      const zip = zipSync(entries, { level: compression });
      const plain = plainZipEntries(zip);
      expect(plain).toBeDefined();
      expect(plain!.map(({ name, originalSize }) => ({ name, originalSize }))).toEqual(
        streamedListing(zip),
      );
      for (const entry of plain!) {
        const bytes = inflatedNatively(entry, 1 << 20);
        // Only an entry stored empty is left to fflate; every other one inflates natively.
        if (bytes === undefined) expect(entries[entry.name]!.length).toBe(0);
        else expect(bytes).toEqual(entries[entry.name]);
      }
    },
  );

  property.prop([
    files,
    level,
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 3 }),
  ])(
    "on a damaged zip gives nothing, or exactly what fflate's streaming Unzip unpacks",
    (entries, compression, damage) => {
      const zip = zipSync(entries, { level: compression });
      for (const [at, flip] of damage) zip[at % zip.length]! ^= flip;
      const plain = plainZipEntries(zip);
      if (!plain) return;
      for (const entry of plain) {
        const bytes = inflatedNatively(entry, 1 << 20);
        if (bytes) expect(bytes).toEqual(streamedBytes(zip, entry.name));
      }
    },
  );

  it('leaves to fflate an entry that unpacks past the limit, or past its declared size', () => {
    const zip = zipSync({ 'a.xml': new Uint8Array(5000).fill(32) }, { level: 9 });
    const [entry] = plainZipEntries(zip)!;
    expect(inflatedNatively(entry!, 4999)).toBeUndefined();
    expect(inflatedNatively({ ...entry!, originalSize: 100 }, 1 << 20)).toBeUndefined();
    expect(inflatedNatively(entry!, 5000)).toEqual(new Uint8Array(5000).fill(32));
  });

  it('reads no archive with a data descriptor or a truncated entry as plain', () => {
    const zip = zipSync({ 'a.xml': strToU8('<a/>') });
    const described = zip.slice();
    described[6]! |= 0x8;
    expect(plainZipEntries(described)).toBeUndefined();
    expect(plainZipEntries(zip.subarray(0, 40))).toBeUndefined();
    expect(plainZipEntries(strToU8('<a/>'))).toBeUndefined();
  });
});

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
  if (failed) return undefined;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
