import { describe, expect, test } from 'vitest';
import { caseText } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { inMeasures, measureStarts } from './measure-timeline.test-support.ts';
import { readScore } from './score-snapshot.ts';

const note = (onset: number) => ({ onset, midi: 60, duration: 0.5, measure: '' });

describe('the measure of a sounding note, for the real-score check', () => {
  test('measures start where the ones before them end: pickups and printed numbers as the file has them', () => {
    const key = {
      tonic: { step: 'C' as const, alter: 0 as const },
      mode: 'major' as const,
      fifths: 0,
    };
    const starts = measureStarts([
      { time: { beats: 3, beatType: 4 }, key, pickup: { num: 1, den: 4 }, number: '0' },
      { time: { beats: 3, beatType: 4 }, key, number: '1' },
      { time: { beats: 6, beatType: 8 }, key },
    ]);
    expect(starts).toEqual([
      { onset: 0, number: '0' },
      { onset: 1, number: '1' },
      { onset: 4, number: '3' },
    ]);
    expect(
      inMeasures([note(0.5), note(1), note(3.99), note(4.5), note(99)], starts).map(
        (n) => n.measure,
      ),
    ).toEqual(['0', '1', '3', '3', '3']);
  });

  test('a note a hair before a barline (MuseScore rounds its ticks) is in the measure after it', () => {
    const result = importMusicXml(caseText('typeless-tuplet-rest.musicxml'));
    if (!result.ok) throw new Error(result.problems[0]?.message);
    const starts = measureStarts(readScore(result.score).measures);
    expect(inMeasures([note(3.999), note(3.9), note(0)], starts).map((n) => n.measure)).toEqual([
      '2',
      '1',
      '1',
    ]);
  });
});
