/**
 * The editor against the real collaboration server, for every browser test
 * that needs a shared document: the editor built once (Vite), the
 * collaboration server (`@scorelane/collab-server`) started on 127.0.0.1
 * with an OS-picked port, a SQLite file in a temporary folder, and the built
 * editor served at `/` on the same port, so its links open the editor and
 * the page's socket and `/mcp` are on its own origin. Pages open in Debian's
 * Chromium with native WebMCP (`openEditor`), each in a browser of its own;
 * `close()` closes them, the server and the folders.
 *
 * @example
 * ```ts
 * const harness = await startCollabHarness();
 * const links = await harness.links('ode');
 * const alice = await harness.open(links.edit);
 * await alice.call('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq: '…' });
 * await harness.close();
 * ```
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CollabServer, type DocumentLinks, startCollabServer } from '@scorelane/collab-server';
import { type EditorSession, type OpenOptions, openEditor } from './browser-agent.ts';
import { type BuiltEditor, buildEditor } from './editor-build.ts';

/** The server, its editor and the pages a test opened. */
export interface CollabHarness {
  /** The running server (a new one after {@link CollabHarness.restart}). */
  readonly server: CollabServer;
  /** The SQLite file the server keeps documents in. */
  readonly database: string;
  /** Creates document `name` when new (the example score) and gives its edit, view and MCP links. */
  links(name: string): Promise<DocumentLinks>;
  /** Opens `url` in a new Chromium with native WebMCP; closed with the harness. */
  open(url: string, options?: OpenOptions): Promise<EditorSession>;
  /** Closes the server and starts a new one on the same database, port and editor; `whileDown` runs in between. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Closes every page, the server, the built editor and the database folder. */
  close(): Promise<void>;
}

/** Builds the editor (unless given one) and starts the server serving it. */
export async function startCollabHarness(
  options: { readonly editor?: BuiltEditor } = {},
): Promise<CollabHarness> {
  const editor = options.editor ?? (await buildEditor());
  const folder = mkdtempSync(join(tmpdir(), 'web-editor-collab-'));
  const database = join(folder, 'scores.db');
  const start = (port: number) =>
    startCollabServer({ database, port, editorDir: editor.dir, onWarning: () => {} });
  let server = await start(0);
  const sessions: EditorSession[] = [];
  return {
    get server() {
      return server;
    },
    database,
    links: (name) => server.links(name),
    async open(url, openOptions) {
      const session = await openEditor(url, openOptions);
      sessions.push(session);
      return session;
    },
    async restart(whileDown) {
      const { port } = server;
      await server.close();
      await whileDown?.();
      server = await start(port);
    },
    async close() {
      await Promise.all(sessions.map((session) => session.close()));
      await server.close();
      rmSync(folder, { recursive: true, force: true });
      if (options.editor === undefined) editor.remove();
    },
  };
}
