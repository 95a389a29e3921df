/**
 * What a WebSocket may do before it has authenticated. Hocuspocus queues
 * every frame for a document until that document's authentication passes,
 * without a limit, and leaves a socket open after a refusal; so a stranger
 * could make the server hold any amount of memory. This guard sits in front:
 *
 * - a socket that has authenticated no document within `authTimeoutMs`, or
 *   sends frames for a document it does not authenticate within
 *   `documentAuthTimeoutMs` of the first, is closed (`4401`);
 * - a socket whose token was refused is closed right after the refusal is
 *   sent (`4403`);
 * - frames for documents the socket has not authenticated are counted, and
 *   the socket is closed (`4413`) as soon as they pass `maxPendingBytes` or
 *   `maxPendingFrames`, so what Hocuspocus queues is capped;
 * - a frame that does not begin with a document name and a message type is
 *   dropped and its socket closed (`4400`), logged as one line;
 * - a frame of an authenticated document goes through `screen` (see
 *   `person-frames.ts`), with its parsed header and whether its
 *   authentication made the connection read-only.
 */
import type { IncomingMessage } from 'node:http';
import {
  type Extension,
  MessageType,
  type onAuthenticatePayload,
  type onDisconnectPayload,
} from '@hocuspocus/server';
import type { WebSocket } from 'ws';
import { frameHeader } from './hocuspocus-frame.ts';
import type { FrameScreen } from './person-frames.ts';
import type { RefusalLog } from './refusal-log.ts';

/** Closed without authenticating in time (HTTP's 401). */
export const CLOSE_UNAUTHENTICATED = 4401;
/** Closed after its token was refused (HTTP's 403). */
export const CLOSE_REFUSED = 4403;
/** Closed for queueing more than the limits before authenticating (HTTP's 413). */
export const CLOSE_TOO_MUCH_QUEUED = 4413;
/** Closed for a frame that is not a Hocuspocus message (HTTP's 400). */
export const CLOSE_MALFORMED = 4400;

/**
 * The limits of a socket before it authenticates.
 *
 * @example
 * ```ts
 * const limits: SocketGuardOptions = { authTimeoutMs: 5000, maxPendingBytes: 1_048_576, maxPendingFrames: 64, log };
 * ```
 */
export interface SocketGuardOptions {
  /** How long a socket may go without authenticating any document; default 5000 ms. */
  readonly authTimeoutMs?: number;
  /** How long after its first frame (not an authentication) a document may go unauthenticated; default `authTimeoutMs`. */
  readonly documentAuthTimeoutMs?: number;
  /** The most bytes of frames for unauthenticated documents a socket may send; default 1 MiB. */
  readonly maxPendingBytes?: number;
  /** The most such frames; default 64. */
  readonly maxPendingFrames?: number;
  /** Where closed sockets are logged, one line each. */
  readonly log: RefusalLog;
  /** What an authenticated document's frames go through: the frame to hand on, or undefined to drop it. */
  readonly screen?: FrameScreen;
}

/**
 * The guard of a server's sockets.
 *
 * @example
 * ```ts
 * const guard = socketGuard({ log });
 * new Hocuspocus({ extensions: [guard.authenticating(accessControl(store))] });
 * sockets.handleUpgrade(req, socket, head, (ws) => {
 *   guard.watch(ws, req);
 *   hocuspocus.handleConnection(ws, req);
 * });
 * ```
 */
export interface SocketGuard {
  /** `access` (the extension that checks tokens), telling the guard what passed and what was refused. */
  authenticating(access: Extension): Extension;
  /** Starts guarding a socket; call it before Hocuspocus gets the socket. */
  watch(ws: WebSocket, req: IncomingMessage): void;
  /** Bytes of frames now held for unauthenticated documents, over every open socket. */
  pendingBytes(): number;
  /** Stops every timer. */
  close(): void;
}

