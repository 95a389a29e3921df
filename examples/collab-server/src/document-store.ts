/**
 * The documents on disk: one SQLite file (better-sqlite3, WAL) that every
 * server instance of a deployment opens. It keeps, per document, its two
 * access tokens and its Yjs updates. Every update is appended as it arrives,
 * inside the Y.Doc's own `update` event, so it is on disk before Hocuspocus
 * acknowledges it to the client; `compact` later merges a document's rows
 * into one.
 */
import Database from 'better-sqlite3';
import * as Y from 'yjs';
import { newAccessToken } from './access-token.ts';

/** A document's two secrets. */
export interface DocumentTokens {
  readonly edit: string;
  readonly view: string;
}

/**
 * How hard SQLite works to keep a commit: `normal` survives a crash of the
 * server process (WAL), `full` also a power cut (an fsync per write).
 */
export type Durability = 'normal' | 'full';

/**
 * Options for {@link openDocumentStore}.
 *
 * @example
 * ```ts
 * const options: DocumentStoreOptions = { path: 'scores.db', durability: 'full' };
 * ```
 */
export interface DocumentStoreOptions {
  /** The SQLite file; `:memory:` for a store that lives as long as the process. */
  readonly path: string;
  /** Default `normal`. */
  readonly durability?: Durability;
}

/**
 * The document store. All calls are synchronous (better-sqlite3) and safe to
 * make from several processes on the same file.
 *
 * @example
 * ```ts
 * const store = openDocumentStore({ path: 'scores.db' });
 * const tokens = store.ensureDocument('ode', seedExampleScore);
 * store.close();
 * ```
 */
export interface DocumentStore {
  /**
   * The document's tokens; when it does not exist yet, creates it in one
   * write transaction (tokens and `seed()`'s update), so of two instances
   * or connections opening a new document at once, exactly one seeds it.
   */
  ensureDocument(name: string, seed: () => Uint8Array): DocumentTokens;
  /** The document's tokens, or undefined for a document never created. */
  tokens(name: string): DocumentTokens | undefined;
  /** Every stored update of the document, oldest first. */
  updates(name: string): Uint8Array[];
  /** Appends one update; it is on disk when this returns. */
  append(name: string, update: Uint8Array): void;
  /** Merges the document's stored updates into one row; returns how many rows it merged. */
  compact(name: string): number;
  close(): void;
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
 * Opens (and creates) the store at `options.path`.
 *
 * @example
 * ```ts
 * const store = openDocumentStore({ path: ':memory:' });
 * ```
 */
export function openDocumentStore(options: DocumentStoreOptions): DocumentStore {
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
  const deleteUpTo = db.prepare<[string, number]>('DELETE FROM updates WHERE name = ? AND id <= ?');

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

  const compact = db.transaction((name: string): number => {
    const rows = selectUpdates.all(name);
    if (rows.length < 2) return 0;
    const merged = Y.mergeUpdates(rows.map((row) => new Uint8Array(row.data)));
    deleteUpTo.run(name, rows.at(-1)!.id);
    insertUpdate.run(name, Buffer.from(merged));
    return rows.length;
  });

  return {
    // IMMEDIATE: the write lock is taken before the read, so two processes never both seed.
    ensureDocument: (name, seed) => ensure.immediate(name, seed),
    tokens: tokensOf,
    updates: (name) => selectUpdates.all(name).map((row) => new Uint8Array(row.data)),
    append: (name, update) => {
      insertUpdate.run(name, Buffer.from(update));
    },
    compact: (name) => compact.immediate(name),
    close: () => db.close(),
  };
}
