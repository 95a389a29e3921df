import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SlurNumbering } from './slur-numbering.ts';
import { slurNumberFor } from './write-measure.ts';

/** One step of writing a part: a lane's slur starts or stops, or a measure ends. */
type Step = { readonly lane: number } | 'measure';

describe('SlurNumbering', () => {
  it('gives slurs open at once different numbers where fixed numbers by staff and voice collide', () => {
    // Staff 1 voice 1 and staff 2 voice 5 are lanes 0 and 8: 16 numbers apart, so one number.
    expect(slurNumberFor(2, 1, 1, 1)).toBe(slurNumberFor(2, 2, 5, 1));
    const numbering = new SlurNumbering(2);
    const upper = numbering.start('1/1/1');
    const lower = numbering.start('2/5/1');
    expect([upper, lower]).toEqual(['3', '4']);
    expect(numbering.stop('2/5/1')).toBe('4');
    expect(numbering.stop('1/1/1')).toBe('3');
  });

  it('gives a number back to its own lane within a measure, and to every lane after it', () => {
    const numbering = new SlurNumbering(0);
    expect(numbering.start('1/1/1')).toBe('1');
    expect(numbering.stop('1/1/1')).toBe('1');
    // Another voice of the same measure may be written before this one: it gets another number.
    expect(numbering.start('1/2/1')).toBe('2');
    expect(numbering.start('1/1/1')).toBe('1');
    numbering.endMeasure();
    expect(numbering.stop('1/2/1')).toBe('2');
    expect(numbering.stop('1/1/1')).toBe('1');
    numbering.endMeasure();
    expect(numbering.start('1/2/1')).toBe('1');
  });

  it('answers no number for a stop with no slur open in its lane', () => {
    expect(new SlurNumbering(0).stop('1/1/1')).toBeUndefined();
  });

  property.prop([
    fc.nat(16),
    fc.array(fc.oneof(fc.record({ lane: fc.nat(11) }), fc.constant('measure' as const)), {
      maxLength: 200,
    }),
  ])(
    'never gives a number an open slur holds, and a stop the number of its start',
    (kept, steps: Step[]) => {
      const numbering = new SlurNumbering(kept);
      const open = new Map<number, string>();
      for (const step of steps) {
        if (step === 'measure') {
          numbering.endMeasure();
          continue;
        }
        const lane = `${step.lane}/1/1`;
        const held = open.get(step.lane);
        if (held !== undefined) {
          expect(numbering.stop(lane)).toBe(held);
          open.delete(step.lane);
          continue;
        }
        const number = numbering.start(lane);
        expect(Number(number)).toBeGreaterThanOrEqual(1);
        expect(Number(number)).toBeLessThanOrEqual(16);
        // Twelve lanes at most are open: fewer than the sixteen numbers, so none is shared.
        expect([...open.values()]).not.toContain(number);
        open.set(step.lane, number);
      }
    },
  );
});
