/**
 * What a person's connection (a Hocuspocus provider with an edit or view
 * token) may say once it has authenticated. The page shows an agent by its
 * presence's `user.name`, which ends in "(MCP agent)" (see
 * `agent-session.ts`), and shows each awareness entry as the client whose id
 * it carries; Hocuspocus itself relays whatever a connection sends. So:
 *
 * - a viewer sends no stateless messages (`Stateless` or
 *   `BroadcastStateless`, which Hocuspocus would relay to every connection):
 *   they are dropped;
 * - nobody's presence may claim an agent's identity: an awareness entry whose
 *   `user.name` says "MCP agent" is dropped;
 * - nobody may set or remove another client's presence: an entry for a
 *   client id that is in the document's awareness but was not set by this
 *   connection (another person's, an agent session's, the server's own) is
 *   dropped;
 * - an awareness update that does not decode is dropped whole.
 *
 * A viewer's own presence (its name, colour, selection) passes, as an
 * editor's does. Each connection's first drop is logged, one line through
 * the bounded refusal log; later drops on it are not.
 */
import { type Document, MessageType } from '@hocuspocus/server';
import type { WebSocket } from 'ws';
import {
  type AwarenessEntry,
  awarenessEntries,
  awarenessFrame,
  type FrameHeader,
} from './hocuspocus-frame.ts';
import type { RefusalLog } from './refusal-log.ts';

/**
 * A frame of an authenticated document, with who sent it and its header
 * (parsed once, by the socket guard).
 *
 * @example
 * ```ts
 * screen({ ws, readOnly: true, frame, header: frameHeader(frame) }); // undefined for a viewer's stateless message
 * ```
 */
export interface ScreenedFrame {
  readonly ws: WebSocket;
  /** Whether the connection is read-only (a view token's). */
  readonly readOnly: boolean;
  readonly frame: Uint8Array;
  readonly header: FrameHeader;
}

/**
 * Screens one frame: the frame to hand on (itself, or an awareness frame
 * with the entries it may not set left out), or undefined to drop it.
 *
 * @example
 * ```ts
 * const passAll: FrameScreen = ({ frame }) => frame;
 * ```
 */
export type FrameScreen = (frame: ScreenedFrame) => Uint8Array | undefined;

/**
 * Options of {@link personFrames}.
 *
 * @example
 * ```ts
 * personFrames({ documentOf: (name) => hocuspocus.documents.get(name), log });
 * ```
 */
export interface PersonFramesOptions {
  /** The loaded document of a name: its awareness, and which clients each connection set. */
  readonly documentOf: (name: string) => Document | undefined;
  readonly log: RefusalLog;
}

/**
 * Whether a presence name says it is an agent's: "MCP agent" in it, in any
 * case and spacing.
 *
 * @example
 * ```ts
 * claimsAgent('claude-code (MCP agent)'); // true
 * claimsAgent('Ada'); // false
 * ```
 */
export function claimsAgent(name: string): boolean {
  return /mcp\s*agent/i.test(name.normalize('NFKC').replace(/[\p{Cc}\p{Cf}]/gu, ''));
}

/**
 * The screen of people's frames.
 *
 * @example
 * ```ts
 * const screen = personFrames({ documentOf: (name) => hocuspocus.documents.get(name), log });
 * socketGuard({ log, screen });
 * ```
 */
export function personFrames(options: PersonFramesOptions): FrameScreen {
  const logged = new WeakSet<WebSocket>();
  const refuse = (ws: WebSocket, why: string): void => {
    if (logged.has(ws)) return;
    logged.add(ws);
    options.log.refused('frames', `Dropped ${why}.`);
  };
  return ({ ws, readOnly, frame, header }) => {
    const { type, document: name } = header;
    if (type === MessageType.Stateless || type === MessageType.BroadcastStateless) {
      if (!readOnly) return frame;
      refuse(ws, 'a stateless message from a view-only connection (viewers send none)');
      return undefined;
    }
    if (type !== MessageType.Awareness) return frame;
    const document = options.documentOf(name);
    const entries = awarenessEntries(frame, header.body);
    if (entries === undefined) {
      refuse(ws, 'an awareness update that does not decode');
      return undefined;
    }
    if (document === undefined) return frame;
    const own = document.getClients(ws);
    const kept = entries.filter((entry) => {
      const why = whyDropped(entry, document, own);
      if (why !== undefined) refuse(ws, why);
      return why === undefined;
    });
    if (kept.length === entries.length) return frame;
    return kept.length === 0 ? undefined : awarenessFrame(name, kept);
  };
}

/** Why a person's connection may not set an awareness entry, or undefined when it may. */
function whyDropped(
  entry: AwarenessEntry,
  document: Document,
  own: ReadonlySet<number>,
): string | undefined {
  const { awareness } = document;
  if (
    entry.clientId === awareness.clientID ||
    (awareness.states.has(entry.clientId) && !own.has(entry.clientId))
  )
    return `an awareness update for client ${entry.clientId}, whose presence another connection set`;
  let state: unknown;
  try {
    state = JSON.parse(entry.state);
  } catch {
    return 'an awareness state that is not JSON';
  }
  const user = isRecord(state) ? state.user : undefined;
  if (isRecord(user) && typeof user.name === 'string' && claimsAgent(user.name))
    return "a presence whose name claims to be an MCP agent, from a person's connection";
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
