/**
 * The Hocuspocus extension that keeps documents in the {@link DocumentStore}.
 *
 * - On load it creates a document never seen before (tokens and the example
 *   score, once, in one transaction), then applies every stored update.
 * - While loaded, every update the document takes from a client or from the
 *   server's own writes (the agent's) is appended synchronously, inside the
 *   Y.Doc's `update` event: Hocuspocus sends a client its sync acknowledgement
 *   only after applying the update, so an acknowledged write is on disk, and
 *   a crash right after it loses nothing.
 * - Updates relayed by Redis from another instance are skipped: that instance
 *   stored them, in the same database.
 * - `onStoreDocument` (Hocuspocus's debounced save) merges the stored rows.
 */
import type { Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { DocumentStore } from './document-store.ts';
import { exampleScoreUpdate } from './example-score.ts';

/** The origin of updates read back from the store. */
const LOADED = Symbol('loaded from the document store');

/**
 * The persistence extension.
 *
 * @example
 * ```ts
 * new Hocuspocus({ extensions: [sqlitePersistence(store, { relayedOrigins: [redis.redisTransactionOrigin] })] });
 * ```
 */
export function sqlitePersistence(
  store: DocumentStore,
  options: {
    readonly relayedOrigins?: readonly unknown[];
    readonly onSkipped?: (name: string) => void;
  } = {},
): Extension {
  const relayed = new Set<unknown>([LOADED, ...(options.relayedOrigins ?? [])]);
  return {
    extensionName: 'SqlitePersistence',
    async onLoadDocument({ documentName, document }: onLoadDocumentPayload) {
      store.ensureDocument(documentName, exampleScoreUpdate);
      for (const update of store.updates(documentName)) {
        applyStored(document, update, () => options.onSkipped?.(documentName));
      }
      document.on('update', (update: Uint8Array, origin: unknown) => {
        if (!relayed.has(origin)) store.append(documentName, update);
      });
    },
    async onStoreDocument({ documentName }: onStoreDocumentPayload) {
      store.compact(documentName);
    },
  };
}

/** Applies one stored update; one that Yjs cannot read is skipped, so one bad row never makes a document unopenable. */
function applyStored(doc: Y.Doc, update: Uint8Array, onSkipped: () => void): void {
  try {
    Y.applyUpdate(doc, update, LOADED);
  } catch {
    onSkipped();
  }
}
