/**
 * Real Hocuspocus provider clients for the tests, in Node (the `ws` package
 * stands in for the browser's WebSocket).
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

/** A client on one document. */
export interface TestClient {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  /** Resolves once every local change was acknowledged by the server. */
  acknowledged(): Promise<void>;
  destroy(): void;
}

/** Options of {@link connectClient}. */
export interface ClientOptions {
  /** Resolve before sync (for clients the server refuses). */
  readonly waitForSync?: boolean;
  readonly onAuthenticationFailed?: (reason: string) => void;
}

/** Connects a provider to `url` for document `name` with `token`; resolves once synced. */
export async function connectClient(
  url: string,
  name: string,
  token: string,
  options: ClientOptions = {},
): Promise<TestClient> {
  const doc = new Y.Doc();
  const websocketProvider = new HocuspocusProviderWebsocket({
    url,
    WebSocketPolyfill: WebSocket,
  });
  const provider = new HocuspocusProvider({
    websocketProvider,
    name,
    token,
    document: doc,
    onAuthenticationFailed: ({ reason }) => options.onAuthenticationFailed?.(reason),
  });
  provider.attach();
  if (options.waitForSync !== false) {
    await new Promise<void>((resolve) => {
      if (provider.isSynced) resolve();
      else provider.on('synced', () => resolve());
    });
  }
  return {
    doc,
    provider,
    acknowledged: () => untilAcknowledged(provider),
    destroy: () => {
      provider.destroy();
      websocketProvider.destroy();
    },
  };
}

function untilAcknowledged(provider: HocuspocusProvider): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (provider.unsyncedChanges === 0) {
        provider.off('unsyncedChanges', check);
        resolve();
      }
    };
    provider.on('unsyncedChanges', check);
    check();
  });
}

/** Resolves once `test()` holds, checking after each change of `doc`. */
export function until(doc: Y.Doc, test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (test()) {
        doc.off('update', check);
        resolve();
      }
    };
    doc.on('update', check);
    check();
  });
}

/** Resolves once `test()` holds, checked now and after each awareness change `client` sees. */
export function untilAwareness(client: TestClient, test: () => boolean): Promise<void> {
  const awareness = client.provider.awareness!;
  return new Promise((resolve) => {
    const check = () => {
      if (!test()) return;
      awareness.off('change', check);
      resolve();
    };
    awareness.on('change', check);
    check();
  });
}
