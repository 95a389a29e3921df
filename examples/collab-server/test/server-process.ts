/**
 * The server as `npm start` runs it (`src/main.ts`), in a child process, so
 * a test can kill it outright and a bench can give it a core of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isPostgresUrl } from '../src/index.ts';
import { tokenOf } from './fixtures.ts';

/** A server running in a child process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly editToken: string;
}

/** The variable that names `database`: `DATABASE_URL` for PostgreSQL, `DATABASE` for a SQLite file. */
export function databaseEnv(database: string): Record<string, string> {
  return isPostgresUrl(database) ? { DATABASE_URL: database } : { DATABASE: database };
}

/** The command that runs `src/main.ts` through tsx, as `npm start` runs the built server: the program, then its arguments. */
export function serverCommand(): [string, ...string[]] {
  const packageDir = new URL('..', import.meta.url);
  const tsx = pathToFileURL(createRequire(packageDir).resolve('tsx')).href;
  const main = fileURLToPath(new URL('src/main.ts', packageDir));
  return [process.execPath, '--import', tsx, main];
}

/**
 * `src/main.ts` in a child process, as `npm start` runs it; resolves with
 * what it printed. `cwd` is its working folder (default this package's).
 */
export function spawnServer(
  database: string,
  env: Record<string, string> = {},
  cwd: string = fileURLToPath(new URL('..', import.meta.url)),
): Promise<ServerProcess> {
  const [program, ...args] = serverCommand();
  const child = spawn(program, args, {
    cwd,
    env: { ...process.env, PORT: '0', ...databaseEnv(database), DOC: 'example', ...env },
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
