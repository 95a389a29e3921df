/**
 * A peer of a server document in Node: the real Hocuspocus provider (over
 * the `ws` package) with a token, synced before it is returned. The tests
 * use it as a tampered client or to reach a server through a proxy.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

/** A synced peer: its Y.Doc, its provider, and `destroy` (the test calls it). */
export interface NodePeer {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  destroy(): void;
}

/** Joins document `name` at socket `url` with `token`; resolves once synced. */
export async function joinAsPeer(url: string, name: string, token: string): Promise<NodePeer> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name,
    token,
    document: doc,
  });
  provider.attach();
  await new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  return {
    doc,
    provider,
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}
