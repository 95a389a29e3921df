import { formatPitch, parsePitch } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import { parseInterval, transposePitch } from './interval.ts';

function moved(pitch: string, interval: string): string | undefined {
  const result = transposePitch(parsePitch(pitch)!, parseInterval(interval)!);
  return result && formatPitch(result);
}

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
});

describe('transposePitch', () => {
  it('spells by the interval: C#4 up a major third is E#4', () => {
    expect(moved('C#4', 'M3')).toBe('E#4');
    expect(moved('C4', 'A1')).toBe('C#4');
    expect(moved('C4', 'm2')).toBe('Db4');
    expect(moved('F4', '-P4')).toBe('C4');
    expect(moved('B3', 'm2')).toBe('C4');
    expect(moved('Bb4', 'M2')).toBe('C5');
  });

  it('refuses a spelling past a double accidental or the octave range', () => {
    expect(moved('B##4', 'A1')).toBeUndefined();
    expect(moved('C9', 'P8')).toBeUndefined();
  });
});
