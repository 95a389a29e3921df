/**
 * Opens the Y.Doc the URL names: the example on its own, or a document of the
 * collaboration server.
 */
import * as Y from 'yjs';
import { joinCollabDocument } from './collab-connection.ts';
import type { JoinedDocument } from './collaboration.ts';
import { documentSourceFrom } from './document-source.ts';
import type { Role } from './editor-role.ts';
import { seedExampleScore } from './example-score.ts';
import { type OpenedHead, openHandedOverFile } from './opened-file.ts';
import { importInWorker } from './worker-import.ts';

/** An opened document, or why it could not be opened. */
export type OpenedDocument =
  | {
      readonly ok: true;
      readonly doc: Y.Doc;
      readonly name: string;
      readonly role: Role;
      /** Set when the document is the collaboration server's. */
      readonly joined?: JoinedDocument;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Opens the document of the page URL's query string (`location.search`);
 * `onWaiting` hears what a join waits for, `onHead` the head of a long file
 * opened from disk, before the whole file is in the document (which waits
 * for the promise `onHead` answers, see `openHandedOverFile`).
 *
 * @example
 * ```ts
 * const opened = await openDocument(location.search, (message) => showStatus(page, message));
 * if (opened.ok) openScore(opened.doc);
 * ```
 */
export async function openDocument(
  search: string,
  onWaiting?: (message: string) => void,
  onHead?: (head: OpenedHead) => Promise<unknown> | undefined,
): Promise<OpenedDocument> {
  const source = documentSourceFrom(search);
  const doc = new Y.Doc();
  switch (source.kind) {
    case 'invalid':
      return { ok: false, message: source.message };
    case 'standalone': {
      // A file opened from disk on the previous load of the page, else the example.
      const file = await openHandedOverFile(doc, sessionStorage, importInWorker, onHead);
      if (file !== null) return file;
      seedExampleScore(doc);
      return { ok: true, doc, name: 'Example (on this page only)', role: 'editor' };
    }
    case 'collab': {
      const joined = await joinCollabDocument(doc, source.name, source.token, onWaiting);
      if (!joined.ok) return { ok: false, message: joined.message };
      return {
        ok: true,
        doc,
        name: source.name,
        role: joined.role,
        joined: { name: source.name, token: source.token, connection: joined },
      };
    }
  }
}