interface Watched {
  readonly ws: WebSocket;
  /** Documents authenticated on the socket, with whether each connection is read-only (`connectionConfig.readOnly`). */
  readonly documents: Map<string, boolean>;
  /** Bytes and timers of documents that have frames but no authentication yet. */
  readonly pending: Map<string, { bytes: number; timer: NodeJS.Timeout | undefined }>;
  bytes: number;
  frames: number;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Creates the guard.
 *
 * @example
 * ```ts
 * const guard = socketGuard({ authTimeoutMs: 5000, log: refusalLog({ write: console.warn }) });
 * ```
 */
export function socketGuard(options: SocketGuardOptions): SocketGuard {
  const authTimeoutMs = options.authTimeoutMs ?? 5000;
  const documentAuthTimeoutMs = options.documentAuthTimeoutMs ?? authTimeoutMs;
  const maxBytes = options.maxPendingBytes ?? 1_048_576;
  const maxFrames = options.maxPendingFrames ?? 64;
  const byRequest = new WeakMap<IncomingMessage, Watched>();
  const bySocketId = new Map<string, Watched>();
  const open = new Set<Watched>();

  const shut = (watched: Watched, code: number, why: string) => {
    if (watched.ws.readyState > 1) return;
    options.log.refused('sockets', `Closed a WebSocket (${code}): ${why}.`);
    watched.ws.close(code, why.slice(0, 120));
  };

  const settle = (watched: Watched, document: string) => {
    const pending = watched.pending.get(document);
    if (pending === undefined) return;
    if (pending.timer !== undefined) clearTimeout(pending.timer);
    watched.bytes -= pending.bytes;
    watched.pending.delete(document);
  };

  /** The frame to hand Hocuspocus, or undefined to drop it. */
  const admit = (watched: Watched, data: unknown): unknown => {
    const frame = bytesOf(data);
    const header = frame === undefined ? undefined : frameHeader(frame);
    if (frame === undefined || header === undefined) {
      shut(watched, CLOSE_MALFORMED, 'a frame that is not a Hocuspocus message');
      return undefined;
    }
    const { document } = header;
    const readOnly = watched.documents.get(document);
    if (readOnly !== undefined) {
      if (options.screen === undefined) return data;
      return options.screen({ ws: watched.ws, readOnly, frame, header });
    }
    if (watched.ws.readyState > 1) return undefined;
    let pending = watched.pending.get(document);
    if (pending === undefined) {
      pending = { bytes: 0, timer: undefined };
      watched.pending.set(document, pending);
    }
    // An authentication is answered at once; anything else starts the document's clock.
    if (pending.timer === undefined && header.type !== MessageType.Auth) {
      pending.timer = setTimeout(() => {
        if (!watched.documents.has(document))
          shut(
            watched,
            CLOSE_UNAUTHENTICATED,
            `no authentication of a document it sent frames for within ${documentAuthTimeoutMs} ms`,
          );
      }, documentAuthTimeoutMs);
    }
    if (watched.bytes + frame.length > maxBytes || watched.frames + 1 > maxFrames) {
      // Dropped, not queued: what the socket holds never passes the limits.
      shut(
        watched,
        CLOSE_TOO_MUCH_QUEUED,
        `more than ${maxBytes} bytes or ${maxFrames} frames before authenticating`,
      );
      return undefined;
    }
    pending.bytes += frame.length;
    watched.bytes += frame.length;
    watched.frames++;
    return data;
  };

  const forget = (watched: Watched) => {
    if (watched.timer !== undefined) clearTimeout(watched.timer);
    for (const document of [...watched.pending.keys()]) settle(watched, document);
    open.delete(watched);
  };

  return {
    authenticating(access) {
      const check = access.onAuthenticate;
      if (check === undefined) throw new TypeError('The access extension has no onAuthenticate.');
      return {
        ...access,
        async onAuthenticate(payload: onAuthenticatePayload) {
          const watched = byRequest.get(payload.request);
          if (watched !== undefined) bySocketId.set(payload.socketId, watched);
          try {
            const result = await check.call(access, payload);
            if (watched !== undefined) {
              // Set by the access extension (a view token's connection is read-only).
              watched.documents.set(payload.documentName, payload.connectionConfig.readOnly);
              settle(watched, payload.documentName);
            }
            return result;
          } catch (error) {
            // Closed once Hocuspocus has sent the refusal, so the client learns why.
            if (watched !== undefined)
              setTimeout(() => shut(watched, CLOSE_REFUSED, 'its token was refused'), 0);
            // Thrown on without a message, which Hocuspocus would log unbounded; the guard's log says it.
            const reason = (error as { reason?: unknown }).reason;
            throw Object.assign(new Error(''), reason === undefined ? {} : { reason });
          }
        },
        async onDisconnect(payload: onDisconnectPayload) {
          // A document whose connection ended needs a new authentication.
          bySocketId.get(payload.socketId)?.documents.delete(payload.documentName);
          await access.onDisconnect?.call(access, payload);
        },
      };
    },
    watch(ws, req) {
      const watched: Watched = {
        ws,
        documents: new Map(),
        pending: new Map(),
        bytes: 0,
        frames: 0,
        timer: undefined,
      };
      watched.timer = setTimeout(() => {
        if (watched.documents.size === 0)
          shut(watched, CLOSE_UNAUTHENTICATED, `no authentication within ${authTimeoutMs} ms`);
      }, authTimeoutMs);
      byRequest.set(req, watched);
      open.add(watched);
      const emit = ws.emit;
      ws.emit = function guarded(this: WebSocket, event: string | symbol, ...args: unknown[]) {
        if (event !== 'message') return emit.call(this, event, ...args);
        const admitted = admit(watched, args[0]);
        if (admitted === undefined) return false;
        return emit.call(this, event, admitted, ...args.slice(1));
      } as typeof ws.emit;
      ws.once('close', () => {
        forget(watched);
        for (const [id, entry] of bySocketId) if (entry === watched) bySocketId.delete(id);
      });
    },
    pendingBytes: () => [...open].reduce((sum, watched) => sum + watched.bytes, 0),
    close() {
      for (const watched of [...open]) forget(watched);
    },
  };
}

function bytesOf(data: unknown): Uint8Array | undefined {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data) && data.every((part) => part instanceof Uint8Array))
    return Buffer.concat(data);
  return undefined;
}
