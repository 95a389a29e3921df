import { createScore, scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { INSTRUMENT_RANGES } from './instrument-ranges.ts';
import { INSTRUMENTS, instrumentNamed } from './instruments.ts';
import { newScore } from './new-score.ts';

describe('the instrument table', () => {
  it('finds instruments by name, abbreviation or another common name, in any case', () => {
    expect(instrumentNamed('violoncello')?.name).toBe('Cello');
    expect(instrumentNamed('Vla')?.clefs).toEqual(['alto']);
    expect(instrumentNamed('clarinet')).toMatchObject({
      name: 'Clarinet in B-flat',
      transposition: '-M2',
    });
    expect(instrumentNamed('piano')).toMatchObject({
      staves: 2,
      clefs: ['treble', 'bass'],
      program: 0,
    });
    expect(instrumentNamed('kazoo')).toBeUndefined();
  });

  it('gives every instrument one clef per staff and the range warnings use', () => {
    for (const instrument of INSTRUMENTS) {
      expect(instrument.clefs, instrument.name).toHaveLength(instrument.staves);
      const range = INSTRUMENT_RANGES.find(
        (r) => r.low === instrument.low && r.high === instrument.high,
      );
      expect(range, instrument.name).toBeDefined();
    }
  });
});

describe('newScore', () => {
  it('makes the parts, signatures, measures and tempo asked for', () => {
    const made = newScore({
      parts: ['Violin', 'Violin', 'Viola', 'Cello'],
      time: '3/4',
      key: 'D major',
      tempo: 96,
      measures: 16,
      title: 'Quartet',
    });
    if (!made.ok) throw new Error(made.problems.join('\n'));
    const info = scoreInfo(createScore(new Y.Doc(), made.init));
    expect(info.title).toBe('Quartet');
    expect(info.parts.map((part) => part.name)).toEqual(['Violin 1', 'Violin 2', 'Viola', 'Cello']);
    expect(info.measureCount).toBe(16);
    expect(info.times).toEqual([{ measure: 1, beats: 3, beatType: 4 }]);
    expect(info.keys).toMatchObject([{ measure: 1, fifths: 2, mode: 'major' }]);
    expect(made.init.units?.[0]?.content.voices[0]?.events[0]?.marks).toEqual([
      { kind: 'tempo', beat: { num: 1, den: 4 }, perMinute: 96 },
    ]);
  });

  it('lists every problem with what to give instead', () => {
    const made = newScore({
      parts: ['Kazoo'],
      time: '3/5',
      key: 'Fb minor',
      tempo: 2,
      measures: 0,
    });
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.problems).toHaveLength(6);
    expect(made.problems[0]).toBe('"Kazoo" is not an instrument of the table.');
    expect(made.problems[1]).toMatch(/^Name parts from: Piccolo, Flute, /);
  });
});
