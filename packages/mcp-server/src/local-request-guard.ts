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
 * It also answers, before anything can fail on them, requests no MCP client
 * sends: a method other than GET, POST, DELETE and OPTIONS (`TRACE`: 405), a
 * request target in absolute form or a `Host` with user information (400).
 * Each refusal is answered here, as a JSON-RPC error body; the server goes
 * on. A body over the limit is read and discarded (up to
 * {@link MAX_DISCARDED_BODY_BYTES}) before the connection closes, so the
 * client, still sending, reads the 413 instead of a reset connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localhostHostValidation, localhostOriginValidation } from '@modelcontextprotocol/node';

/** The one path the endpoint serves. */
export const MCP_PATH = '/mcp';

/**
 * How much of a refused body is read and thrown away so the client sees the
 * 413: 64 MiB. Past that the connection is closed without waiting.
 *
 * @example
 * ```ts
 * MAX_DISCARDED_BODY_BYTES; // 67108864
 * ```
 */
export const MAX_DISCARDED_BODY_BYTES = 64 * 1024 * 1024;

/** The methods of MCP's Streamable HTTP transport, and CORS preflight. */
const METHODS = new Set(['GET', 'POST', 'DELETE', 'OPTIONS']);

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
    if (!METHODS.has(req.method ?? '')) {
      res.setHeader('Allow', [...METHODS].join(', '));
      return refuse(res, 405, `The method ${req.method} is not served here; MCP uses POST.`);
    }
    if (!(req.url ?? '').startsWith('/')) {
      return refuse(res, 400, 'The request target must be a path (origin form), such as /mcp.');
    }
    if ((req.headers.host ?? '').includes('@')) {
      return refuse(res, 400, 'The Host header must not carry user information.');
    }
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
      discardBody(req);
      return refuse(res, 413, `The request body is over ${maxBodyBytes} bytes.`, true);
    }
    return true;
  };
}

/** The port a Host header names, with HTTP's default 80 when it names none. */
function hostPort(host: string | undefined): number {
  const match = /:(\d+)$/.exec(host ?? '');
  return match === null ? 80 : Number(match[1]);
}

/** Reads and drops what the client still sends, to a limit; past it, ends the connection. */
function discardBody(req: IncomingMessage): void {
  let read = 0;
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > MAX_DISCARDED_BODY_BYTES) req.socket.destroy();
  });
  req.on('error', () => {});
}

/**
 * Answers a refusal. The connection closes after it, unless `keepOpen`: a
 * refused body is still arriving, and closing now would reset the connection
 * before the client reads the answer.
 */
function refuse(res: ServerResponse, status: number, message: string, keepOpen = false): false {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    ...(keepOpen ? {} : { Connection: 'close' }),
  });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  return false;
}
