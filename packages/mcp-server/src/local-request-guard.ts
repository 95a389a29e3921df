/**
 * What an HTTP request to the local MCP endpoint must show before the MCP
 * handler sees it. A page in the user's browser can reach 127.0.0.1, so the
 * endpoint refuses what only a browser on another site would send:
 *
 * - a `Host` that is not a loopback name (DNS rebinding), or names another
 *   port (the SDK checks the name, this module the port);
 * - an `Origin` that is not loopback (SDK check);
 * - `Sec-Fetch-Site: cross-site` (fetch metadata);
 * - a path other than `/mcp` (404), a declared body over the limit (413).
 *
 * Each refusal is answered here, as a JSON-RPC error body; the server goes on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localhostHostValidation, localhostOriginValidation } from '@modelcontextprotocol/node';

/** The one path the endpoint serves. */
export const MCP_PATH = '/mcp';

/**
 * Checks a request against the rules above; the Host must name the port the
 * request came in on. Returns true when the request may go on; when false,
 * the response has been sent.
 *
 * @example
 * ```ts
 * const guard = localRequestGuard(1_048_576);
 * createServer((req, res) => {
 *   if (guard(req, res)) void handle(req, res);
 * });
 * ```
 */
export function localRequestGuard(
  maxBodyBytes: number,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const hostName = localhostHostValidation();
  const origin = localhostOriginValidation();
  return (req, res) => {
    if (!hostName(req, res)) return false;
    const port = req.socket.localPort;
    if (hostPort(req.headers.host) !== port) {
      return refuse(
        res,
        403,
        `Host ${req.headers.host} does not name this server's port, ${port}.`,
      );
    }
    if (!origin(req, res)) return false;
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      return refuse(res, 403, 'Cross-site requests are refused (Sec-Fetch-Site: cross-site).');
    }
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== MCP_PATH) {
      return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) {
      return refuse(res, 413, `The request body is over ${maxBodyBytes} bytes.`);
    }
    return true;
  };
}

/** The port a Host header names, with HTTP's default 80 when it names none. */
function hostPort(host: string | undefined): number {
  const match = /:(\d+)$/.exec(host ?? '');
  return match === null ? 80 : Number(match[1]);
}

function refuse(res: ServerResponse, status: number, message: string): false {
  res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  return false;
}
