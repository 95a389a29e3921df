import { describe, expect, it } from 'vitest';
import { PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import { scoreOf } from './fixtures.test-support.ts';
import { currentRevision } from './revision.ts';
import { scoreInfo } from './score-info.ts';

describe('scoreInfo', () => {
  it('describes parts, measures, every signature change, pickups and the revision', () => {
    const score = scoreOf(PROPERTY_SCORE);
    expect(scoreInfo(score)).toEqual({
      title: 'Properties',
      parts: [
        { part: 1, name: 'Flute', staves: 1, clefs: ['treble'] },
        { part: 2, name: 'Piano', staves: 2, clefs: ['treble', 'bass'] },
      ],
      measureCount: 6,
      times: [
        { measure: 1, beats: 4, beatType: 4 },
        { measure: 4, beats: 3, beatType: 4 },
      ],
      keys: [
        { measure: 1, tonic: { step: 'D', alter: 0 }, mode: 'major', fifths: 2 },
        { measure: 4, tonic: { step: 'B', alter: 0 }, mode: 'minor', fifths: 2 },
      ],
      pickups: [{ measure: 1, length: { num: 1, den: 4 } }],
      printedNumbers: [1, 2, 3, 4, 5, 6].map((measure) => ({
        measure,
        number: String(measure - 1),
      })),
      revision: currentRevision(score),
    });
  });
});
