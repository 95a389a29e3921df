import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { describePrintedNumbers, MAX_NUMBER_EXCEPTIONS } from './printed-number-phrase.ts';

/** Every measure's printed number, back from a phrase of describePrintedNumbers (for the law). */
function printedFrom(phrase: string, start: number, end: number): Map<number, string> {
  const [rule, exceptions = ''] = phrase.split(' throughout, except ');
  const offset = Number(rule!.replace(/^m/, '').replace(' throughout', '') || 0);
  const numbers = new Map<number, string>();
  for (let measure = start; measure <= end; measure++)
    numbers.set(measure, String(measure + offset));
  for (const item of exceptions.split(' ').filter(Boolean)) {
    const [measure, number] = item.slice(1).split('=');
    numbers.set(Number(measure), number!);
  }
  return numbers;
}

describe('describePrintedNumbers', () => {
  it('says a regular numbering once, with the measures that break it', () => {
    const afterPickup = Array.from({ length: 120 }, (_, i) => ({
      measure: i + 1,
      number: String(i),
    }));
    afterPickup[56] = { measure: 57, number: '56a' };
    expect(describePrintedNumbers(afterPickup, 1, 120)).toBe('m-1 throughout, except m57=56a');
    expect(describePrintedNumbers([], 1, 8)).toBe('m throughout');
  });

  it('counts the exceptions past the limit instead of listing them', () => {
    const odd = Array.from({ length: 100 }, (_, i) => ({ measure: i + 1, number: `${i + 1}b` }));
    const phrase = describePrintedNumbers(odd, 1, 100);
    expect(phrase).toMatch(new RegExp(` and ${100 - MAX_NUMBER_EXCEPTIONS} more$`));
  });

  test.prop([
    fc.integer({ min: -3, max: 3 }),
    fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.constantFrom('x', '12a', '7')), {
      maxLength: 5,
    }),
  ])('loses no number: every measure reads back as printed', (offset, odd) => {
    const printed = new Map<number, string>();
    for (let measure = 1; measure <= 30; measure++) printed.set(measure, String(measure + offset));
    for (const [measure, number] of odd) printed.set(measure, number);
    const differing = [...printed]
      .filter(([measure, number]) => number !== String(measure))
      .map(([measure, number]) => ({ measure, number }));
    expect(printedFrom(describePrintedNumbers(differing, 1, 30), 1, 30)).toEqual(printed);
  });
});
