/**
 * A real PostgreSQL server for the tests, like `redis-process.ts`: `initdb`
 * into a fresh temporary folder, `pg_ctl start` on a free loopback port
 * (TCP only, trust authentication, fsync off: these are throwaway
 * clusters), stopped by the test. PostgreSQL refuses to run as root, so as
 * root it runs as the `postgres` user that Debian's package creates (else as
 * `nobody`), through `runuser`. Its binaries are found on PATH or where
 * Debian's `postgresql` package puts them (`/usr/lib/postgresql/N/bin`).
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './redis-process.ts';

const run = promisify(execFile);

/** A running PostgreSQL server. */
export interface PostgresProcess {
  /** The superuser's URL of the `postgres` database. */
  readonly adminUrl: string;
  /** Creates an empty database and resolves with its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (fast shutdown: sessions are cut, committed data stays). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  restart(): Promise<void>;
  /** Stops it and deletes its folder. */
  remove(): Promise<void>;
}

/** The folder holding `initdb`, `pg_ctl` and `postgres`, or undefined when PostgreSQL is not installed. */
export function postgresBinaries(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join(debian, version, 'bin'))
    : [];
  return [...onPath, ...versions].find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(join(dir, name))),
  );
}

/** What a test says when PostgreSQL is missing. */
export const POSTGRES_MISSING =
  'PostgreSQL is not installed: apt-get install postgresql (its initdb, pg_ctl and postgres are needed).';

/** Whether the PostgreSQL runs of the tests must happen (CI), so a missing server fails them. */
export function postgresRequired(): boolean {
  return process.env.CI === 'true' || process.env.CI === '1';
}

/** Who runs the server: this user, or (as root) `postgres` when it exists, else `nobody`. */
async function serverUser(): Promise<string | undefined> {
  if (userInfo().uid !== 0) return undefined;
  return run('id', ['-u', 'postgres']).then(
    () => 'postgres',
    () => 'nobody',
  );
}

/** Initializes a cluster in a fresh temporary folder and starts it on a free loopback port. */
export async function startPostgres(): Promise<PostgresProcess> {
  const bin = postgresBinaries();
  if (bin === undefined) throw new Error(POSTGRES_MISSING);
  const user = await serverUser();
  const folder = mkdtempSync(join(tmpdir(), 'collab-postgres-'));
  const data = join(folder, 'data');
  if (user !== undefined) {
    const { uid, gid } = await idsOf(user);
    chownSync(folder, uid, gid);
  }
  // Run in the cluster's own folder: the user may not be allowed into this process's working folder (CI's clone).
  const as = (command: string, args: string[]) =>
    user === undefined
      ? run(join(bin, command), args, { cwd: folder })
      : run('runuser', ['-u', user, '--', join(bin, command), ...args], { cwd: folder });
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off -c max_connections=200`;
  const start = () =>
    as('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-o', options, '-w', 'start']);
  const stop = async () => {
    if (existsSync(join(data, 'postmaster.pid')))
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    createDatabase: () => createDatabase(adminUrl),
    stop,
    restart: async () => {
      await start();
    },
    async remove() {
      await stop().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

let databases = 0;

/** Creates an empty database on the server of `adminUrl` and resolves with its URL. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `scorelane_test_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function idsOf(user: string): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
