import { scoreToLanes } from '@scorelane/score-model';
import { describe, expect, test } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes, IMPORTED_FIXTURES, wholeScore } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

describe('import, export, import again', () => {
  test.each(IMPORTED_FIXTURES)('%s gives the same lanes-seq and the same attachments', (name) => {
    const first = importMusicXml(fixtureBytes(name));
    if (!first.ok) throw new Error(first.problems[0]?.message);
    const exported = exportMusicXml(first.score);
    const second = importMusicXml(exported);
    if (!second.ok) throw new Error(second.problems[0]?.message);
    expect(second.warnings).toEqual([]);
    expect(scoreToLanes(second.score)).toEqual(scoreToLanes(first.score));
    expect(wholeScore(second.score)).toEqual(wholeScore(first.score));
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
