/**
 * Serves a folder of static files (a built web editor) at `/`, so the server
 * that serves a document's links also serves the page they open, and the
 * page's WebSocket and `/mcp` are on its own origin. Only GET and HEAD; a
 * path that leaves the folder (`..`, encoded or not, or a symbolic link out
 * of it), a folder, or a missing file is a 404; `/` is `index.html`.
 */
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** Content types by extension; anything else is `application/octet-stream`. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/** What a request for a path of the folder comes to. */
export type StaticTarget =
  | { readonly kind: 'file'; readonly path: string; readonly contentType: string }
  | { readonly kind: 'not-found' };

/**
 * A folder served over HTTP.
 *
 * @example
 * ```ts
 * const files = staticFiles('examples/web-editor/dist');
 * http.createServer((req, res) => files.handle(req, res));
 * ```
 */
export interface StaticFiles {
  /** The folder, as its real path. */
  readonly root: string;
  /** The file a URL path names inside the folder, or not-found. */
  resolve(urlPath: string): StaticTarget;
  /** Answers a request: the file (GET, HEAD), 404, or 405 for another method. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Serves `folder`; throws a TypeError when it has no `index.html` (it is not a built editor).
 *
 * @example
 * ```ts
 * staticFiles('dist').resolve('/assets/../../secret'); // { kind: 'not-found' }
 * ```
 */
export function staticFiles(folder: string): StaticFiles {
  const root = existsSync(folder) ? realpathSync(resolve(folder)) : resolve(folder);
  if (!existsSync(join(root, 'index.html'))) {
    throw new TypeError(
      `The editor folder ${folder} has no index.html: build the web editor first (npm run build -w @scorelane/web-editor) and name its dist folder.`,
    );
  }
  const resolveTarget = (urlPath: string) => targetOf(root, urlPath);
  return {
    root,
    resolve: resolveTarget,
    handle: (req, res) => answer(resolveTarget, req, res),
  };
}

function targetOf(root: string, urlPath: string): StaticTarget {
  const relative = decodedPath(urlPath);
  if (relative === null) return { kind: 'not-found' };
  const candidate = resolve(root, `.${sep}${relative === '/' ? 'index.html' : relative}`);
  if (!inside(root, candidate) || !existsSync(candidate)) return { kind: 'not-found' };
  const real = realpathSync(candidate);
  if (!inside(root, real) || !statSync(real).isFile()) return { kind: 'not-found' };
  return {
    kind: 'file',
    path: real,
    contentType: CONTENT_TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream',
  };
}

/** The URL path decoded, or null when it cannot name a file (bad escapes, NUL, backslashes). */
function decodedPath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  return decoded;
}

function inside(root: string, path: string): boolean {
  return path.startsWith(root + sep);
}

function answer(
  resolveTarget: (urlPath: string) => StaticTarget,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Only GET and HEAD are served here.\n');
    return;
  }
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const target = resolveTarget(path);
  if (target.kind === 'not-found') {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found.\n');
    return;
  }
  res.writeHead(200, {
    'Content-Type': target.contentType,
    'Content-Length': statSync(target.path).size,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(target.path)
    .on('error', () => res.destroy())
    .pipe(res);
}
