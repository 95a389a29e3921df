import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { canonicalJson, fnv1a64, stableDigest } from './stable-digest.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: [2, 1] }], a: { d: null, c: 'x' } })).toBe(
      '{"a":{"c":"x","d":null},"b":[3,{"a":[2,1],"z":1}]}',
    );
  });

  it('leaves out undefined properties, as JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  it('writes -0 as 0 and escapes strings as JSON does', () => {
    expect(canonicalJson([-0, 'a"b\n', 1e21])).toBe('[0,"a\\"b\\n",1e+21]');
  });

  it.each([
    ['undefined at the top', undefined, /\$ is a undefined/],
    ['undefined in an array', [1, undefined], /\$\[1\] is a undefined/],
    ['a function', { run: () => 1 }, /\$\.run is a function/],
    ['a bigint', { n: 1n }, /\$\.n is a bigint/],
    ['NaN', { n: Number.NaN }, /\$\.n is NaN/],
    ['Infinity', [Number.POSITIVE_INFINITY], /\$\[0\] is Infinity/],
    ['a Date', { at: new Date(0) }, /\$\.at is a Date, not a plain object/],
    ['a Map', new Map(), /\$ is a Map/],
  ])('refuses %s, naming where it is', (_name, value, message) => {
    expect(() => canonicalJson(value)).toThrow(message);
  });

  it('refuses cycles but accepts the same object twice side by side', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/\$\.self refers back to itself/);
    const shared = { a: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"a":1},{"a":1}]');
  });

  test.prop([fc.jsonValue()])('parses back to a value equal to the input', (value) => {
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });
});

describe('fnv1a64', () => {
  it.each([
    ['', 'cbf29ce484222325'],
    ['a', 'af63dc4c8601ec8c'],
    ['foobar', '85944171f73967e8'],
  ])('matches the published FNV-1a 64 vector for %j', (text, digest) => {
    expect(fnv1a64(text)).toBe(digest);
  });

  /** The textbook definition over BigInt, to check the 16-bit limb arithmetic against. */
  function reference(text: string): string {
    let hash = 0xcbf29ce484222325n;
    for (const byte of new TextEncoder().encode(text)) {
      hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
    }
    return hash.toString(16).padStart(16, '0');
  }

  test.prop([fc.string({ unit: 'binary' })])(
    'equals the BigInt definition over UTF-8 bytes for any text',
    (text) => {
      expect(fnv1a64(text)).toBe(reference(text));
    },
  );

  test.prop([
    fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    }),
  ])('hashes lone surrogates as TextEncoder writes them (U+FFFD), like the definition', (text) => {
    expect(fnv1a64(text)).toBe(reference(text));
  });

  it('hashes ASCII and the UTF-8 of two, three and four bytes, and a lone surrogate, as the definition', () => {
    for (const text of ['lanes', 'é', '♩ ♪', '𝄞 clef', '\ud834 alone', 'end \udd1e']) {
      expect(fnv1a64(text)).toBe(reference(text));
    }
  });
});

describe('stableDigest', () => {
  test.prop([fc.dictionary(fc.string(), fc.jsonValue())])(
    'is the same whatever the key order',
    (record) => {
      const reversed = Object.fromEntries(Object.entries(record).reverse());
      expect(stableDigest(reversed)).toBe(stableDigest(record));
    },
  );

  it('differs when a nested array is reordered', () => {
    expect(stableDigest({ a: [1, 2] })).not.toBe(stableDigest({ a: [2, 1] }));
  });
});
