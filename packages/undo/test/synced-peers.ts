/**
 * Two real Yjs documents kept in sync the way a provider does it: each sends
 * the other what it is missing (`encodeStateAsUpdate` against the other's
 * state vector), applied with a remote origin. No provider, no mock.
 */

import * as Y from 'yjs';

/** The origin remote updates are applied with; an undo controller never tracks it. */
export const remoteOrigin = Object.freeze({ name: 'remote provider' });

/** The origin the local person's edits are made with, as an editor binding would. */
export const userOrigin = Object.freeze({ name: 'local user' });

export interface SyncedPeers {
  /** The document the undo controller runs on. */
  readonly local: Y.Doc;
  /** A collaborator's document. */
  readonly remote: Y.Doc;
  /** Exchanges missing updates both ways. */
  sync(): void;
}

/** Two documents, synced once so they start from the same state. */
export function createSyncedPeers(): SyncedPeers {
  const local = new Y.Doc();
  const remote = new Y.Doc();
  const send = (from: Y.Doc, to: Y.Doc): void => {
    const update = Y.encodeStateAsUpdate(from, Y.encodeStateVector(to));
    Y.applyUpdate(to, update, remoteOrigin);
  };
  const sync = (): void => {
    send(local, remote);
    send(remote, local);
  };
  return { local, remote, sync };
}
