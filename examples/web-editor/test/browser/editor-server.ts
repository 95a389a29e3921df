/**
 * Builds the editor with Vite (the production bundle, as `npm run build`
 * makes it) into a temporary folder and serves it on 127.0.0.1 (a secure
 * context, as WebMCP needs) on a port the OS picks.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { buildEditor } from './editor-build.ts';

/** A running editor: its URL, and how to stop it. */
export interface EditorServer {
  readonly url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Builds and serves the editor; the test closes it. */
export async function serveEditor(): Promise<EditorServer> {
  const built = await buildEditor();
  const outDir = built.dir;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir)) {
      response.statusCode = 403;
      response.end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
      response.end(body);
    } catch {
      response.statusCode = 404;
      response.end();
    }
  });
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
