import { fc, test as property } from '@fast-check/vitest';
import { rational } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import { LineLanes, type LinePoint } from './line-lanes.ts';

/** A point at `eighths` eighths into `measure`, the first event there. */
const at = (measure: number, eighths: number, order = 0): LinePoint => ({
  measure,
  onset: rational(eighths, 8),
  order,
});

/** Points in one order: by measure, then eighths, then order. */
const position = (point: LinePoint) =>
  point.measure * 1000 + (point.onset.num / point.onset.den) * 8 * 10 + point.order;

describe('LineLanes', () => {
  it('takes lines one after another, touching, and refuses one that starts before the last stops', () => {
    const lanes = new LineLanes();
    expect(lanes.take('hairpin/1/1', at(17, 0), at(17, 4))).toBe(true);
    expect(lanes.take('hairpin/1/1', at(17, 2), at(18, 1))).toBe(false);
    expect(lanes.take('hairpin/1/1', at(17, 4), at(18, 0))).toBe(true);
  });

  it('keeps lanes apart: another voice, staff or kind may overlap', () => {
    const lanes = new LineLanes();
    expect(lanes.take('hairpin/1/1', at(1, 0), at(2, 0))).toBe(true);
    expect(lanes.take('hairpin/1/2', at(1, 1), at(2, 1))).toBe(true);
    expect(lanes.take('hairpin/2/1', at(1, 1), at(2, 1))).toBe(true);
    expect(lanes.take('pedal/1/1', at(1, 1), at(2, 1))).toBe(true);
  });

  it('refuses a line inside one taken, around one taken, or starting with one', () => {
    const lanes = new LineLanes();
    expect(lanes.take('l', at(2, 0), at(3, 0))).toBe(true);
    expect(lanes.take('l', at(2, 2), at(2, 4))).toBe(false);
    expect(lanes.take('l', at(1, 0), at(4, 0))).toBe(false);
    expect(lanes.take('l', at(2, 0), at(2, 1))).toBe(false);
    // Before and after it, out of order, are fine.
    expect(lanes.take('l', at(4, 0), at(5, 0))).toBe(true);
    expect(lanes.take('l', at(1, 0), at(2, 0))).toBe(true);
  });

  it('refuses a line that does not stop after it starts (an octave line over no note of its voice)', () => {
    const lanes = new LineLanes();
    expect(lanes.take('octave-line/1/3', at(16, 4, -1), at(16, 0, 2))).toBe(false);
    expect(lanes.take('octave-line/1/3', at(16, 4), at(16, 4))).toBe(false);
    // A grace note comes before the note it leads into, at one onset.
    expect(lanes.take('octave-line/1/3', at(16, 4, 1), at(16, 4, 2))).toBe(true);
  });

  property.prop([
    fc.array(
      fc.tuple(
        fc.record({ measure: fc.integer({ min: 1, max: 4 }), eighths: fc.nat(7) }),
        fc.record({ measure: fc.integer({ min: 1, max: 4 }), eighths: fc.nat(7) }),
      ),
      { maxLength: 40 },
    ),
  ])(
    'the lines taken in a lane never overlap, and each line refused overlaps one taken or runs backwards',
    (lines) => {
      const lanes = new LineLanes();
      const taken: [number, number][] = [];
      for (const [from, to] of lines) {
        const start = position(at(from.measure, from.eighths));
        const stop = position(at(to.measure, to.eighths));
        const overlaps = taken.some(([a, b]) => start < b && a < stop);
        const took = lanes.take('lane', at(from.measure, from.eighths), at(to.measure, to.eighths));
        expect(took).toBe(stop > start && !overlaps);
        if (took) taken.push([start, stop]);
      }
    },
  );
});
