import { formatPitch, parseInterval, parsePitch } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import { transposePitch } from './interval.ts';

function moved(pitch: string, interval: string): string | undefined {
  const result = transposePitch(parsePitch(pitch)!, parseInterval(interval)!);
  return result && formatPitch(result);
}

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
