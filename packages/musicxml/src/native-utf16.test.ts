import { fc, test as property } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { utf16leNatively } from './native-utf16.ts';

/** The UTF-16LE bytes of any string, lone surrogates included. */
function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index++) {
    bytes[index * 2] = text.charCodeAt(index) & 0xff;
    bytes[index * 2 + 1] = text.charCodeAt(index) >> 8;
  }
  return bytes;
}

const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
});

describe('the native UTF-16LE decoding', () => {
  property.prop([anyText, fc.boolean()])(
    'gives what a fatal TextDecoder gives, or nothing where that throws',
    (text, marked) => {
      const bytes = utf16le(marked ? `\ufeff${text}` : text);
      let expected: string | undefined;
      try {
        expected = new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
      } catch {
        expected = undefined;
      }
      const decoded = utf16leNatively(bytes);
      if (expected === undefined) expect(decoded).toBeUndefined();
      // Where the text is valid, Node always decodes it natively.
      else expect(decoded).toBe(expected);
    },
  );

  property.prop([
    fc.uint8Array({ minLength: 1, maxLength: 41 }).filter((bytes) => bytes.length % 2 === 1),
  ])('leaves an odd number of bytes to TextDecoder', (bytes) => {
    expect(utf16leNatively(bytes)).toBeUndefined();
  });
});
