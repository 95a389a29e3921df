/**
 * Serving a catalog over stdio: one MCP connection on the process's standard
 * input and output, as Claude Desktop and Claude Code start local servers.
 */
import type { Readable, Writable } from 'node:stream';
import {
  type StdioServerHandle,
  StdioServerTransport,
  serveStdio,
} from '@modelcontextprotocol/server/stdio';
import { type CatalogServerOptions, catalogServerFactory } from './catalog-server.ts';

/**
 * Where the connection reads and writes; default the process's stdin and
 * stdout. Nothing else may write to that output: log to stderr.
 *
 * @example
 * ```ts
 * const streams: StdioStreams = { stdin: process.stdin, stdout: process.stdout };
 * ```
 */
export interface StdioStreams {
  readonly stdin: Readable;
  readonly stdout: Writable;
}

/**
 * Serves the catalog over stdio until the client closes its end (stdin
 * ends) or `close()` is called.
 *
 * @example
 * ```ts
 * const handle = serveCatalogStdio({ pipeline, role: 'editor', name: 'todo', version: '1.0.0' });
 * process.on('SIGTERM', () => void handle.close());
 * ```
 */
export function serveCatalogStdio(
  options: CatalogServerOptions,
  streams?: StdioStreams,
  onerror?: (error: Error) => void,
): StdioServerHandle {
  const factory = catalogServerFactory(options);
  return serveStdio(factory, {
    ...(streams === undefined
      ? {}
      : { transport: new StdioServerTransport(streams.stdin, streams.stdout) }),
    ...(onerror === undefined ? {} : { onerror }),
  });
}
