import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { TextWriter } from './text-writer.ts';

/** One piece of text: ASCII, any UTF-16 (lone surrogates too), or a run longer than a chunk. */
const arbitraryPiece = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom('\ud834', '\udd1e', 'é', '𝄞'), maxLength: 4 }),
  fc
    .tuple(fc.integer({ min: 1, max: 70_000 }), fc.constantFrom('a', 'é'))
    .map(([length, unit]) => unit.repeat(length)),
);

/** What to write: a piece of text, one ASCII code, or a number. */
const arbitraryWrite = fc.oneof(
  { arbitrary: arbitraryPiece.map((text) => ({ text })), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 127 }).map((code) => ({ code })), weight: 2 },
  {
    arbitrary: fc
      .oneof(fc.nat(), fc.integer(), fc.double(), fc.constantFrom(1e9, 1e21, -0, 2 ** 53))
      .map((number) => ({ number })),
    weight: 1,
  },
);

type Write = { text: string } | { code: number } | { number: number };

function written(writes: readonly Write[]): { byWriter: string; byConcatenation: string } {
  const out = new TextWriter();
  let byConcatenation = '';
  for (const write of writes) {
    if ('text' in write) {
      out.write(write.text);
      byConcatenation += write.text;
    } else if ('code' in write) {
      out.writeAscii(write.code);
      byConcatenation += String.fromCharCode(write.code);
    } else {
      out.writeInteger(write.number);
      byConcatenation += String(write.number);
    }
  }
  return { byWriter: out.finish(), byConcatenation };
}

describe('TextWriter', () => {
  test.prop([fc.array(arbitraryWrite, { maxLength: 60 })], { numRuns: 200 })(
    'gives back exactly the pieces one after the other, across chunks and non-ASCII text',
    (writes) => {
      const { byWriter, byConcatenation } = written(writes);
      expect(byWriter).toBe(byConcatenation);
    },
  );

  it('writes numbers as String does', () => {
    const out = new TextWriter();
    for (const value of [0, 7, 10, 999_999_999, 1e9, -1, 1.5, -0, Number.NaN, 1e21]) {
      out.writeInteger(value);
      out.writeAscii(32);
    }
    expect(out.finish()).toBe('0 7 10 999999999 1000000000 -1 1.5 0 NaN 1e+21 ');
  });

  it('keeps a writer started inside another one apart from it', () => {
    const outer = new TextWriter();
    outer.write('P1 s1 ');
    const inner = new TextWriter();
    inner.write('inner');
    outer.write('v1 m1:');
    expect(inner.finish()).toBe('inner');
    const next = new TextWriter();
    next.write('next');
    expect(outer.finish()).toBe('P1 s1 v1 m1:');
    expect(next.finish()).toBe('next');
  });

  it('gives the empty string when nothing was written', () => {
    expect(new TextWriter().finish()).toBe('');
  });
});
