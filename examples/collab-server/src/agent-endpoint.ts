/**
 * The agent endpoint: the score tools of one live document over MCP
 * Streamable HTTP, at `/mcp?doc=NAME`, with the document's edit token
 * (editor tools) or view token (viewer tools) as `Authorization: Bearer
 * TOKEN` or as the `token` parameter. Requests pass the same local-only
 * guards as `@scorelane/mcp-server`'s own endpoint (Host, port, Origin,
 * fetch metadata, path, body size, no batches), then the token check.
 *
 * Every MCP client gets a session of its own: `initialize` opens one and
 * answers its id as `Mcp-Session-Id`, which the client sends with every
 * later request; `DELETE` with it ends the session, and so do
 * `idleMs` without a request. A session has its own undo history, presence
 * entry and colour, name (the `name` parameter of the link, else the
 * client's `clientInfo.name`) and idempotency records. A document holds
 * at most `maxSessionsPerDocument` sessions; one more `initialize` is
 * refused (503) until one ends. Calls of every session on a document run
 * one at a time.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hocuspocus } from '@hocuspocus/server';
import { type NodeIncomingMessageLike, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { formatGuide } from '@scorelane/lanes-seq';
import {
  type CallQueue,
  catalogServerFactory,
  createCallQueue,
  DEFAULT_MAX_BODY_BYTES,
  localRequestGuard,
  MCP_PATH,
  refuseBatches,
} from '@scorelane/mcp-server';
import {
  FORMAT_GUIDE_URI,
  type ScoreFileHost,
  scoreToolsInstructions,
} from '@scorelane/score-tools';
import type { ToolPipeline } from '@scorelane/tool-contracts';
import { type AccessRole, roleOfToken } from './access-role.ts';
import { agentNameOf } from './agent-name.ts';
import { AGENT_COLORS } from './agent-presence.ts';
import { type AgentSession, openAgentSession } from './agent-session.ts';
import type { DocumentStore } from './document-store.ts';

/**
 * What serves `/mcp`.
 *
 * @example
 * ```ts
 * if (agents.handles(req)) void agents.handle(req, res);
 * ```
 */
