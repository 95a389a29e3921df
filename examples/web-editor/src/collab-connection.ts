/**
 * The seam for the collaboration server (`examples/collab-server`): joining a
 * document through `@hocuspocus/provider` with its edit or view link. The
 * server is not in this repository yet, so joining says so instead of
 * pretending. The next step replaces `joinCollabDocument` with a
 * `HocuspocusProvider({ url, name, token, document: doc })`: the server's
 * WebSocket (`ws://` on the host and port that serve the links), the link's
 * `doc` and `token`; its edit token gives a read-write connection, its view
 * token a read-only one (`role` 'editor' or 'viewer'), a wrong one is refused.
 * The page resolves once the provider has synced. The rest of the editor
 * (engraving on every update, tools, undo) works unchanged on the synced doc.
 */
import type * as Y from 'yjs';
import type { Role } from './editor-role.ts';

/** A joined document: synced, with the role the token grants. */
export interface CollabConnection {
  readonly role: Role;
  /** Leaves the document. */
  disconnect(): void;
}

/** Why a document could not be joined, for the status line. */
export interface CollabFailure {
  readonly ok: false;
  readonly message: string;
}

/** Joins document `name` with `token` into `doc`, or says why it cannot. */
export async function joinCollabDocument(
  _doc: Y.Doc,
  name: string,
  _token: string,
): Promise<({ readonly ok: true } & CollabConnection) | CollabFailure> {
  return {
    ok: false,
    message: `This build of the editor cannot join "${name}" yet: the collaboration server is not part of it. Open the editor without ?doc= to edit the example on your own.`,
  };
}
