/**
 * `npm run dev` on a shared document: Vite's dev server forwards what the
 * page sends to its own origin for the collaboration server (the
 * Hocuspocus socket at `/`, the MCP endpoint at `/mcp`) to the server
 * named by `COLLAB_SERVER` (default `http://127.0.0.1:8700`, `npm start`'s).
 * Vite's own HMR socket, also at `/`, is told apart by its subprotocol.
 */
import type { IncomingMessage } from 'node:http';
import type { ProxyOptions } from 'vite';

/** Where `npm start` runs the collaboration server. */
export const DEFAULT_COLLAB_SERVER = 'http://127.0.0.1:8700';

/** The subprotocols of Vite's own sockets, which stay with Vite. */
const VITE_SOCKETS = ['vite-hmr', 'vite-ping'];

/** Whether `req` is a WebSocket upgrade for the collaboration server (not Vite's HMR). */
export function isCollabSocket(req: IncomingMessage): boolean {
  const upgrade = req.headers.upgrade?.toLowerCase() === 'websocket';
  const protocol = req.headers['sec-websocket-protocol'] ?? '';
  return upgrade && !VITE_SOCKETS.includes(protocol);
}

/**
 * The dev server's `server.proxy`: the socket at `/` (only collaboration
 * upgrades: a page request there is Vite's) and `/mcp`, to `target`.
 *
 * @example
 * ```ts
 * defineConfig({ server: { proxy: collabProxy(process.env.COLLAB_SERVER) } });
 * ```
 */
export function collabProxy(target = DEFAULT_COLLAB_SERVER): Record<string, ProxyOptions> {
  return {
    '^/(\\?.*)?$': {
      target,
      ws: true,
      changeOrigin: true,
      bypass: (req) => (isCollabSocket(req) ? undefined : req.url),
    },
    '/mcp': { target, changeOrigin: true },
  };
}
