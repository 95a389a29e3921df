import { rational } from '@scorelane/lanes-seq';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliberateNumbers, printedNumbersOf } from './printed-numbers.ts';

describe('printed measure numbers', () => {
  it('count on from the last whole number, from 0 after a pickup, past "X1"', () => {
    expect(printedNumbersOf([{ pickup: rational(1, 4) }, {}, { number: 'X1' }, {}])).toEqual([
      '0',
      '1',
      'X1',
      '2',
    ]);
    expect(printedNumbersOf([{}, { number: '10' }, {}])).toEqual(['1', '10', '11']);
  });

  it('deliberateNumbers keeps only the numbers that do not follow on', () => {
    expect(
      deliberateNumbers([{ number: '1' }, { number: '2' }, { number: '1' }, { number: '2' }]),
    ).toEqual([{}, {}, { number: '1' }, {}]);
  });

  it('property: the numbers deliberateNumbers keeps print as the file numbered', () => {
    const printed = fc.oneof(
      fc.integer({ min: 0, max: 40 }).map(String),
      fc.constantFrom('X1', '8a'),
    );
    fc.assert(
      fc.property(
        fc.array(printed, { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        (numbers, pickup) => {
          const measures = numbers.map((number, index) =>
            index === 0 && pickup ? { number, pickup: rational(1, 4) } : { number },
          );
          expect(printedNumbersOf(deliberateNumbers(measures))).toEqual(numbers);
        },
      ),
    );
  });
});
