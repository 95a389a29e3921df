/**
 * Serves a test page on 127.0.0.1 (a secure context, as WebMCP needs) on a
 * port the OS picks: one HTML document and its script, bundled with esbuild
 * from the TypeScript sources of this repository's packages.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** A running page server: its URL, and how to close it. */
export interface PageServer {
  readonly url: string;
  close(): Promise<void>;
}

const HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>webmcp-bridge test page</title></head>
  <body>
    <p id="webmcp-status">loading</p>
    <button id="stage" type="button">Click me</button>
    <script type="module" src="/page.js"></script>
  </body>
</html>
`;

/** Bundles `entry` (a path relative to this folder) for the browser. */
async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error(`esbuild produced nothing for ${entry}`);
  return output.text;
}

/** Starts the server for the page whose script is `entry`; the test closes it. */
export async function servePage(entry: string): Promise<PageServer> {
  const script = await bundle(entry);
  const server = createServer((request, response) => {
    // WebMCP wants an origin-keyed agent cluster; Chromium gives one by default, this makes it explicit.
    response.setHeader('Origin-Agent-Cluster', '?1');
    if (request.url?.startsWith('/page.js')) {
      response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      response.end(script);
    } else if (request.url === '/' || request.url?.startsWith('/?')) {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(HTML);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}
