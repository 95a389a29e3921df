import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileAtomically, replaceFileAtomically, temporaryPathOf } from './atomic-file.ts';
import { removeStaleTemporaryFiles } from './stale-temporary-files.ts';

async function folder(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'scorelane-atomic-'));
}

describe('replaceFileAtomically and createFileAtomically', () => {
  it('replace writes the file whole and leaves no temporary file', async () => {
    const dir = await folder();
    const path = join(dir, 'song.lanes');
    await writeFile(path, 'old');
    await replaceFileAtomically(path, 'new text');
    expect(await readFile(path, 'utf8')).toBe('new text');
    expect(await readdir(dir)).toEqual(['song.lanes']);
  });

  it('create makes the file once and never replaces one that is there', async () => {
    const dir = await folder();
    const path = join(dir, 'song.lanes.orig');
    expect(await createFileAtomically(path, 'first')).toBe(true);
    expect(await createFileAtomically(path, 'second')).toBe(false);
    expect(await readFile(path, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['song.lanes.orig']);
  });

  it('names its temporary file after the process', () => {
    expect(temporaryPathOf('a/song.lanes')).toBe(`a/song.lanes.${process.pid}.tmp`);
  });
});

describe('removeStaleTemporaryFiles', () => {
  it("removes the file's and its original's temporary files of gone processes, and nothing else", async () => {
    const dir = await folder();
    const path = join(dir, 'song.lanes');
    const names = [
      'song.lanes',
      'song.lanes.999999999.tmp',
      'song.lanes.orig.999999998.tmp',
      `song.lanes.${process.pid}.tmp`,
      'other.lanes.999999999.tmp',
      'song.lanes.x.tmp',
    ];
    for (const name of names) await writeFile(join(dir, name), 'x');
    const stale = await removeStaleTemporaryFiles(path);
    expect(stale).toEqual({
      removed: [join(dir, 'song.lanes.999999999.tmp'), join(dir, 'song.lanes.orig.999999998.tmp')],
      kept: [join(dir, `song.lanes.${process.pid}.tmp`)],
    });
    expect((await readdir(dir)).sort()).toEqual(
      [
        'other.lanes.999999999.tmp',
        'song.lanes',
        `song.lanes.${process.pid}.tmp`,
        'song.lanes.x.tmp',
      ].sort(),
    );
  });
});
