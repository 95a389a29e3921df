/**
 * The PostgreSQL document store (`pg`), for instances on several hosts: they
 * all name one database with `DATABASE_URL=postgres://...`. The tables are
 * `scorelane_documents` (name, tokens) and `scorelane_updates` (one row per
 * stored Yjs update, or per merged snapshot). A new document is created with
 * `INSERT ... ON CONFLICT DO NOTHING` and seeded in the same transaction, so
 * of two hosts creating it at once exactly one seeds it; compaction takes a
 * transaction-scoped advisory lock on the document and deletes exactly the
 * rows it merged, so a row appended meanwhile by another host stays.
 */
import pg from 'pg';
import { newAccessToken } from './access-token.ts';
import type { DocumentStore, DocumentTokens } from './document-store.ts';
import { reasonOf } from './failure-reason.ts';
import { storedSnapshot } from './stored-snapshot.ts';

/**
 * Options for {@link openPostgresStore}.
 *
 * @example
 * ```ts
 * const options: PostgresStoreOptions = { url: 'postgres://scorelane@db.internal/scorelane' };
 * ```
 */
export interface PostgresStoreOptions {
  /** `postgres://[user[:password]@]host[:port]/database`. */
  readonly url: string;
  /** The most connections this instance holds; default 10. */
  readonly maxConnections?: number;
}

/** Taken while the schema is created, so instances starting together do not race on it. */
const SCHEMA_LOCK = 0x5c0e1a4e;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS scorelane_documents (
  name TEXT PRIMARY KEY,
  edit_token TEXT NOT NULL,
  view_token TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS scorelane_updates (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL REFERENCES scorelane_documents(name),
  data BYTEA NOT NULL
);
CREATE INDEX IF NOT EXISTS scorelane_updates_by_name ON scorelane_updates(name, id);
`;

interface TokenRow {
  readonly edit_token: string;
  readonly view_token: string;
}

interface UpdateRow {
  readonly id: string;
  readonly data: Buffer;
}

/**
 * Connects, creates the tables when missing, and resolves with the store;
 * rejects with one sentence naming the server (never the password) when
 * the database cannot be reached.
 *
 * @example
 * ```ts
 * const store = await openPostgresStore({ url: 'postgres://scorelane@127.0.0.1:5432/scorelane' });
 * await store.ensureDocument('ode', exampleScoreUpdate);
 * await store.close();
 * ```
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<DocumentStore> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 30_000,
  });
  // An idle connection the server drops (a restart) is replaced on the next query; never a crash.
  pool.on('error', () => {});
  try {
    await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(SCHEMA);
    });
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(
      `PostgreSQL at ${serverOf(options.url)} cannot be used (${reasonOf(error)}): start it, or set DATABASE_URL to a database this instance can reach.`,
    );
  }
  // Tokens never change once a document exists, so an instance keeps those it has read.
  const known = new Map<string, DocumentTokens>();

  const tokens = async (name: string): Promise<DocumentTokens | undefined> => {
    const cached = known.get(name);
    if (cached !== undefined) return cached;
    const { rows } = await pool.query<TokenRow>(
      'SELECT edit_token, view_token FROM scorelane_documents WHERE name = $1',
      [name],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    const found = { edit: row.edit_token, view: row.view_token };
    known.set(name, found);
    return found;
  };

  return {
    tokens,
    async ensureDocument(name, seed) {
      const existing = await tokens(name);
      if (existing !== undefined) return existing;
      const fresh = { edit: newAccessToken(), view: newAccessToken() };
      // The second of two concurrent inserts waits for the first to commit, then does nothing.
      const created = await inTransaction(pool, async (client) => {
        const inserted = await client.query(
          'INSERT INTO scorelane_documents (name, edit_token, view_token) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
          [name, fresh.edit, fresh.view],
        );
        if (inserted.rowCount !== 1) return false;
        await client.query('INSERT INTO scorelane_updates (name, data) VALUES ($1, $2)', [
          name,
          Buffer.from(seed()),
        ]);
        return true;
      });
      if (created) {
        known.set(name, fresh);
        return fresh;
      }
      const winner = await tokens(name);
      if (winner === undefined) throw new Error(`The document "${name}" vanished while created.`);
      return winner;
    },
    async updates(name) {
      const { rows } = await pool.query<UpdateRow>(
        'SELECT id, data FROM scorelane_updates WHERE name = $1 ORDER BY id',
        [name],
      );
      return rows.map((row) => new Uint8Array(row.data));
    },
    async append(name, update) {
      await pool.query('INSERT INTO scorelane_updates (name, data) VALUES ($1, $2)', [
        name,
        Buffer.from(update),
      ]);
    },
    compact: (name) =>
      inTransaction(pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtext('scorelane:' || $1))", [name]);
        const { rows } = await client.query<UpdateRow>(
          'SELECT id, data FROM scorelane_updates WHERE name = $1 ORDER BY id',
          [name],
        );
        if (rows.length < 2) return 0;
        const { snapshot, merged } = storedSnapshot(
          rows.map((row) => ({ id: row.id, data: new Uint8Array(row.data) })),
        );
        if (merged.length < 2) return 0;
        await client.query('DELETE FROM scorelane_updates WHERE id = ANY($1::bigint[])', [merged]);
        await client.query('INSERT INTO scorelane_updates (name, data) VALUES ($1, $2)', [
          name,
          Buffer.from(snapshot),
        ]);
        return merged.length;
      }),
    close: () => pool.end(),
  };
}

/** Runs `work` in one transaction on one connection of the pool; rolls back when it throws. */
async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A connection that failed is dropped, not handed to the next caller.
    client.release(failure);
  }
}

/** `host:port/database` of a URL, without its user or password. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
