/**
 * Where documents are kept: one interface, two stores. SQLite (one file,
 * the default, for one host) and PostgreSQL (a `postgres://` URL, for
 * several hosts). Both keep, per document, its two access tokens and its
 * Yjs updates (the score, its activity log, its oversight settings and
 * proposals are all shared types of the Y.Doc, so they are kept with it);
 * both create a new document (tokens and seed) in one transaction, so of
 * two instances opening it at once exactly one seeds it; both merge a
 * document's stored updates into one row on `compact`.
 */
import { openPostgresStore } from './postgres-store.ts';
import { openSqliteStore } from './sqlite-store.ts';

/** A document's two secrets. */
export interface DocumentTokens {
  readonly edit: string;
  readonly view: string;
}

/**
 * How hard SQLite works to keep a commit: `normal` survives a crash of the
 * server process (WAL), `full` also a power cut (an fsync per write).
 * PostgreSQL commits as its own server is configured (`synchronous_commit`).
 */
export type Durability = 'normal' | 'full';

/**
 * Options for {@link openDocumentStore}.
 *
 * @example
 * ```ts
 * const options: DocumentStoreOptions = { database: 'scores.db', durability: 'full' };
 * ```
 */
export interface DocumentStoreOptions {
  /**
   * A SQLite file (`:memory:` for a store that lives as long as the
   * process), or a `postgres://` (or `postgresql://`) URL.
   */
  readonly database: string;
  /** SQLite only; default `normal`. */
  readonly durability?: Durability;
}

/**
 * The document store. Every call is asynchronous (PostgreSQL answers over
 * the network) and safe to make from several processes or hosts at once.
 *
 * @example
 * ```ts
 * const store = await openDocumentStore({ database: 'scores.db' });
 * const tokens = await store.ensureDocument('ode', exampleScoreUpdate);
 * await store.close();
 * ```
 */
export interface DocumentStore {
  /**
   * The document's tokens; when it does not exist yet, creates it in one
   * transaction (tokens and `seed()`'s update), so of two instances or
   * connections opening a new document at once, exactly one seeds it.
   */
  ensureDocument(name: string, seed: () => Uint8Array): Promise<DocumentTokens>;
  /** The document's tokens, or undefined for a document never created. */
  tokens(name: string): Promise<DocumentTokens | undefined>;
  /** Every stored update of the document, in the order they were stored. */
  updates(name: string): Promise<Uint8Array[]>;
  /** Appends one update; it is committed when the promise resolves. */
  append(name: string, update: Uint8Array): Promise<void>;
  /**
   * Merges the document's stored updates into one row, in one transaction
   * (an update appended meanwhile stays a row of its own); returns how many
   * rows it merged (0 when there was nothing to merge).
   */
  compact(name: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Whether `database` names a PostgreSQL database rather than a SQLite file.
 *
 * @example
 * ```ts
 * isPostgresUrl('postgres://db.internal/scorelane'); // true
 * isPostgresUrl('scores.db'); // false
 * ```
 */
export function isPostgresUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//i.test(database);
}

/**
 * Opens the store that `options.database` names: PostgreSQL for a
 * `postgres://` URL (rejects with one sentence when it cannot connect),
 * else the SQLite file (created when missing).
 *
 * @example
 * ```ts
 * const local = await openDocumentStore({ database: ':memory:' });
 * const shared = await openDocumentStore({ database: 'postgres://scorelane@db.internal/scorelane' });
 * ```
 */
export async function openDocumentStore(options: DocumentStoreOptions): Promise<DocumentStore> {
  if (isPostgresUrl(options.database)) return openPostgresStore({ url: options.database });
  return openSqliteStore({
    path: options.database,
    ...(options.durability === undefined ? {} : { durability: options.durability }),
  });
}