export interface AgentEndpoint {
  /** Whether the request is for the agent endpoint (its path is `/mcp`). */
  handles(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The open sessions of document `name`. */
  sessions(name: string): readonly AgentSession[];
  /** Ends every agent session. */
  close(): Promise<void>;
}

/**
 * Options of {@link createAgentEndpoint}.
 *
 * @example
 * ```ts
 * createAgentEndpoint({ hocuspocus, store, idleMs: 600_000, maxSessionsPerDocument: 16 });
 * ```
 */
export interface AgentEndpointOptions {
  readonly hocuspocus: Hocuspocus;
  readonly store: DocumentStore;
  /** Resolves once the server's own writes to a document are stored; a call is answered after it. */
  readonly stored?: (name: string) => Promise<void>;
  /** A session (and its undo history) ends after this long without a request; default 10 minutes. */
  readonly idleMs?: number;
  /** The most sessions a document holds at once; default 16. */
  readonly maxSessionsPerDocument?: number;
  /** Told about refused requests, without their token. */
  readonly onRefused?: (message: string) => void;
  /** Where the agents' exports are kept (answered as links); without it, inline. */
  readonly files?: ScoreFileHost;
}

type NodeHandler = (
  req: NodeIncomingMessageLike,
  res: ServerResponse,
  parsedBody?: unknown,
) => Promise<void>;

interface LiveSession {
  readonly id: string;
  readonly document: string;
  readonly role: AccessRole;
  readonly session: AgentSession;
  readonly handler: NodeHandler;
  idle?: NodeJS.Timeout;
}

/**
 * Creates the endpoint; a session opens on each client's `initialize`.
 *
 * @example
 * ```ts
 * const agents = createAgentEndpoint({ hocuspocus, store });
 * ```
 */
export function createAgentEndpoint(options: AgentEndpointOptions): AgentEndpoint {
  const guard = localRequestGuard(DEFAULT_MAX_BODY_BYTES);
  const idleMs = options.idleMs ?? 600_000;
  const cap = options.maxSessionsPerDocument ?? 16;
  const live = new Map<string, LiveSession>();
  const opening = new Map<string, number>();
  const queues = new Map<string, CallQueue>();
  const onDocument = (name: string) => [...live.values()].filter((s) => s.document === name);

  const end = async (entry: LiveSession) => {
    if (!live.delete(entry.id)) return;
    if (entry.idle !== undefined) clearTimeout(entry.idle);
    if (onDocument(entry.document).length === 0) queues.delete(entry.document);
    await entry.session.close();
  };
  const keepAlive = (entry: LiveSession) => {
    if (entry.idle !== undefined) clearTimeout(entry.idle);
    entry.idle = setTimeout(() => void end(entry), idleMs);
    entry.idle.unref();
  };

  const open = async (name: string, role: AccessRole, agentName: string): Promise<LiveSession> => {
    const taken = new Set(onDocument(name).map((entry) => entry.session.agent.color));
    const color = AGENT_COLORS.find((c) => !taken.has(c)) ?? AGENT_COLORS[live.size % 8]!;
    const names = new Set(onDocument(name).map((entry) => entry.session.agent.name));
    let unique = agentName;
    for (let n = 2; names.has(unique); n++) unique = `${agentName} ${n}`;
    const session = await openAgentSession(
      options.hocuspocus,
      name,
      { name: unique, color },
      options.files,
    );
    let queue = queues.get(name);
    if (queue === undefined) {
      queue = createCallQueue();
      queues.set(name, queue);
    }
    const entry: LiveSession = {
      id: randomUUID(),
      document: name,
      role,
      session,
      handler: handlerFor(
        session,
        queued(session.tools.pipeline, queue, () => options.stored?.(name)),
        role,
      ),
    };
    live.set(entry.id, entry);
    return entry;
  };

  const initialize = async (
    req: IncomingMessage,
    res: ServerResponse,
    name: string,
    role: AccessRole,
    body: Record<string, unknown>,
  ) => {
    const count = onDocument(name).length + (opening.get(name) ?? 0);
    if (count >= cap) {
      options.onRefused?.(`Refused an agent session: "${name}" holds ${cap} already.`);
      return refuse(
        res,
        503,
        `Refused: this document holds ${cap} agent sessions, the most it allows. End one (an MCP client ends its session with DELETE /mcp and its Mcp-Session-Id), or try again once one has been idle for ${Math.round(idleMs / 60_000)} minutes.`,
      );
    }
    opening.set(name, (opening.get(name) ?? 0) + 1);
    let entry: LiveSession;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      entry = await open(name, role, agentNameOf(url.searchParams.get('name'), body));
    } finally {
      opening.set(name, (opening.get(name) ?? 1) - 1);
    }
    keepAlive(entry);
    res.setHeader('Mcp-Session-Id', entry.id);
    await entry.handler(req as NodeIncomingMessageLike, res, body);
  };

  return {
    handles: (req) => new URL(req.url ?? '/', 'http://localhost').pathname === MCP_PATH,
    sessions: (name) => onDocument(name).map((entry) => entry.session),
    async handle(req, res) {
      if (!guard(req, res)) return;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const name = url.searchParams.get('doc') ?? '';
      const role = roleOfToken(await options.store.tokens(name), tokenOf(req, url));
      if (role === undefined) {
        options.onRefused?.('Refused an agent request without a valid token.');
        return refuse(
          res,
          401,
          'Refused: pass the document\'s edit or view token as "Authorization: Bearer TOKEN" to /mcp?doc=NAME.',
        );
      }
      const sessionId = headerOf(req, 'mcp-session-id');
      const entry = sessionId === undefined ? undefined : live.get(sessionId);
      if (req.method === 'DELETE') {
        if (entry === undefined || entry.document !== name) return unknownSession(res);
        await end(entry);
        res.writeHead(200).end();
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405, { Allow: 'POST, DELETE', 'Content-Type': 'application/json' });
        res.end(
          rpcError(-32000, 'Method not allowed: POST a JSON-RPC message, or DELETE a session.'),
        );
        return;
      }
      const body = await readJson(req, DEFAULT_MAX_BODY_BYTES);
      if (!body.ok) return refuse(res, body.status, body.message, body.code);
      if (body.value.method === 'initialize') {
        return initialize(req, res, name, role, body.value);
      }
      if (sessionId === undefined) {
        return refuse(
          res,
          400,
          'Bad Request: send initialize first, then its Mcp-Session-Id header with every request.',
        );
      }
      if (entry === undefined || entry.document !== name) return unknownSession(res);
      if (entry.role !== role) {
        return refuse(res, 403, 'Refused: this session was opened with the other token.');
      }
      keepAlive(entry);
      await entry.handler(req as NodeIncomingMessageLike, res, body.value);
    },
    async close() {
      for (const entry of [...live.values()]) await end(entry);
    },
  };
}

