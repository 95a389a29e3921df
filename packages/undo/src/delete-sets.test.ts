import { describe, expect, it } from 'vitest';
import { deleteSet, ranges } from '../test/delete-set-ranges.ts';
import {
  deleteSetsOverlap,
  intersectDeleteSets,
  isEmptyDeleteSet,
  subtractDeleteSets,
} from './delete-sets.ts';

describe('intersectDeleteSets', () => {
  it('keeps the overlap of ranges, per client', () => {
    const a = deleteSet({
      1: [
        [0, 5],
        [10, 5],
      ],
      2: [[0, 3]],
    });
    const b = deleteSet({ 1: [[3, 9]], 3: [[0, 3]] });

    expect(ranges(intersectDeleteSets(a, b))).toEqual({
      1: [
        [3, 2],
        [10, 2],
      ],
    });
  });

  it('is empty when nothing overlaps', () => {
    const a = deleteSet({ 1: [[0, 2]] });
    const b = deleteSet({ 1: [[2, 2]] });

    expect(intersectDeleteSets(a, b).clients.size).toBe(0);
  });
});

describe('subtractDeleteSets', () => {
  it('removes the ranges of the second set, splitting ranges it cuts through', () => {
    const a = deleteSet({ 1: [[0, 10]], 2: [[0, 3]] });
    const b = deleteSet({
      1: [
        [2, 3],
        [8, 5],
      ],
      3: [[0, 3]],
    });

    expect(ranges(subtractDeleteSets(a, b))).toEqual({
      1: [
        [0, 2],
        [5, 3],
      ],
      2: [[0, 3]],
    });
  });

  it('is empty when the second set covers the first', () => {
    const a = deleteSet({ 1: [[2, 2]] });
    const b = deleteSet({ 1: [[0, 9]] });

    expect(isEmptyDeleteSet(subtractDeleteSets(a, b))).toBe(true);
    expect(isEmptyDeleteSet(a)).toBe(false);
  });
});

describe('deleteSetsOverlap', () => {
  it('is true exactly when the sets share an id, whatever the order of their ranges', () => {
    const a = deleteSet({
      1: [
        [10, 5],
        [0, 2],
      ],
    });

    expect(deleteSetsOverlap(a, deleteSet({ 1: [[14, 3]] }))).toBe(true);
    expect(deleteSetsOverlap(a, deleteSet({ 1: [[1, 1]] }))).toBe(true);
    expect(deleteSetsOverlap(a, deleteSet({ 1: [[2, 8]] }))).toBe(false);
    expect(deleteSetsOverlap(a, deleteSet({ 2: [[0, 20]] }))).toBe(false);
  });
});
