/**
 * The server as `npm start` runs it (`src/main.ts`), in a child process, so
 * a test can kill it outright and a bench can give it a core of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tokenOf } from './fixtures.ts';

/** A server running in a child process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly editToken: string;
}

/** `src/main.ts` in a child process, as `npm start` runs it; resolves with what it printed. */
export function spawnServer(
  database: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, PORT: '0', DATABASE: database, DOC: 'example', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let printed = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /^Collaboration server: (\S+)$/m.exec(printed)?.[1];
      const edit = /^Edit: (\S+)$/m.exec(printed)?.[1];
      if (url && edit && /^MCP: /m.test(printed)) resolve({ child, url, editToken: tokenOf(edit) });
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${errors}`)));
  });
}
