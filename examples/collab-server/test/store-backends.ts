/**
 * The two stores one test suite runs against: SQLite always, PostgreSQL
 * when the run has a server (`test/postgres-global.ts`). In CI a missing
 * PostgreSQL is a failure: its backend is listed anyway, and every test of
 * it fails saying what to install.
 */
import { inject } from 'vitest';
import { tempDatabase } from './fixtures.ts';
import { createDatabase, POSTGRES_MISSING, postgresRequired } from './postgres-process.ts';

/** One store to run the suite against. */
export interface StoreBackend {
  readonly name: 'SQLite' | 'PostgreSQL';
  /** A new, empty database: a SQLite file path or a PostgreSQL URL; `remove()` deletes what it can. */
  fresh(): Promise<{ readonly database: string; remove(): void }>;
}

const sqlite: StoreBackend = {
  name: 'SQLite',
  fresh: async () => {
    const db = tempDatabase();
    return { database: db.path, remove: db.remove };
  },
};

/**
 * Whether this run leaves PostgreSQL out: it is not installed, and the run
 * is not CI (where a missing PostgreSQL fails every test that needs it).
 */
export function postgresLeftOut(): boolean {
  return inject('postgresAdminUrl') === '' && !postgresRequired();
}

/** The stores of this run. */
export function storeBackends(): StoreBackend[] {
  const adminUrl = inject('postgresAdminUrl');
  if (postgresLeftOut()) return [sqlite];
  const postgres: StoreBackend = {
    name: 'PostgreSQL',
    fresh: async () => {
      if (adminUrl === '') throw new Error(POSTGRES_MISSING);
      // The cluster is deleted at the end of the run, with every database in it.
      return { database: await createDatabase(adminUrl), remove: () => {} };
    },
  };
  return [sqlite, postgres];
}
