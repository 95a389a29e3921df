/**
 * `npm start` (`src/main.ts`) in a child process: a start it cannot make
 * ends with one line saying what to do, and exit status 1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'collab-main-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `src/main.ts` with `env` until it exits; its status and what it wrote to stderr. */
function run(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, DATABASE: join(folder, 'scores.db'), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('npm start when it cannot start', () => {
  it('says a port is taken and how to pick another', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const ended = await run({ PORT: String(port) });
      expect(ended.code).toBe(1);
      expect(ended.stderr).toBe(
        `collab-server: port ${port} on 127.0.0.1 is in use: stop what holds it, or set PORT to another port (0 lets the OS pick).\n`,
      );
    } finally {
      holder.close();
    }
  });

  it('says PostgreSQL cannot be reached, in one line, and exits 1', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    // Nothing listens there once the probe closes.
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    const ended = await run({
      PORT: '0',
      DATABASE_URL: `postgres://scorelane:secret@127.0.0.1:${port}/scores`,
    });
    expect(ended.code).toBe(1);
    expect(ended.stderr).toMatch(
      new RegExp(
        `^collab-server: PostgreSQL at 127\\.0\\.0\\.1:${port}/scores cannot be used \\(.*ECONNREFUSED.*\\): start it, or set DATABASE_URL to a database this instance can reach\\.\n$`,
      ),
    );
    expect(ended.stderr).not.toContain('secret');
  });

  it('says an EDITOR_DIR without a built editor must be built first', async () => {
    const ended = await run({ PORT: '0', EDITOR_DIR: folder });
    expect(ended.code).toBe(1);
    expect(ended.stderr).toMatch(
      /^collab-server: The editor folder .* has no index\.html: build the web editor first/,
    );
  });
});
