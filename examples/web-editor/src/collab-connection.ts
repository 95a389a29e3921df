/**
 * Joins a document of the collaboration server (`examples/collab-server`)
 * through `@hocuspocus/provider`, with the token of its edit or view link.
 * The socket is the page's own origin (`ws://` or `wss://`): the server that
 * serves the page serves the document too. The join resolves once the
 * provider has synced; the server's answer to the token decides the role (its
 * `readonly` scope: a view token, read-only at the server; `read-write`: an
 * edit token); a token it refuses ends the join with a message saying so.
 * Remote updates arrive with the provider as their origin, which the page's
 * undo controller does not track, so undo never reverts a collaborator.
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import type { Role } from './editor-role.ts';

/** A joined document: synced, with the role the token grants. */
export interface CollabConnection {
  readonly role: Role;
  /** The provider: its `status` events, its awareness. */
  readonly provider: HocuspocusProvider;
  /** Leaves the document. */
  disconnect(): void;
}

/** Why a document could not be joined, for the status line. */
export interface CollabFailure {
  readonly ok: false;
  readonly message: string;
}

/** The parts of `location` the socket URL comes from. */
export type PageOrigin = Pick<Location, 'protocol' | 'host'>;

/**
 * The collaboration server's WebSocket URL for a page: its own origin, `wss:` under https.
 *
 * @example
 * ```ts
 * collabSocketUrl({ protocol: 'https:', host: 'scores.example:8443' }); // 'wss://scores.example:8443'
 * ```
 */
export function collabSocketUrl(page: PageOrigin): string {
  return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}`;
}

/**
 * The role an authenticated scope grants: `readonly` (a view token) is a viewer.
 *
 * @example
 * ```ts
 * roleOfScope('read-write'); // 'editor'
 * ```
 */
export function roleOfScope(scope: string | undefined): Role {
  return scope === 'read-write' ? 'editor' : 'viewer';
}

/** The message for a token the server refused. */
export function refusedTokenMessage(name: string): string {
  return `The server refused this link’s token for "${name}": it is not the edit or view token of this document. Ask its owner for a fresh link (?doc=NAME&token=TOKEN).`;
}

/**
 * Joins document `name` with `token` into `doc` over `url`, or says why it
 * cannot. Until it has synced, `onWaiting` hears what it is waiting for (the
 * provider keeps retrying a server it cannot reach).
 */
export function joinCollabDocument(
  doc: Y.Doc,
  name: string,
  token: string,
  onWaiting: (message: string) => void = () => {},
  url: string = collabSocketUrl(location),
): Promise<({ readonly ok: true } & CollabConnection) | CollabFailure> {
  return new Promise((resolve) => {
    onWaiting(`Joining "${name}" on the collaboration server…`);
    const provider = new HocuspocusProvider({ url, name, token, document: doc });
    const disconnect = () => provider.destroy();
    const onStatus = ({ status }: { status: string }) => {
      if (status === 'disconnected') {
        onWaiting(`Cannot reach the collaboration server at ${url}; retrying…`);
      }
    };
    provider.on('status', onStatus);
    provider.on('authenticationFailed', () => {
      disconnect();
      resolve({ ok: false, message: refusedTokenMessage(name) });
    });
    const onSynced = () => {
      provider.off('synced', onSynced);
      provider.off('status', onStatus);
      resolve({ ok: true, role: roleOfScope(provider.authorizedScope), provider, disconnect });
    };
    provider.on('synced', onSynced);
  });
}
