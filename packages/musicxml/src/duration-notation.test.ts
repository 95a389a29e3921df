import { fc, test as property } from '@fast-check/vitest';
import { notateDuration, rational } from '@scorelane/lanes-seq';
import { describe, expect } from 'vitest';
import { notationOf } from './duration-notation.ts';

describe('notationOf', () => {
  property.prop([fc.integer({ min: -2, max: 200 }), fc.integer({ min: 1, max: 3072 })])(
    'is notateDuration of the duration, one shared answer per duration',
    (num, den) => {
      const duration = rational(num, den);
      expect(notationOf(duration)).toEqual(notateDuration(duration));
      expect(notationOf(rational(num, den))).toBe(notationOf(duration));
    },
  );
});
