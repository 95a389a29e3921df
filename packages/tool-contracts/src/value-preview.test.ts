import { describe, expect, it } from 'vitest';
import { clip, PREVIEW_LENGTH, preview } from './value-preview.ts';

describe('preview', () => {
  it('quotes values as JSON', () => {
    expect(preview('tea')).toBe('"tea"');
    expect(preview({ a: [1, null, true], b: undefined })).toBe('{"a":[1,null,true]}');
    expect(preview([undefined, () => 1])).toBe('[null,null]');
    expect(preview(new Date(Date.UTC(2026, 0, 1)))).toBe('"2026-01-01T00:00:00.000Z"');
  });

  it('names what JSON cannot show', () => {
    expect(preview(Number.NaN)).toBe('NaN');
    expect(preview(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
    expect(preview(undefined)).toBe('undefined');
    expect(preview(12n)).toBe('"12n"');
  });

  it('stays short and readable however deep, long or cyclic the value', () => {
    let deepArray: unknown = [];
    for (let depth = 0; depth < 100_000; depth++) deepArray = [deepArray];
    let deepObject: unknown = {};
    for (let depth = 0; depth < 100_000; depth++) deepObject = { next: deepObject };
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const throwing = {
      id: 7,
      toJSON() {
        throw new Error('no');
      },
    };

    expect(preview(deepArray)).toBe(`${'['.repeat(PREVIEW_LENGTH - 3)}...`);
    expect(preview(deepObject)).toMatch(/^\{"next":\{"next":.*\.\.\.$/);
    expect(preview(cycle)).toMatch(/^\{"name":"loop","self":\{"name":"loop"/);
    expect(preview('x'.repeat(1_000_000))).toHaveLength(PREVIEW_LENGTH);
    expect(preview(throwing)).toBe('{"id":7}');
    for (const value of [deepArray, deepObject, cycle]) {
      expect(preview(value).length).toBeLessThanOrEqual(PREVIEW_LENGTH);
    }
  });
});

describe('clip', () => {
  it('cuts long text to the preview length with an ellipsis', () => {
    expect(clip('short')).toBe('short');
    expect(clip('y'.repeat(100))).toBe(`${'y'.repeat(PREVIEW_LENGTH - 3)}...`);
  });
});
