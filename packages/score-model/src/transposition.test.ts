import { fc, test } from '@fast-check/vitest';
import { parseInterval } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import {
  sameTransposition,
  transpositionFromInterval,
  transpositionName,
  transpositionSemitones,
} from './transposition.ts';

describe('transpositions', () => {
  it('split an interval as MusicXML does: octaves in octaveChange', () => {
    expect(transpositionFromInterval('-M2')).toEqual({ chromatic: -2, diatonic: -1 });
    expect(transpositionFromInterval('-M9')).toEqual({
      chromatic: -2,
      diatonic: -1,
      octaveChange: -1,
    });
    expect(transpositionFromInterval('-P8')).toEqual({
      chromatic: 0,
      diatonic: 0,
      octaveChange: -1,
    });
    expect(transpositionFromInterval('P15')).toEqual({
      chromatic: 0,
      diatonic: 0,
      octaveChange: 2,
    });
    expect(transpositionFromInterval('P1')).toEqual({ chromatic: 0, diatonic: 0 });
  });

  it('refuse text that is not an interval, and more than four octaves', () => {
    expect(transpositionFromInterval('M5')).toBeUndefined();
    expect(transpositionFromInterval('P36')).toBeUndefined();
  });

  it('name themselves, and say semitones when no interval name fits', () => {
    expect(transpositionName({ chromatic: -9, diatonic: -5 })).toBe('-M6');
    expect(transpositionName({ chromatic: 3, diatonic: 2 })).toBe('m3');
    expect(transpositionName(undefined)).toBe('P1');
    expect(transpositionName({ chromatic: 6, diatonic: 1 })).toBe('+6 semitones');
  });

  it('count none and a unison as the same', () => {
    expect(sameTransposition(undefined, { chromatic: 0, diatonic: 0 })).toBe(true);
    expect(sameTransposition({ chromatic: -2, diatonic: -1 }, undefined)).toBe(false);
  });

  const intervals = fc
    .tuple(
      fc.constantFrom('-', ''),
      fc.constantFrom('P', 'M', 'm', 'A', 'd'),
      fc.integer({ min: 1, max: 22 }),
    )
    .map(([sign, quality, number]) => `${sign}${quality}${number}`)
    .filter(
      (text) => parseInterval(text) !== undefined && transpositionFromInterval(text) !== undefined,
    );

  test.prop([intervals])(
    'move by the semitones of their interval, and read back their name',
    (text) => {
      const transposition = transpositionFromInterval(text)!;
      expect(transpositionSemitones(transposition)).toBe(parseInterval(text)!.semitones || 0);
      const again = transpositionFromInterval(transpositionName(transposition));
      expect(again).toBeDefined();
      expect(sameTransposition(again, transposition)).toBe(true);
    },
  );
});
