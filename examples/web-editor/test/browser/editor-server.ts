/**
 * Builds the editor with Vite (the production bundle, as `npm run build`
 * makes it) into a temporary folder and serves it on 127.0.0.1 (a secure
 * context, as WebMCP needs) on a port the OS picks, with no collaboration
 * server behind it: the standalone example. The files are served as the
 * collaboration server serves them (`staticFiles`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { staticFiles } from '@scorelane/collab-server';
import { buildEditor } from './editor-build.ts';

/** A running editor: its URL, and how to stop it. */
export interface EditorServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Builds and serves the editor; the test closes it. */
export async function serveEditor(): Promise<EditorServer> {
  const built = await buildEditor();
  const files = staticFiles(built.dir);
  const server = createServer((request, response) => files.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await closeServer(server);
      built.remove();
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
