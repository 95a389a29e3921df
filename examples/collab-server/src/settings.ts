/**
 * The server's settings from the environment, for `npm start` and containers.
 *
 * | variable | default | what |
 * | --- | --- | --- |
 * | `PORT` | 8700 | the port (0: the OS picks) |
 * | `HOST` | 127.0.0.1 | the address to bind |
 * | `DATABASE` | `scorelane.db` | the SQLite file, shared by every instance on one host |
 * | `DATABASE_URL` | none | `postgres://...`: keep documents in PostgreSQL instead (several hosts) |
 * | `DURABILITY` | `normal` | SQLite: `full` to fsync every write |
 * | `REDIS_URL` | none | `redis://host:port`: join the instances sharing it |
 * | `EDITOR_URL` | the server's URL | the web editor's page, for links |
 * | `EDITOR_DIR` | none | a built web editor's folder, served at `/` |
 * | `DOC` | `example` | the document whose links are printed |
 */
import type { CollabServerOptions } from './collab-server.ts';
import { isPostgresUrl } from './document-store.ts';

/**
 * The server's options and the document to print links for.
 *
 * @example
 * ```ts
 * const settings: ServerSettings = settingsFromEnv(process.env);
 * ```
 */
export interface ServerSettings {
  readonly server: CollabServerOptions;
  readonly document: string;
}

/**
 * Reads the settings; throws a TypeError naming the variable for a value it cannot use.
 *
 * @example
 * ```ts
 * settingsFromEnv({ PORT: '0', DATABASE: ':memory:' });
 * ```
 */
export function settingsFromEnv(env: Readonly<Record<string, string | undefined>>): ServerSettings {
  const port = Number(env.PORT ?? 8700);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new TypeError(`PORT must be a port number from 0 to 65535, not "${env.PORT}".`);
  }
  const durability = env.DURABILITY ?? 'normal';
  if (durability !== 'normal' && durability !== 'full') {
    throw new TypeError(`DURABILITY must be "normal" or "full", not "${durability}".`);
  }
  const url = env.DATABASE_URL;
  if (url !== undefined && url !== '' && !isPostgresUrl(url)) {
    throw new TypeError(
      'DATABASE_URL must be a postgres:// URL, such as postgres://scorelane@127.0.0.1:5432/scorelane (unset it to use the SQLite file DATABASE).',
    );
  }
  return {
    server: {
      database: url || (env.DATABASE ?? 'scorelane.db'),
      durability,
      port,
      host: env.HOST ?? '127.0.0.1',
      ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
      ...(env.EDITOR_URL ? { editorUrl: env.EDITOR_URL } : {}),
      ...(env.EDITOR_DIR ? { editorDir: env.EDITOR_DIR } : {}),
    },
    document: env.DOC ?? 'example',
  };
}
