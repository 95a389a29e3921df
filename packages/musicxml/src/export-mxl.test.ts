import { readMeasures } from '@scorelane/score-model';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { exportMxl } from './export-mxl.ts';
import { fixtureBytes as fixture } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

describe('exportMxl', () => {
  const imported = importMusicXml(fixture('61a-Lyrics.xml'));
  if (!imported.ok) throw new Error('the fixture should import');
  const archive = exportMxl(imported.score);

  it('stores the mimetype first and uncompressed, then the container and the score', () => {
    const entries = unzipSync(archive);
    expect(Object.keys(entries)).toEqual(['mimetype', 'META-INF/container.xml', 'score.musicxml']);
    expect(new TextDecoder().decode(entries.mimetype)).toBe('application/vnd.recordare.musicxml');
    // A stored (uncompressed) first entry puts the mimetype text at byte 38 of the file.
    expect(new TextDecoder().decode(archive.subarray(38, 38 + 34))).toBe(
      'application/vnd.recordare.musicxml',
    );
    expect(new TextDecoder().decode(entries['score.musicxml'])).toBe(
      exportMusicXml(imported.score),
    );
  });

  it('reads back as the same score, lyrics included', () => {
    const again = importMusicXml(archive);
    if (!again.ok) throw new Error(JSON.stringify(again.problems));
    const lanes = (score: typeof imported.score) => {
      const read = readMeasures(score, { start: 1, end: 3 });
      return read.ok ? read.lanes : undefined;
    };
    expect(lanes(again.score)).toEqual(lanes(imported.score));
    expect(exportMusicXml(again.score)).toBe(exportMusicXml(imported.score));
  });
});
