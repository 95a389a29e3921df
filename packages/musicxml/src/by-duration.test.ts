import { fc, test as property } from '@fast-check/vitest';
import { rational } from '@scorelane/lanes-seq';
import { describe, expect } from 'vitest';
import { ByDuration } from './by-duration.ts';

describe('ByDuration', () => {
  property.prop([
    fc.array(fc.tuple(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 64 }))),
  ])('gives what make gives for each duration, made once per duration', (pairs) => {
    const made: string[] = [];
    const cache = new ByDuration((duration) => {
      made.push(`${duration.num}/${duration.den}`);
      return { of: `${duration.num}/${duration.den}` };
    });
    for (const [num, den] of pairs) {
      const duration = rational(num, den);
      expect(cache.of(duration).of).toBe(`${duration.num}/${duration.den}`);
      expect(cache.of(rational(num, den))).toBe(cache.of(duration));
    }
    expect(new Set(made).size).toBe(made.length);
  });
});
