import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { compareLanes, type Lane, type LaneLocation } from './document.ts';
import { LaneRegister } from './lane-register.ts';

const arbitraryHeader = fc.record({
  part: fc.integer({ min: 1, max: 2 }),
  staff: fc.integer({ min: 1, max: 2 }),
  voice: fc.integer({ min: 1, max: 2 }),
  measure: fc.integer({ min: 1, max: 9 }),
});

type Header = Pick<Lane, 'part' | 'staff' | 'voice' | 'measure'>;

/** Headers in any order, in the canonical text's line order, or by measure, with repeats. */
const arbitraryHeaders = fc
  .tuple(fc.array(arbitraryHeader, { maxLength: 30 }), fc.constantFrom('any', 'line', 'measure'))
  .map(([headers, order]) => {
    const block = (h: Header) => Math.floor((h.measure - 1) / 4);
    if (order === 'line') {
      return [...headers].sort(
        (a, b) =>
          block(a) - block(b) ||
          a.part - b.part ||
          a.staff - b.staff ||
          a.voice - b.voice ||
          a.measure - b.measure,
      );
    }
    return order === 'measure' ? [...headers].sort(compareLanes) : headers;
  });

/** Asks the register about each header in turn, as a parse does, keeping each new lane. */
function firstLines(headers: readonly Header[]): (number | undefined)[] {
  const lanes: Lane[] = [];
  const locations: LaneLocation[] = [];
  const register = new LaneRegister(lanes, locations);
  return headers.map((header, index) => {
    const line = index + 1;
    const first = register.firstLineOf(header, line);
    if (first === undefined) {
      lanes.push({ ...header, events: [] });
      locations.push({ line, lineStart: 0, start: 0, end: 0, eventStarts: [], eventEnds: [] });
    }
    return first;
  });
}

describe('LaneRegister', () => {
  test.prop([arbitraryHeaders], { numRuns: 500 })(
    'gives the line of the first lane with the same header, and undefined for a new one',
    (headers) => {
      const seen = new Map<string, number>();
      const expected = headers.map((header, index) => {
        const key = `${header.part} ${header.staff} ${header.voice} ${header.measure}`;
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index + 1);
        return first;
      });
      expect(firstLines(headers)).toEqual(expected);
    },
  );

  it('finds a repeat after the text left both orders', () => {
    const m = (measure: number, part = 1) => ({ part, staff: 1, voice: 1, measure });
    expect(firstLines([m(1), m(2), m(1, 2), m(5), m(2), m(1, 2)])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      2,
      3,
    ]);
  });
});
