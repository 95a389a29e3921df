import { describe, expect, it } from 'vitest';
import {
  comparePitches,
  diatonicIndex,
  formatPitch,
  isMidiPitch,
  midiNumber,
  parsePitch,
  samePitch,
} from './pitch.ts';

const p = (text: string) => {
  const pitch = parsePitch(text);
  if (!pitch) throw new Error(`not a pitch: ${text}`);
  return pitch;
};

describe('pitch', () => {
  it.each([
    ['C4', 60],
    ['A4', 69],
    ['B3', 59],
    ['Cb4', 59],
    ['B#3', 60],
    ['C-1', 0],
    ['G9', 127],
    ['Ebb5', 74],
  ])('%s is MIDI %i', (text, midi) => {
    expect(midiNumber(p(text))).toBe(midi);
  });

  it('parses and formats every spelling', () => {
    for (const text of ['C4', 'F#4', 'Bb3', 'C##-1', 'Abb9'])
      expect(formatPitch(p(text))).toBe(text);
  });

  it('refuses text that is not exactly one pitch', () => {
    for (const text of ['c4', 'C', 'C10', 'H4', 'C#', 'C4 ', 'F♯4', 'C###4'])
      expect(parsePitch(text)).toBeUndefined();
  });

  it('orders pitches by sound, then by spelling', () => {
    const sorted = ['E4', 'C4', 'B#3', 'Db4', 'C#4'].map(p).sort(comparePitches).map(formatPitch);
    expect(sorted).toEqual(['B#3', 'C4', 'C#4', 'Db4', 'E4']);
  });

  it('tells spelling apart from sound', () => {
    expect(samePitch(p('C#4'), p('Db4'))).toBe(false);
    expect(samePitch(p('C#4'), p('C#4'))).toBe(true);
    expect(diatonicIndex(p('E4')) - diatonicIndex(p('C#4'))).toBe(2);
  });

  it('knows the MIDI range', () => {
    expect(isMidiPitch(p('Cb-1'))).toBe(false);
    expect(isMidiPitch(p('G#9'))).toBe(false);
    expect(isMidiPitch(p('C4'))).toBe(true);
  });
});
