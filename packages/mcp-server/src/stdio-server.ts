/**
 * Serving a catalog over stdio: one MCP connection on the process's standard
 * input and output, as Claude Desktop and Claude Code start local servers.
 * Messages either way are limited in size (`message-size-limit.ts`): one
 * over the limit is answered with an error, and the session goes on.
 */
import type { Readable, Writable } from 'node:stream';
import {
  type StdioServerHandle,
  StdioServerTransport,
  serveStdio,
} from '@modelcontextprotocol/server/stdio';
import { type CatalogServerOptions, catalogServerFactory } from './catalog-server.ts';
import {
  lineSizeLimit,
  MAX_STDIO_MESSAGE_BYTES,
  skippedLineAnswer,
  withinSize,
} from './message-size-limit.ts';

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
 * The size limit of messages over stdio.
 *
 * @example
 * ```ts
 * const limits: StdioLimits = { oversizedResultHint: 'Export the score to a file with `scorelane convert` instead.' };
 * ```
 */
export interface StdioLimits {
  /** Default {@link MAX_STDIO_MESSAGE_BYTES} (8 MiB); at most the SDK's 10 MiB. */
  readonly maxMessageBytes?: number;
  /** Said in the tool error that replaces a result over the limit: how else to get it. */
  readonly oversizedResultHint?: string;
}

/**
 * Serves the catalog over stdio until the client closes its end (stdin
 * ends) or `close()` is called. An incoming line over the size limit is
 * skipped and answered with a JSON-RPC error (`-32600`, with the request's
 * id when it can be read); an answer over it is replaced by an error (a tool
 * result by a tool error, with `limits.oversizedResultHint`).
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
  limits: StdioLimits = {},
): StdioServerHandle {
  const factory = catalogServerFactory(options);
  const maxBytes = limits.maxMessageBytes ?? MAX_STDIO_MESSAGE_BYTES;
  const stdin = streams?.stdin ?? process.stdin;
  const stdout = streams?.stdout ?? process.stdout;
  const lines = lineSizeLimit(maxBytes, (line) => {
    onerror?.(new Error(`Skipped an incoming message of ${line.bytes} bytes, over ${maxBytes}.`));
    stdout.write(`${JSON.stringify(skippedLineAnswer(line, maxBytes))}\n`);
  });
  const transport = new StdioServerTransport(stdin.pipe(lines), stdout);
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    const sent = withinSize(message, maxBytes, limits.oversizedResultHint);
    if (sent === undefined) {
      onerror?.(new Error(`Dropped an outgoing notification over ${maxBytes} bytes.`));
      return Promise.resolve();
    }
    return send(sent);
  };
  const handle = serveStdio(factory, { transport, ...(onerror === undefined ? {} : { onerror }) });
  return {
    close: async () => {
      await handle.close();
      // stdin is let go, so the process can exit, as the SDK's transport lets it go.
      stdin.unpipe(lines);
      if (stdin.listenerCount('data') === 0) stdin.pause();
    },
  };
}
