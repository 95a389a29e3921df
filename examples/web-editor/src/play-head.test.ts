import { describe, expect, it } from 'vitest';
import { stavesOfParts } from './play-head.ts';

describe('the staves the play head colours', () => {
  it('finds each part’s staves among a measure’s, part 1’s first', () => {
    // The example: a violin (one staff) and a piano (two).
    expect(stavesOfParts([1, 2], [1])).toEqual(new Set([0]));
    expect(stavesOfParts([1, 2], [2])).toEqual(new Set([1, 2]));
    expect(stavesOfParts([1, 2], [1, 2])).toEqual(new Set([0, 1, 2]));
    expect(stavesOfParts([2, 1, 3], [3])).toEqual(new Set([3, 4, 5]));
  });
});
