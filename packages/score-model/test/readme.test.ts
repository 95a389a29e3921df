import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));

describe('the README example', () => {
  it('is the example this test runs, word for word', () => {
    expect(example.shownVerbatim).toBe(true);
  });

  it('runs and prints what its comments say', async () => {
    expect(await example.run()).toEqual([
      ['P1 s1 v1 m1: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4\n'],
      [
        'Nothing was changed. 1 problem:\n- P1 s1 v1 m2 (line 1, column 1): P1 s1 v1 m2 lasts 3/4, but m2 lasts 1 (time 4/4): 1/4 is missing. Fix: Add 1/4 to the lane, for example r=1/4 at its end, or lengthen its events.\n',
      ],
      ['P1 s1 m1', true],
      ['P1 s1 m2', false],
      ['P1 s1 v1 m1: F#4=1/4\\p( F#4 G4 A4)\nP1 s1 v1 m1 w1: Freu- de schö- ner\n'],
      ['P1 s1 v1 m1: F#4=1/4 F#4 G4 A4\n'],
      ['valid, 2 measures'],
    ]);
  });
});
