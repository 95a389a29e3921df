/**
 * The SQLite document store (better-sqlite3, WAL): one file that every
 * server instance on one host opens. Calls run synchronously inside; the
 * store answers through promises so that it and the PostgreSQL store are
 * one interface.
 */
import Database from 'better-sqlite3';
import { newAccessToken } from './access-token.ts';
import type { DocumentStore, DocumentTokens, Durability } from './document-store.ts';
import { storedSnapshot } from './stored-snapshot.ts';

/**
 * Options for {@link openSqliteStore}.
 *
 * @example
 * ```ts
 * const options: SqliteStoreOptions = { path: 'scores.db', durability: 'full' };
 * ```
 */
export interface SqliteStoreOptions {
  /** The SQLite file; `:memory:` for a store that lives as long as the process. */
  readonly path: string;
  /** Default `normal`. */
  readonly durability?: Durability;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS documents (
  name TEXT PRIMARY KEY,
  edit_token TEXT NOT NULL,
  view_token TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS updates (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL REFERENCES documents(name),
  data BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS updates_by_name ON updates(name, id);
`;

interface TokenRow {
  readonly edit_token: string;
  readonly view_token: string;
}

interface UpdateRow {
  readonly id: number;
  readonly data: Buffer;
}

/**
 * Opens (and creates) the SQLite store at `options.path`.
 *
 * @example
 * ```ts
 * const store = openSqliteStore({ path: ':memory:' });
 * await store.ensureDocument('ode', exampleScoreUpdate);
 * ```
 */
export function openSqliteStore(options: SqliteStoreOptions): DocumentStore {
  const db = new Database(options.path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.durability === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const selectTokens = db.prepare<[string], TokenRow>(
    'SELECT edit_token, view_token FROM documents WHERE name = ?',
  );
  const insertDocument = db.prepare<[string, string, string, string]>(
    'INSERT INTO documents (name, edit_token, view_token, created_at) VALUES (?, ?, ?, ?)',
  );
  const selectUpdates = db.prepare<[string], UpdateRow>(
    'SELECT id, data FROM updates WHERE name = ? ORDER BY id',
  );
  const insertUpdate = db.prepare<[string, Buffer]>(
    'INSERT INTO updates (name, data) VALUES (?, ?)',
  );
  const deleteRow = db.prepare<[number]>('DELETE FROM updates WHERE id = ?');

  const tokensOf = (name: string): DocumentTokens | undefined => {
    const row = selectTokens.get(name);
    return row === undefined ? undefined : { edit: row.edit_token, view: row.view_token };
  };

  const ensure = db.transaction((name: string, seed: () => Uint8Array): DocumentTokens => {
    const existing = tokensOf(name);
    if (existing !== undefined) return existing;
    const tokens = { edit: newAccessToken(), view: newAccessToken() };
    insertDocument.run(name, tokens.edit, tokens.view, new Date().toISOString());
    insertUpdate.run(name, Buffer.from(seed()));
    return tokens;
  });

  // One IMMEDIATE transaction: no other writer runs between the read and the delete.
  const compact = db.transaction((name: string): number => {
    const rows = selectUpdates.all(name);
    if (rows.length < 2) return 0;
    const { snapshot, merged } = storedSnapshot(
      rows.map((row) => ({ id: row.id, data: new Uint8Array(row.data) })),
    );
    if (merged.length < 2) return 0;
    for (const id of merged) deleteRow.run(id);
    insertUpdate.run(name, Buffer.from(snapshot));
    return merged.length;
  });

  return {
    // IMMEDIATE: the write lock is taken before the read, so two processes never both seed.
    ensureDocument: async (name, seed) => ensure.immediate(name, seed),
    tokens: async (name) => tokensOf(name),
    updates: async (name) => selectUpdates.all(name).map((row) => new Uint8Array(row.data)),
    append: async (name, update) => {
      insertUpdate.run(name, Buffer.from(update));
    },
    compact: async (name) => compact.immediate(name),
    close: async () => {
      db.close();
    },
  };
}
