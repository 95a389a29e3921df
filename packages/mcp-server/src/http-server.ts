/**
 * Serving a catalog over Streamable HTTP, stateless, on POST `/mcp` at
 * 127.0.0.1: each request passes the local guards, then goes to the SDK's
 * `createMcpHandler`, which makes a fresh MCP server from the catalog's
 * factory for it; the document and its queue are shared. GET and DELETE (the
 * 2025 session operations) get the SDK's 405, malformed JSON its `-32700`.
 */
import { createServer, type Server } from 'node:http';
import { type NodeIncomingMessageLike, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { type CatalogServerOptions, catalogServerFactory } from './catalog-server.ts';
import { localRequestGuard, MCP_PATH } from './local-request-guard.ts';
import { LOOPBACK_HOST, listenOnLoopback } from './loopback-port.ts';
import { refuseBatches } from './single-message.ts';

/** The default limit on a request body: 1 MiB, far above any tool call. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;

/**
 * How long the server keeps an idle connection open: 65 s. A client reuses
 * a connection until the timeout the server announces less a margin (fetch:
 * 2 s), so with Node's default of 5 s a client whose event loop stalled for
 * 2 s (a loaded machine) sent its next request on a connection the server
 * had just closed, and failed with "other side closed". With 65 s no
 * client idles that close to the edge.
 *
 * @example
 * ```ts
 * server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
 * ```
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Where and how the endpoint listens.
 *
 * @example
 * ```ts
 * const options: HttpServeOptions = { port: 0, maxBodyBytes: 65_536 };
 * ```
 */
export interface HttpServeOptions {
  /** A port, or 0 for one the OS picks; left out: the first free of 8642-8651. */
  readonly port?: number;
  /** Bodies over this many bytes get 413; default {@link DEFAULT_MAX_BODY_BYTES}. */
  readonly maxBodyBytes?: number;
  /** Told about requests the SDK rejected or failed on (reporting only). */
  readonly onerror?: (error: Error) => void;
}

/**
 * A running endpoint.
 *
 * @example
 * ```ts
 * const endpoint: HttpEndpoint = await serveCatalogHttp(options);
 * console.error(`MCP endpoint: ${endpoint.url}`);
 * await endpoint.close();
 * ```
 */
export interface HttpEndpoint {
  /** `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Serves the catalog over HTTP on 127.0.0.1 until `close()`.
 *
 * @example
 * ```ts
 * const endpoint = await serveCatalogHttp(
 *   { pipeline, role: 'editor', name: 'todo', version: '1.0.0' },
 *   { port: 0 },
 * );
 * ```
 */
export async function serveCatalogHttp(
  options: CatalogServerOptions,
  http: HttpServeOptions = {},
): Promise<HttpEndpoint> {
  const maxBodyBytes = http.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const handler = createMcpHandler(catalogServerFactory(options), {
    maxRequestBodySize: maxBodyBytes,
    ...(http.onerror === undefined ? {} : { onerror: http.onerror }),
  });
  const handle = toNodeHandler(refuseBatches(handler), {
    maxRequestBodySize: maxBodyBytes,
    ...(http.onerror === undefined ? {} : { onerror: http.onerror }),
  });
  const guard = localRequestGuard(maxBodyBytes);
  const server = createServer((req, res) => {
    if (guard(req, res)) void handle(req as NodeIncomingMessageLike, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const port = await listenOnLoopback(server, http.port);
  return {
    url: `http://${LOOPBACK_HOST}:${port}${MCP_PATH}`,
    port,
    close: () => closeServer(server, handler.close),
  };
}

async function closeServer(server: Server, closeHandler: () => Promise<void>): Promise<void> {
  await closeHandler();
  await new Promise<void>((resolve, reject) => {
    server.close((error) => (error === undefined ? resolve() : reject(error)));
    server.closeAllConnections();
  });
}
