import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { commonStringAt } from './common-strings.ts';

describe('commonStringAt', () => {
  property.prop([fc.string({ maxLength: 40 }), fc.nat(40), fc.nat(40)])(
    'answers nothing, or exactly what the text holds there',
    (text, a, b) => {
      const [start, end] = a <= b ? [a, b] : [b, a];
      const common = commonStringAt(text, start, Math.min(end, text.length));
      if (common !== undefined) expect(common).toBe(text.slice(start, Math.min(end, text.length)));
    },
  );

  property.prop([
    fc.constantFrom('note', 'duration', 'default-x', 'up', 'eighth', '1', 'forward hook'),
    fc.string({ maxLength: 5 }),
    fc.string({ maxLength: 5 }),
  ])('finds a common string wherever it stands', (word, before, after) => {
    const text = `${before}${word}${after}`;
    expect(commonStringAt(text, before.length, before.length + word.length)).toBe(word);
  });

  it('answers nothing for an empty range, a longer word or a near miss', () => {
    expect(commonStringAt('<note>', 1, 1)).toBeUndefined();
    expect(commonStringAt('<notes>', 1, 6)).toBeUndefined();
    expect(commonStringAt('<nota>', 1, 5)).toBeUndefined();
  });
});