/** A session's MCP handler: a fresh server per request over the session's pipeline. */
function handlerFor(session: AgentSession, pipeline: ToolPipeline, role: AccessRole): NodeHandler {
  const factory = catalogServerFactory({
    pipeline,
    role,
    name: `scorelane-collab:${session.name}`,
    version: '0.0.0',
    instructions: scoreToolsInstructions(),
    resources: [
      {
        uri: FORMAT_GUIDE_URI,
        name: 'lanes-seq guide',
        mimeType: 'text/markdown',
        read: () => formatGuide(),
      },
    ],
  });
  const mcp = createMcpHandler(factory, { maxRequestBodySize: DEFAULT_MAX_BODY_BYTES });
  return toNodeHandler(refuseBatches(mcp), { maxRequestBodySize: DEFAULT_MAX_BODY_BYTES });
}

/** What an agent's call answers when its write could not be stored. */
const NOT_STORED =
  'The database is unreachable: this change is on the live document but not stored yet. It is stored with the next write once the database is back; until then a restart of the server would lose it.';

/**
 * `pipeline` with its calls run through the document's queue, one at a time
 * across sessions, each answered only once what it wrote is stored (a call
 * whose write the store refused answers an error saying so).
 */
function queued(
  pipeline: ToolPipeline,
  queue: CallQueue,
  stored: () => Promise<void> | undefined,
): ToolPipeline {
  return {
    list: (policy) => pipeline.list(policy),
    manifest: (policy) => pipeline.manifest(policy),
    invoke: (name, args, options) =>
      queue.run(async () => {
        const invocation = await pipeline.invoke(name, args, options);
        try {
          await stored();
          return invocation;
        } catch {
          return {
            ...invocation,
            result: { isError: true, content: [{ type: 'text', text: NOT_STORED }] },
          };
        }
      }),
  };
}

/** Reads a request body of at most `limit` bytes as one JSON-RPC message (an object). */
async function readJson(
  req: IncomingMessage,
  limit: number,
): Promise<
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; status: number; code: number; message: string }
> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      return {
        ok: false,
        status: 413,
        code: -32000,
        message: `The request body is over ${limit} bytes.`,
      };
    }
    chunks.push(chunk as Buffer);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return { ok: false, status: 400, code: -32700, message: 'Parse error: the body is not JSON.' };
  }
  if (Array.isArray(value)) {
    return {
      ok: false,
      status: 400,
      code: -32600,
      message:
        'Bad Request: JSON-RPC batches are not supported by this endpoint; send one message per POST.',
    };
  }
  if (typeof value !== 'object' || value === null) {
    return {
      ok: false,
      status: 400,
      code: -32600,
      message: 'Bad Request: not a JSON-RPC message.',
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** The token of a request: `Authorization: Bearer TOKEN`, else the `token` parameter. */
function tokenOf(req: IncomingMessage, url: URL): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? url.searchParams.get('token') ?? undefined;
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** 404 for a session id the endpoint does not hold: the client initializes again (MCP's rule). */
function unknownSession(res: ServerResponse): void {
  refuse(res, 404, 'Session not found (it ended or timed out): send initialize to open a new one.');
}

function rpcError(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
}

function refuse(res: ServerResponse, status: number, message: string, code = -32001): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  res.writeHead(status, headers);
  res.end(rpcError(code, message));
}
