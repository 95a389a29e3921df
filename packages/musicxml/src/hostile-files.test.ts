/**
 * Hostile files, each under MAX_SCORE_BYTES, imported in a child process
 * whose heap is capped at 512 MB: each must be refused with `too-large`.
 * Before the reader stopped at its limits, each took gigabytes and the
 * child died out of memory. (Time is measured by `npm run bench`, never here.)
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

async function importInSmallHeap(file: string) {
  const { stdout } = await run(
    process.execPath,
    ['--max-old-space-size=512', '--import', 'tsx', 'src/hostile-import.test-support.ts', file],
    { cwd: packageDir, maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as { ok: boolean; code?: string; message?: string };
}

describe('hostile files are refused within a 512 MB heap', () => {
  it('20 million nested elements: refused at the depth limit', async () => {
    expect(await importInSmallHeap('deep')).toMatchObject({
      ok: false,
      code: 'too-large',
      message: expect.stringContaining('nested more than 256 deep'),
    });
  });

  it('63 MiB of empty elements: refused at the element limit', async () => {
    expect(await importInSmallHeap('wide')).toMatchObject({
      ok: false,
      code: 'too-large',
      message: expect.stringContaining('more than 1000000 elements'),
    });
  });

  it('200,000 measures: refused at the measure limit', async () => {
    expect(await importInSmallHeap('measures')).toMatchObject({
      ok: false,
      code: 'too-large',
      message: expect.stringContaining('more than 16384 measures'),
    });
  });
});
