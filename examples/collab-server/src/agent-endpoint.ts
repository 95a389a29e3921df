/**
 * The agent endpoint: the score tools of one live document over MCP
 * Streamable HTTP, at `POST /mcp?doc=NAME`, with the document's edit token
 * (editor tools) or view token (viewer tools) as `Authorization: Bearer
 * TOKEN` or as the `token` parameter. Requests pass the same local-only
 * guards as `@scorelane/mcp-server`'s own endpoint (Host, port, Origin,
 * fetch metadata, path, body size, no batches), then the token check, then
 * that package's catalog server, which runs calls on a document one at a time.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hocuspocus } from '@hocuspocus/server';
import { type NodeIncomingMessageLike, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { formatGuide } from '@scorelane/lanes-seq';
import {
  catalogServerFactory,
  DEFAULT_MAX_BODY_BYTES,
  localRequestGuard,
  MCP_PATH,
  refuseBatches,
} from '@scorelane/mcp-server';
import { type AccessRole, roleOfToken } from './access-role.ts';
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
  /** Ends every agent session. */
  close(): Promise<void>;
}

/**
 * Options of {@link createAgentEndpoint}.
 *
 * @example
 * ```ts
 * createAgentEndpoint({ hocuspocus, store, idleMs: 600_000 });
 * ```
 */
export interface AgentEndpointOptions {
  readonly hocuspocus: Hocuspocus;
  readonly store: DocumentStore;
  /** A document's agent session (and its undo history) ends after this long without a call; default 10 minutes. */
  readonly idleMs?: number;
  /** Told about refused requests, without their token. */
  readonly onRefused?: (message: string) => void;
}

type NodeHandler = (req: NodeIncomingMessageLike, res: ServerResponse) => Promise<void>;

interface LiveDocument {
  readonly session: AgentSession;
  readonly handlers: Map<AccessRole, NodeHandler>;
  idle?: NodeJS.Timeout;
}

/**
 * Creates the endpoint; sessions open on a document's first call.
 *
 * @example
 * ```ts
 * const agents = createAgentEndpoint({ hocuspocus, store });
 * ```
 */
export function createAgentEndpoint(options: AgentEndpointOptions): AgentEndpoint {
  const guard = localRequestGuard(DEFAULT_MAX_BODY_BYTES);
  const idleMs = options.idleMs ?? 600_000;
  const live = new Map<string, Promise<LiveDocument>>();

  const liveDocument = (name: string): Promise<LiveDocument> => {
    let found = live.get(name);
    if (found === undefined) {
      found = openAgentSession(options.hocuspocus, name).then((session) => ({
        session,
        handlers: new Map(),
      }));
      live.set(name, found);
      found.catch(() => live.delete(name));
    }
    return found;
  };

  const keepAlive = (name: string, entry: LiveDocument) => {
    if (entry.idle !== undefined) clearTimeout(entry.idle);
    entry.idle = setTimeout(() => {
      live.delete(name);
      void entry.session.close();
    }, idleMs);
    entry.idle.unref();
  };

  return {
    handles: (req) => new URL(req.url ?? '/', 'http://localhost').pathname === MCP_PATH,
    async handle(req, res) {
      if (!guard(req, res)) return;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const name = url.searchParams.get('doc') ?? '';
      const role = roleOfToken(options.store.tokens(name), tokenOf(req, url));
      if (role === undefined) {
        options.onRefused?.('Refused an agent request without a valid token.');
        refuse(
          res,
          401,
          'Refused: pass the document\'s edit or view token as "Authorization: Bearer TOKEN" to /mcp?doc=NAME.',
        );
        return;
      }
      const entry = await liveDocument(name);
      keepAlive(name, entry);
      await handlerFor(entry, role)(req as NodeIncomingMessageLike, res);
    },
    async close() {
      const entries = await Promise.allSettled([...live.values()]);
      live.clear();
      for (const entry of entries) {
        if (entry.status !== 'fulfilled') continue;
        if (entry.value.idle !== undefined) clearTimeout(entry.value.idle);
        await entry.value.session.close();
      }
    },
  };
}

/** The MCP handler of a document for a role, made on first use. */
function handlerFor(entry: LiveDocument, role: AccessRole): NodeHandler {
  let handler = entry.handlers.get(role);
  if (handler === undefined) {
    const factory = catalogServerFactory({
      pipeline: entry.session.tools.pipeline,
      role,
      name: `scorelane-collab:${entry.session.name}`,
      version: '0.0.0',
      resources: [
        {
          uri: 'scorelane://guide/lanes-seq',
          name: 'lanes-seq guide',
          mimeType: 'text/markdown',
          read: () => formatGuide(),
        },
      ],
    });
    const mcp = createMcpHandler(factory, { maxRequestBodySize: DEFAULT_MAX_BODY_BYTES });
    handler = toNodeHandler(refuseBatches(mcp), { maxRequestBodySize: DEFAULT_MAX_BODY_BYTES });
    entry.handlers.set(role, handler);
  }
  return handler;
}

/** The token of a request: `Authorization: Bearer TOKEN`, else the `token` parameter. */
function tokenOf(req: IncomingMessage, url: URL): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? url.searchParams.get('token') ?? undefined;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}
