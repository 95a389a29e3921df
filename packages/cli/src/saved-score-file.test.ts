import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { savedScoreFile } from './saved-score-file.ts';
import { loadFile } from './score-file-io.ts';
import { ONE_BAR } from './small-scores.test-support.ts';

async function opened(original = ONE_BAR) {
  const dir = await mkdtemp(join(tmpdir(), 'scorelane-saved-'));
  const path = join(dir, 'one.lanes');
  await writeFile(path, original);
  const loaded = await loadFile(path);
  if (loaded.kind !== 'score') throw new Error('the test score does not load');
  return { path, score: loaded.score, bytes: await readFile(path) };
}

describe('savedScoreFile', () => {
  it('keeps the opened bytes as FILE.orig on the first save only', async () => {
    const { path, score, bytes } = await opened(`${ONE_BAR}\n\n`);
    const file = savedScoreFile(path, bytes, score);
    await file.save();
    expect(await readFile(`${path}.orig`, 'utf8')).toBe(`${ONE_BAR}\n\n`);
    expect(await readFile(path, 'utf8')).toBe(ONE_BAR);
    const kept = await stat(`${path}.orig`);
    await writeFile(path, 'edited by hand');
    await file.save();
    expect((await stat(`${path}.orig`)).mtimeMs).toBe(kept.mtimeMs);
    expect(await readFile(`${path}.orig`, 'utf8')).toBe(`${ONE_BAR}\n\n`);
  });

  it('never overwrites an earlier FILE.orig', async () => {
    const { path, score, bytes } = await opened();
    await writeFile(`${path}.orig`, 'the first original');
    await savedScoreFile(path, bytes, score).save();
    expect(await readFile(`${path}.orig`, 'utf8')).toBe('the first original');
  });

  it('replaces an empty FILE.orig (what a kill of an earlier version left) with the opened bytes', async () => {
    const { path, score, bytes } = await opened();
    await writeFile(`${path}.orig`, '');
    await savedScoreFile(path, bytes, score).save();
    expect(await readFile(`${path}.orig`, 'utf8')).toBe(ONE_BAR);
  });
});
