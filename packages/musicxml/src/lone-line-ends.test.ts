import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { loneLineEnds, loneNumbers, type OrderedLineEnd } from './lone-line-ends.ts';

const end = (type: OrderedLineEnd['type'], number = '1', kind = 'pedal'): OrderedLineEnd => ({
  kind,
  type,
  number,
});

describe('loneLineEnds', () => {
  it('leaves a start alone when another of its number starts before a stop', () => {
    // Chopin's Ballade 1: a start on one staff, then one on the other, then one stop.
    expect(loneLineEnds([end('start'), end('start'), end('stop')])).toEqual(new Set([0]));
  });

  it('leaves a stop alone while no start of its number is open, and a start never stopped', () => {
    expect(loneLineEnds([end('stop'), end('start', '2'), end('start')])).toEqual(
      new Set([0, 1, 2]),
    );
  });

  it('pairs by kind and number, and never counts a pedal change alone', () => {
    const ends = [
      end('start', '1', 'hairpin'),
      end('start', '1', 'pedal'),
      end('change', '1', 'pedal'),
      end('stop', '1', 'hairpin'),
      end('stop', '1', 'pedal'),
      end('change', '2', 'pedal'),
    ];
    expect(loneLineEnds(ends)).toEqual(new Set());
  });
});

describe('loneNumbers', () => {
  it('takes the two lowest numbers no line uses, one for starts and one for stops', () => {
    expect(loneNumbers(new Set(['1', '9', '10']))).toEqual({ start: '2', stop: '3' });
  });

  it('gives none when fewer than two numbers are free', () => {
    const all = Array.from({ length: 15 }, (_, index) => String(index + 1));
    expect(loneNumbers(new Set(all))).toBeUndefined();
  });
});

const ends = fc.array(
  fc.record({
    kind: fc.constantFrom('pedal', 'hairpin'),
    type: fc.constantFrom<OrderedLineEnd['type']>('start', 'stop', 'change'),
    number: fc.constantFrom('1', '2', '3'),
  }),
  { maxLength: 40 },
);

describe('laws of lone line ends', () => {
  property.prop([ends])(
    'renumbered apart (starts to one number, stops to another), the lone ends stay alone and every other end pairs as before',
    (given) => {
      const lone = loneLineEnds(given);
      const apart = given.map((line, index) =>
        lone.has(index) ? { ...line, number: line.type === 'start' ? '15' : '16' } : line,
      );
      expect(loneLineEnds(apart)).toEqual(lone);
    },
  );
});
