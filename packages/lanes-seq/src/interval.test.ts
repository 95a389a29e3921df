import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parseInterval } from './interval.ts';

describe('parseInterval', () => {
  it('reads quality, number and direction', () => {
    expect(parseInterval('M3')).toEqual({ steps: 2, semitones: 4 });
    expect(parseInterval('-P4')).toEqual({ steps: -3, semitones: -5 });
    expect(parseInterval('A1')).toEqual({ steps: 0, semitones: 1 });
    expect(parseInterval('m10')).toEqual({ steps: 9, semitones: 15 });
    expect(parseInterval('d5')).toEqual({ steps: 4, semitones: 6 });
    expect(parseInterval('-P8')).toEqual({ steps: -7, semitones: -12 });
  });

  it('refuses intervals that do not exist', () => {
    for (const text of ['P3', 'M5', 'X2', '3', 'M0', 'd1', ''])
      expect(parseInterval(text)).toBeUndefined();
  });

  it('reads an interval and its downward twin as mirror images', () => {
    const qualities = ['P', 'M', 'm', 'A', 'd', 'AA', 'dd'];
    fc.assert(
      fc.property(
        fc.constantFrom(...qualities),
        fc.integer({ min: 1, max: 99 }),
        (quality, size) => {
          const up = parseInterval(`${quality}${size}`);
          const down = parseInterval(`-${quality}${size}`);
          expect(down).toEqual(up && { steps: -up.steps, semitones: -up.semitones });
          if (up) expect(up.steps).toBe(size - 1);
        },
      ),
    );
  });
});
