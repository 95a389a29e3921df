import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { isNotatable, notateDuration, noteValueDuration, noteValueOf } from './note-value.ts';
import { multiply, type Rational, rational, sum } from './rational.ts';

const value = (num: number, den: number, dots = 0) => ({ base: rational(num, den), dots });

describe('notateDuration', () => {
  it.each([
    ['1/4', 1, 4, { kind: 'value', value: value(1, 4) }],
    ['3/8, a dotted quarter', 3, 8, { kind: 'value', value: value(1, 4, 1) }],
    ['7/16, a double-dotted quarter', 7, 16, { kind: 'value', value: value(1, 4, 2) }],
    ['2, a breve', 2, 1, { kind: 'value', value: value(2, 1) }],
    [
      '1/12, a triplet eighth',
      1,
      12,
      { kind: 'tuplet', value: value(1, 8), ratio: { actual: 3, normal: 2 } },
    ],
    [
      '1/20, a quintuplet sixteenth',
      1,
      20,
      { kind: 'tuplet', value: value(1, 16), ratio: { actual: 5, normal: 4 } },
    ],
    [
      '1/6, a triplet quarter',
      1,
      6,
      { kind: 'tuplet', value: value(1, 4), ratio: { actual: 3, normal: 2 } },
    ],
    [
      '1/28, a septuplet sixteenth',
      1,
      28,
      { kind: 'tuplet', value: value(1, 16), ratio: { actual: 7, normal: 4 } },
    ],
    ['5/8, a half tied to an eighth', 5, 8, { kind: 'tied', values: [value(1, 2), value(1, 8)] }],
    ['9/8, a whole tied to an eighth', 9, 8, { kind: 'tied', values: [value(1, 1), value(1, 8)] }],
    [
      '5/12, triplet values tied',
      5,
      12,
      { kind: 'tied', values: [value(1, 2), value(1, 8)], ratio: { actual: 3, normal: 2 } },
    ],
  ] as const)('%s', (_name, num, den, expected) => {
    expect(notateDuration(rational(num, den))).toEqual(expected);
  });

  it.each([
    ['1/2048, shorter than a 1024th', 1, 2048],
    ['1/17, a tuplet of 17', 1, 17],
    ['100 whole notes, too many tied values', 100, 1],
    ['0', 0, 1],
  ])('refuses %s', (_name, num, den) => {
    const notation = notateDuration(rational(num, den));
    expect(notation.kind).toBe('unnotatable');
    if (notation.kind === 'unnotatable') expect(notation.reason).not.toBe('');
  });

  it('answers isNotatable as notateDuration decides', () => {
    expect([rational(1, 4), rational(5, 8), rational(1, 12), rational(2)].every(isNotatable)).toBe(
      true,
    );
    expect([rational(1, 17), rational(1, 2048), rational(100)].some(isNotatable)).toBe(false);
  });

  it('finds single values only where one exists', () => {
    expect(noteValueOf(rational(15, 16))).toEqual(value(1, 2, 3));
    expect(noteValueOf(rational(5, 8))).toBeUndefined();
  });

  const lastingOf = (notation: ReturnType<typeof notateDuration>): Rational | undefined => {
    switch (notation.kind) {
      case 'value':
        return noteValueDuration(notation.value);
      case 'tuplet':
        return multiply(
          noteValueDuration(notation.value),
          rational(notation.ratio.normal, notation.ratio.actual),
        );
      case 'tied': {
        const printed = sum(notation.values.map(noteValueDuration));
        return notation.ratio
          ? multiply(printed, rational(notation.ratio.normal, notation.ratio.actual))
          : printed;
      }
      case 'unnotatable':
        return undefined;
    }
  };

  test.prop([
    fc.integer({ min: 1, max: 64 }),
    fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 32, 48, 64),
  ])('what it prints lasts exactly the duration', (num, den) => {
    const duration = rational(num, den);
    const lasting = lastingOf(notateDuration(duration));
    if (lasting !== undefined) expect(lasting).toEqual(duration);
  });
});
