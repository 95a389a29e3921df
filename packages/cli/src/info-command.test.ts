import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importMusicXml } from '@scorelane/musicxml';
import { scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { run } from './run.ts';

async function scorelane(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await run(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

/** A file of the MusicXML test suite, read in place from the musicxml package's test fixtures. */
const FIXTURE = fileURLToPath(
  new URL(
    '../../musicxml/test/fixtures/musicxml-testsuite/41a-MultiParts-Partorder.xml',
    import.meta.url,
  ),
);

describe('scorelane info', () => {
  it('sets the title and composer into -o OUT, which the importer reads back, leaving FILE as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const out = join(dir, 'titled.musicxml');
    const before = await readFile(FIXTURE, 'utf8');
    const set = await scorelane(
      'info',
      FIXTURE,
      '--title',
      'Sonatina in C',
      '--composer',
      'Muzio Clementi',
      '-o',
      out,
    );
    expect(set.code).toBe(0);
    expect(set.out).toContain(`Wrote ${out}:\ntitle: Sonatina in C\ncomposer: Muzio Clementi\n`);
    const read = importMusicXml(await readFile(out));
    if (!read.ok) throw new Error(read.problems[0]?.message);
    expect(scoreInfo(read.score)).toMatchObject({
      title: 'Sonatina in C',
      composer: 'Muzio Clementi',
    });
    expect(await readFile(FIXTURE, 'utf8')).toBe(before);
    const shown = await scorelane('info', out);
    expect(shown).toEqual({
      code: 0,
      out: 'title: Sonatina in C\ncomposer: Muzio Clementi\n',
      err: '',
    });
  });

  it('refuses a text with a line break: exit 1, "Nothing was changed.", no file written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const out = join(dir, 'never.musicxml');
    const refused = await scorelane('info', FIXTURE, '--lyricist', 'a\nb', '-o', out);
    expect(refused.code).toBe(1);
    expect(refused.out.startsWith('Nothing was changed.')).toBe(true);
    await expect(stat(out)).rejects.toThrow();
  });

  it('warns that a .lanes file keeps only the title', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const out = join(dir, 'ode.lanes');
    const set = await scorelane('info', 'example', '--composer', 'Beethoven', '-o', out);
    expect(set.code).toBe(0);
    expect(set.err).toContain(
      'a .lanes header holds only the title, so the composer was not saved',
    );
  });
});
