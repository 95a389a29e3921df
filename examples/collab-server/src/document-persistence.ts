/**
 * The Hocuspocus extension that keeps documents in the {@link DocumentStore}
 * (SQLite or PostgreSQL), and the guarantee it gives: **an update is stored
 * before anyone is told it was taken.**
 *
 * - On load it creates a document never seen before (tokens and the example
 *   score, once, in one transaction), then applies every stored update. A
 *   document that loads from many rows is compacted in the background.
 * - A client's update is stored in `beforeHandleMessage`, which Hocuspocus
 *   awaits before it applies the message, and it sends the client its sync
 *   acknowledgement only after applying it: so an acknowledged update is
 *   committed, and an update whose store fails is neither applied, relayed,
 *   nor acknowledged. The client is told by the close of its socket
 *   ({@link CLOSE_STORAGE_UNAVAILABLE}); its provider keeps the change,
 *   reconnects, and sends it again, which stores it once the database is back.
 * - The server's own writes (agents') are appended in order, as the Y.Doc
 *   takes them; {@link DocumentPersistence.stored} resolves once they are
 *   committed, and the agent endpoint awaits it before answering a call. One
 *   the store refused is kept and tried again with the next write.
 * - Updates relayed by Redis from another instance are skipped: that
 *   instance stored them, in the same database.
 * - `onStoreDocument` (Hocuspocus's debounced save) merges the stored rows.
 */
import {
  type beforeHandleMessagePayload,
  Connection,
  type Extension,
  MessageType,
  type onLoadDocumentPayload,
  type onStoreDocumentPayload,
} from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import type { DocumentStore } from './document-store.ts';
import { exampleScoreUpdate } from './example-score.ts';
import { reasonOf } from './failure-reason.ts';
import { frameHeader } from './hocuspocus-frame.ts';

/**
 * The WebSocket close code a client gets when its update could not be
 * stored: nothing of it was taken, and its provider sends it again on
 * reconnecting.
 *
 * @example
 * ```ts
 * socket.on('close', (code) => code === CLOSE_STORAGE_UNAVAILABLE && showOffline());
 * ```
 */
export const CLOSE_STORAGE_UNAVAILABLE = 4503;

/** A document loaded from more rows than this is compacted in the background. */
const COMPACT_AFTER_ROWS = 200;

/** The origin of updates read back from the store. */
const LOADED = Symbol('loaded from the document store');

/** y-protocols' sync step 2 and update, the sync messages that carry a Yjs update. */
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/**
 * The persistence extension, and when the server's own writes are stored.
 *
 * @example
 * ```ts
 * const persistence = documentPersistence(store, { relayedOrigins: [redis.redisTransactionOrigin] });
 * new Hocuspocus({ extensions: [persistence] });
 * await persistence.stored('ode');
 * ```
 */
export interface DocumentPersistence extends Extension {
  /**
   * Resolves once every update the server itself made to document `name`
   * (an agent's) is committed; rejects with the store's error when one is
   * not (it is kept, and tried again with the next write).
   */
  stored(name: string): Promise<void>;
}

/** Options of {@link documentPersistence}. */
interface PersistenceOptions {
  /** Transaction origins of updates another instance stored (Redis's). */
  readonly relayedOrigins?: readonly unknown[];
  /** Told about what the server survived: a stored update Yjs cannot read, a failed write or compaction. */
  readonly onWarning?: (message: string) => void;
}

interface Writes {
  tail: Promise<void>;
  readonly unstored: Uint8Array[];
  error: unknown;
}

/**
 * Creates the persistence extension over `store`.
 *
 * @example
 * ```ts
 * new Hocuspocus({ extensions: [documentPersistence(store)] });
 * ```
 */
