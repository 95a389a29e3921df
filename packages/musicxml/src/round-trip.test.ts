import { scoreToLanes } from '@scorelane/score-model';
import { describe, expect, test } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes, IMPORTED_FIXTURES, wholeScore } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

/**
 * Files whose export moves a kept element on purpose, and why: for these the
 * attachments are compared with every moved element left out, and the count
 * of those elements must hold.
 */
const MOVED_BY_EXPORT: Readonly<Record<string, string>> = {
  // MuseScore cannot open a wavy-line stop on trailing grace notes (trailing-grace-spans.ts).
  '33f-Trill-EndingOnGraceNote.xml': 'wavy-line',
};

/** `value` without the `<name type="stop">` elements, and without the `<ornaments>`/`<notations>` that held only them. */
function withoutStops(value: unknown, name: string, counted: { stops: number }): unknown {
  if (Array.isArray(value))
    return value
      .filter((item) => {
        const stop = item?.n === name && item?.a?.type === 'stop';
        if (stop) counted.stops++;
        return !stop;
      })
      .map((item) => withoutStops(item, name, counted))
      .filter(
        (item) =>
          !(
            (item as { n?: string })?.n &&
            ['ornaments', 'notations'].includes((item as { n: string }).n) &&
            ((item as { c?: unknown[] }).c ?? []).length === 0
          ),
      );
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, withoutStops(inner, name, counted)]),
  );
}

describe('import, export, import again', () => {
  test.each(IMPORTED_FIXTURES)('%s gives the same lanes-seq and the same attachments', (name) => {
    const first = importMusicXml(fixtureBytes(name));
    if (!first.ok) throw new Error(first.problems[0]?.message);
    const exported = exportMusicXml(first.score);
    const second = importMusicXml(exported);
    if (!second.ok) throw new Error(second.problems[0]?.message);
    expect(second.warnings).toEqual([]);
    expect(scoreToLanes(second.score)).toEqual(scoreToLanes(first.score));
    const moved = MOVED_BY_EXPORT[name];
    if (moved === undefined) {
      expect(wholeScore(second.score)).toEqual(wholeScore(first.score));
      return;
    }
    const before = { stops: 0 };
    const after = { stops: 0 };
    expect(withoutStops(wholeScore(second.score), moved, after)).toEqual(
      withoutStops(wholeScore(first.score), moved, before),
    );
    expect(after.stops).toBe(before.stops);
    expect(before.stops).toBeGreaterThan(0);
  });

  test.each(IMPORTED_FIXTURES)('%s exports the same text a second time', (name) => {
    const first = importMusicXml(fixtureBytes(name));
    if (!first.ok) throw new Error(first.problems[0]?.message);
    const exported = exportMusicXml(first.score);
    const second = importMusicXml(exported);
    if (!second.ok) throw new Error(second.problems[0]?.message);
    expect(exportMusicXml(second.score)).toBe(exported);
  });
});
