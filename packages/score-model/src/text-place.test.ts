import { fc, test } from '@fast-check/vitest';
import { parse, pointAt } from '@scorelane/lanes-seq';
import { describe, expect } from 'vitest';
import { placeFor } from './text-place.ts';

// A byte-order mark, a comment with a character outside the BMP, lanes on
// lines 2 and 4.
const TEXT = '\uFEFF% 𝄞 melody\nP1 s1 v1 m1:  C4=1/4 (D4 F4)=1/4~  r=1/2\n\nP1 s1 v2 m1: x=1 \n';

describe('placeFor', () => {
  test.prop([
    fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }), { maxLength: 20 }),
  ])('gives the line and column pointAt gives, whatever order events are asked for in', (asked) => {
    const parsed = parse(TEXT);
    if (!parsed.ok) throw new Error('the fixture parses');
    for (const location of parsed.locations) {
      const place = placeFor(TEXT, location);
      for (const index of asked) {
        const offset =
          index === undefined ? location.start : (location.eventStarts[index] ?? location.start);
        const point = pointAt(TEXT, offset);
        expect(place(index)).toEqual({ line: point.line, column: point.column });
      }
    }
  });
});