export function documentPersistence(
  store: DocumentStore,
  options: PersistenceOptions = {},
): DocumentPersistence {
  const relayed = new Set<unknown>([LOADED, ...(options.relayedOrigins ?? [])]);
  const warn = options.onWarning ?? (() => {});
  const writes = new Map<string, Writes>();

  const writesOf = (name: string): Writes => {
    let entry = writes.get(name);
    if (entry === undefined) {
      entry = { tail: Promise.resolve(), unstored: [], error: undefined };
      writes.set(name, entry);
    }
    return entry;
  };
  // One write at a time per document, oldest first; what fails stays queued for the next.
  const drain = (name: string, entry: Writes) => {
    entry.tail = entry.tail.then(async () => {
      try {
        while (entry.unstored.length > 0) {
          await store.append(name, entry.unstored[0]!);
          entry.unstored.shift();
        }
        entry.error = undefined;
      } catch (error) {
        entry.error = error;
        warn(
          `Could not store an update of "${name}" (${reasonOf(error)}); it is tried again with the next write.`,
        );
      }
    });
    return entry.tail;
  };
  const compactNow = (name: string) =>
    store.compact(name).catch((error: unknown) => {
      warn(`Could not compact "${name}" (${reasonOf(error)}); its rows stay as they are.`);
      return 0;
    });

  return {
    extensionName: 'DocumentPersistence',
    async onLoadDocument({ documentName, document }: onLoadDocumentPayload) {
      await store.ensureDocument(documentName, exampleScoreUpdate);
      const rows = await store.updates(documentName);
      for (const update of rows) {
        applyStored(document, update, () =>
          warn(`Skipped a stored update of "${documentName}" that Yjs cannot read.`),
        );
      }
      if (rows.length > COMPACT_AFTER_ROWS) void compactNow(documentName);
      document.on('update', (update: Uint8Array, origin: unknown) => {
        // A connection's update was stored before it was applied (beforeHandleMessage).
        if (relayed.has(origin) || origin instanceof Connection) return;
        const entry = writesOf(documentName);
        entry.unstored.push(update);
        void drain(documentName, entry);
      });
    },
    async beforeHandleMessage({
      connection,
      documentName,
      document,
      update,
    }: beforeHandleMessagePayload) {
      // Hocuspocus refuses a read-only connection's updates itself: nothing to store, nor to decode.
      if (connection.readOnly) return;
      const carried = carriedUpdate(update);
      if (carried === undefined) return;
      if (
        carried.type === SYNC_STEP_2 &&
        Y.snapshotContainsUpdate(Y.snapshot(document), carried.update)
      )
        return;
      try {
        await store.append(documentName, carried.update);
      } catch (error) {
        warn(`Refused an update of "${documentName}": the store failed (${reasonOf(error)}).`);
        connection.webSocket.close(
          CLOSE_STORAGE_UNAVAILABLE,
          'The database is unreachable: this change was not stored. Reconnect to send it again.',
        );
        // Held for good: the message is never applied, so it is never acknowledged or relayed.
        return new Promise<never>(() => {});
      }
    },
    async onStoreDocument({ documentName }: onStoreDocumentPayload) {
      const entry = writes.get(documentName);
      if (entry !== undefined) await drain(documentName, entry);
      await compactNow(documentName);
    },
    async afterUnloadDocument({ documentName }) {
      const entry = writes.get(documentName);
      if (entry !== undefined && entry.unstored.length > 0) {
        warn(`"${documentName}" unloaded with ${entry.unstored.length} server writes not stored.`);
      }
      writes.delete(documentName);
    },
    async stored(name) {
      const entry = writes.get(name);
      if (entry === undefined) return;
      await entry.tail;
      if (entry.unstored.length > 0) await drain(name, entry);
      if (entry.unstored.length > 0) throw entry.error;
    },
  };
}

/** The Yjs update a client's message carries (sync step 2 or update), or undefined for any other message or a malformed one. */
function carriedUpdate(message: Uint8Array): { type: number; update: Uint8Array } | undefined {
  const header = frameHeader(message);
  if (header === undefined) return undefined;
  if (header.type !== MessageType.Sync && header.type !== MessageType.SyncReply) return undefined;
  try {
    const decoder = decoding.createDecoder(message.subarray(header.body));
    const type = decoding.readVarUint(decoder);
    if (type !== SYNC_STEP_2 && type !== SYNC_UPDATE) return undefined;
    const update = decoding.readVarUint8Array(decoder);
    // Not a Yjs update: never stored, and Hocuspocus refuses it when it reads it.
    Y.decodeUpdate(update);
    return { type, update };
  } catch {
    return undefined;
  }
}

/** Applies one stored update; one that Yjs cannot read is skipped, so one bad row never makes a document unopenable. */
function applyStored(doc: Y.Doc, update: Uint8Array, onSkipped: () => void): void {
  try {
    Y.applyUpdate(doc, update, LOADED);
  } catch {
    onSkipped();
  }
}
