/**
 * The size of one MCP message over stdio. The SDK's stdio transports hold at
 * most 10 MiB of one line: past it, the client closes the connection, and
 * the server's transport closes itself, so one large message ended the
 * session without an answer. Here both directions stop at
 * {@link MAX_STDIO_MESSAGE_BYTES}, below that: a larger incoming line is
 * skipped and answered with a JSON-RPC error, a larger outgoing result is
 * replaced by an error saying how large it was.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/**
 * The most bytes one MCP message over stdio may hold, either way: 8 MiB,
 * below the 10 MiB the SDK's transports buffer.
 *
 * @example
 * ```ts
 * MAX_STDIO_MESSAGE_BYTES; // 8388608
 * ```
 */
export const MAX_STDIO_MESSAGE_BYTES = 8 * 1024 * 1024;

/** JSON-RPC's "Invalid Request". */
const INVALID_REQUEST = -32600;
/** JSON-RPC's "Internal error". */
const INTERNAL_ERROR = -32603;

/** What is kept of a skipped line to find its id: its start and its end. */
const KEPT_EDGE = 512;

/**
 * What is known of a line that was too long: its size, and its JSON-RPC id
 * when it could be read from the line's start or end.
 *
 * @example
 * ```ts
 * const skipped: SkippedLine = { bytes: 11_534_336, id: 3 };
 * ```
 */
export interface SkippedLine {
  readonly bytes: number;
  readonly id: string | number | null;
}

/**
 * A stream of lines that passes on each line of at most `maxBytes` bytes
 * whole, and skips a longer one, telling `onSkipped` about it. It never
 * holds more than `maxBytes` of a line.
 *
 * @example
 * ```ts
 * const stdin = process.stdin.pipe(lineSizeLimit(MAX_STDIO_MESSAGE_BYTES, (line) => answer(line)));
 * ```
 */
export function lineSizeLimit(maxBytes: number, onSkipped: (line: SkippedLine) => void): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let skipping: { bytes: number; head: Buffer; tail: Buffer } | undefined;

  const take = (part: Buffer) => {
    if (skipping !== undefined) {
      skipping.bytes += part.length;
      skipping.tail = Buffer.concat([skipping.tail, part]).subarray(-KEPT_EDGE);
      return;
    }
    if (heldBytes + part.length > maxBytes) {
      const all = Buffer.concat([...held, part]);
      skipping = {
        bytes: all.length,
        head: all.subarray(0, KEPT_EDGE),
        tail: all.subarray(-KEPT_EDGE),
      };
      held = [];
      heldBytes = 0;
      return;
    }
    held.push(part);
    heldBytes += part.length;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let at = 0;
      while (at < chunk.length) {
        const newline = chunk.indexOf(0x0a, at);
        if (newline < 0) {
          take(chunk.subarray(at));
          break;
        }
        take(chunk.subarray(at, newline));
        if (skipping !== undefined) {
          const text = `${skipping.head.toString('latin1')}\n${skipping.tail.toString('latin1')}`;
          onSkipped({ bytes: skipping.bytes, id: idOf(text) });
          skipping = undefined;
        } else {
          held.push(Buffer.from([0x0a]));
          this.push(Buffer.concat(held));
          held = [];
          heldBytes = 0;
        }
        at = newline + 1;
      }
      done();
    },
  });
}

/** The id of a JSON-RPC message from its first or last bytes: `{"jsonrpc":"2.0","id":N` or `"id":N}`. */
function idOf(edges: string): string | number | null {
  const value = '(-?\\d+|"(?:[^"\\\\]|\\\\.)*")';
  const match =
    new RegExp(`^\\s*\\{\\s*"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*"id"\\s*:\\s*${value}`).exec(edges) ??
    new RegExp(`"id"\\s*:\\s*${value}\\s*\\}\\s*$`).exec(edges);
  if (match === null) return null;
  return JSON.parse(match[1]!) as string | number;
}

/**
 * The JSON-RPC error answering a skipped line.
 *
 * @example
 * ```ts
 * skippedLineAnswer({ bytes: 11_534_336, id: 3 }, MAX_STDIO_MESSAGE_BYTES).error.code; // -32600
 * ```
 */
export function skippedLineAnswer(
  line: SkippedLine,
  maxBytes: number,
): { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string } } {
  return {
    jsonrpc: '2.0',
    id: line.id,
    error: {
      code: INVALID_REQUEST,
      message: `The message is ${size(line.bytes)}, over the ${size(maxBytes)} one MCP message over stdio may hold; it was not read. Send less in one call.`,
    },
  };
}

/**
 * `message`, or, when its JSON is over `maxBytes`, what is sent instead: a
 * tool result becomes a tool error (`isError`) saying how large it was and,
 * with `hint`, how to get it another way; any other response a JSON-RPC
 * error; a notification is dropped (`undefined`).
 *
 * @example
 * ```ts
 * const sent = withinSize(message, MAX_STDIO_MESSAGE_BYTES, 'Export to a file instead.');
 * ```
 */
export function withinSize(
  message: JSONRPCMessage,
  maxBytes: number,
  hint?: string,
): JSONRPCMessage | undefined {
  const bytes = Buffer.byteLength(JSON.stringify(message));
  if (bytes <= maxBytes) return message;
  if (!('id' in message) || message.id === undefined) return undefined;
  const said = `Nothing was sent: the answer is ${size(bytes)}, over the ${size(maxBytes)} one MCP message over stdio may hold.${hint === undefined ? ' Ask for less at a time.' : ` ${hint}`}`;
  const result = 'result' in message ? (message.result as { content?: unknown }) : undefined;
  if (result !== undefined && Array.isArray(result.content)) {
    return {
      jsonrpc: '2.0',
      id: message.id,
      result: { content: [{ type: 'text', text: said }], isError: true },
    };
  }
  return { jsonrpc: '2.0', id: message.id, error: { code: INTERNAL_ERROR, message: said } };
}

/** `8.0 MiB (8388608 bytes)`, or `4096 bytes` under a MiB. */
function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${bytes} bytes`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB (${bytes} bytes)`;
}
