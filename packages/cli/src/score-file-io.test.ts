import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportMusicXml } from '@scorelane/musicxml';
import { describe, expect, it } from 'vitest';
import { parseArguments } from './arguments.ts';
import { convertCommand } from './convert-command.ts';
import { exampleScorePath } from './example-score.ts';
import { loadFile, saveScore } from './score-file-io.ts';

async function exampleScore() {
  const loaded = await loadFile(exampleScorePath());
  if (loaded.kind !== 'score') throw new Error('the example is a score');
  return loaded.score;
}

async function convertWithin(out: string, maxBytes: number) {
  let err = '';
  const args = parseArguments(['convert', exampleScorePath(), out]);
  const code = await convertCommand(
    args,
    { out: () => {}, err: (text) => (err += text) },
    {
      maxBytes,
    },
  );
  return { code, err };
}

describe('writes are checked against the size scorelane reads (the limit lowered for the test)', () => {
  it('convert refuses MusicXML over the limit with the reason, and writes no file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const bytes = Buffer.byteLength(exportMusicXml(await exampleScore()));
    for (const name of ['ode.musicxml', 'ode.mxl']) {
      const out = join(dir, name);
      const { code, err } = await convertWithin(out, bytes - 1);
      expect(code).toBe(1);
      expect(err).toBe(
        `${out}: The score's MusicXML is ${bytes} bytes, more than the ${bytes - 1} bytes Scorelane reads, so a file of it could not be opened again; nothing was written. Save it as .lanes, or split the score into smaller ones.\n`,
      );
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('convert writes MusicXML at the limit, and .lanes whatever the MusicXML limit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const score = await exampleScore();
    const bytes = Buffer.byteLength(exportMusicXml(score));
    expect((await convertWithin(join(dir, 'ode.musicxml'), bytes)).code).toBe(0);
    expect(await readFile(join(dir, 'ode.musicxml'), 'utf8')).toBe(exportMusicXml(score));
    expect((await convertWithin(join(dir, 'ode.lanes'), 1)).code).toBe(0);
  });

  it('saveScore says what it refused as a value; the default limit writes a real score', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const score = await exampleScore();
    const refused = await saveScore(join(dir, 'ode.musicxml'), score, { maxBytes: 100 });
    expect(refused.ok).toBe(false);
    expect(await saveScore(join(dir, 'ode.musicxml'), score)).toEqual({ ok: true, warnings: [] });
  });
});
