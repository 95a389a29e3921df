/**
 * The collaboration server: Hocuspocus behind one HTTP server, with the
 * document store, access by token, optional Redis scale-out, and the agent
 * endpoint on `/mcp`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type Extension, Hocuspocus } from '@hocuspocus/server';
import { KEEP_ALIVE_TIMEOUT_MS } from '@scorelane/mcp-server';
import { WebSocketServer } from 'ws';
import { accessControl } from './access-control.ts';
import { type AgentEndpoint, createAgentEndpoint } from './agent-endpoint.ts';
import type { AgentSession } from './agent-session.ts';
import { type DocumentLinks, documentLinks } from './document-links.ts';
import { documentPersistence } from './document-persistence.ts';
import { type DocumentStore, type Durability, openDocumentStore } from './document-store.ts';
import { exampleScoreUpdate } from './example-score.ts';
import { type ExportDownloads, exportDownloads } from './export-downloads.ts';
import { personFrames } from './person-frames.ts';
import { redisScaleOut } from './redis-scale-out.ts';
import { refusalLog } from './refusal-log.ts';
import { type SocketGuard, type SocketGuardOptions, socketGuard } from './socket-guard.ts';
import { type StaticFiles, staticFiles } from './static-files.ts';

/**
 * How to run the server.
 *
 * @example
 * ```ts
 * const options: CollabServerOptions = { database: 'scores.db', port: 8700, redisUrl: process.env.REDIS_URL };
 * ```
 */
export interface CollabServerOptions {
  /**
   * Where documents are kept: a SQLite file (every instance on one host
   * shares it), or a `postgres://` URL (every instance on every host shares
   * the database).
   */
  readonly database: string;
  /** SQLite only. Default `normal` (survives a crash of the process); `full` also survives a power cut. */
  readonly durability?: Durability;
  /** 0 (the default) lets the OS pick. */
  readonly port?: number;
  /** Default `127.0.0.1`; put a TLS proxy in front to serve other machines. */
  readonly host?: string;
  /** Joins the instances that share this Redis (`redis://host:port`). */
  readonly redisUrl?: string | undefined;
  /** The web editor's page, for edit and view links; default the server's own http URL. */
  readonly editorUrl?: string;
  /**
   * A built web editor's folder (its `dist`), served at `/` on this port, so
   * the links open the editor and its socket and `/mcp` are on the page's own
   * origin. Without it, `/` answers 404.
   */
  readonly editorDir?: string | undefined;
  /** Hocuspocus's debounce of its save hook, in ms (here it only compacts). Default 2000. */
  readonly compactDebounceMs?: number;
  /** Told about what the server survived (a bad stored update, a refused agent request); never a token. */
  readonly onWarning?: (message: string) => void;
  /** An MCP agent's session ends after this long without a request; default 10 minutes. */
  readonly agentIdleMs?: number;
  /** The most MCP agent sessions a document holds at once; default 16. */
  readonly maxAgentSessionsPerDocument?: number;
  /** What a WebSocket may do before authenticating (see `socket-guard.ts`); defaults 5 s, 1 MiB, 64 frames. */
  readonly socketLimits?: Omit<SocketGuardOptions, 'log' | 'screen'>;
}

/**
 * A running server.
 *
 * @example
 * ```ts
 * const server = await startCollabServer({ database: 'scores.db' });
 * console.log((await server.links('ode')).edit);
 * await server.close();
 * ```
 */
export interface CollabServer {
  /** `ws://HOST:PORT`, for Hocuspocus providers. */
  readonly url: string;
  /** `http://HOST:PORT`. */
  readonly httpUrl: string;
  readonly port: number;
  readonly hocuspocus: Hocuspocus;
  readonly store: DocumentStore;
  /** What guards the sockets before they authenticate. */
  readonly sockets: Pick<SocketGuard, 'pendingBytes'>;
  /** Creates the document when new (seeded with the example score) and gives its links. */
  links(name: string): Promise<DocumentLinks>;
  /** The MCP agent sessions open on document `name`, one per client. */
  agentSessions(name: string): readonly AgentSession[];
  /** Closes connections, lets Hocuspocus save, closes Redis and the database. */
  close(): Promise<void>;
}

/**
 * Starts a server and resolves once it listens; rejects with one sentence
 * when its database cannot be opened (a PostgreSQL server that is down).
 *
 * @example
 * ```ts
 * const server = await startCollabServer({ database: ':memory:', port: 0 });
 * ```
 */
export async function startCollabServer(options: CollabServerOptions): Promise<CollabServer> {
  const files = options.editorDir === undefined ? undefined : staticFiles(options.editorDir);
  const store = await openDocumentStore({
    database: options.database,
    ...(options.durability === undefined ? {} : { durability: options.durability }),
  });
  const warn = options.onWarning ?? ((message: string) => console.warn(message));
  const redis = options.redisUrl ? redisScaleOut(options.redisUrl, { onWarning: warn }) : undefined;
  const persistence = documentPersistence(store, {
    relayedOrigins: redis ? [redis.redisTransactionOrigin] : [],
    onWarning: warn,
  });
  // Refusals are a stranger's to cause: logged one line each, a few a minute, then counted.
  const refusals = refusalLog({ write: warn });
  // A person's connection may not speak as an agent or another client (see person-frames.ts).
  const screen = personFrames({
    documentOf: (name) => hocuspocus.documents.get(name),
    log: refusals,
  });
  const guard = socketGuard({ ...options.socketLimits, log: refusals, screen });
  const extensions: Extension[] = [
    ...(redis ? [redis] : []),
    guard.authenticating(accessControl(store)),
    persistence,
  ];
  const hocuspocus = new Hocuspocus({
    name: 'scorelane-collab',
    quiet: true,
    debounce: options.compactDebounceMs ?? 2000,
    extensions,
  });
  let httpUrl = '';
  const downloads = exportDownloads(() => httpUrl);
  const agents: AgentEndpoint = createAgentEndpoint({
    hocuspocus,
    store,
    files: downloads.files,
    stored: (name) => persistence.stored(name),
    onRefused: (message) => refusals.refused('requests', message),
    ...(options.agentIdleMs === undefined ? {} : { idleMs: options.agentIdleMs }),
    ...(options.maxAgentSessionsPerDocument === undefined
      ? {}
      : { maxSessionsPerDocument: options.maxAgentSessionsPerDocument }),
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  const http = createServer((req, res) => handleRequest(agents, downloads, files, req, res));
  // Longer than any client reuses an idle connection, so none is closed under a request.
  http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    sockets.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      guard.watch(ws, req);
      hocuspocus.handleConnection(ws, req);
    });
  });
  const host = options.host ?? '127.0.0.1';
  const port = await listen(http, host, options.port ?? 0);
  const origin = `${hostForUrl(host)}:${port}`;
  httpUrl = `http://${origin}`;
  return {
    url: `ws://${origin}`,
    httpUrl,
    port,
    hocuspocus,
    store,
    sockets: guard,
    links: async (name) =>
      documentLinks(name, await store.ensureDocument(name, exampleScoreUpdate), {
        editorUrl: options.editorUrl ?? `${httpUrl}/`,
        mcpUrl: `${httpUrl}/mcp`,
      }),
    agentSessions: (name) => agents.sessions(name),
    close: async () => {
      await closeAll(http, sockets, hocuspocus, agents, store);
      guard.close();
      refusals.close();
    },
  };
}

function handleRequest(
  agents: AgentEndpoint,
  downloads: ExportDownloads,
  files: StaticFiles | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (agents.handles(req)) {
    agents.handle(req, res).catch(() => failed(res));
    return;
  }
  if (downloads.handles(req)) {
    downloads.handle(req, res);
    return;
  }
  if (files !== undefined) {
    files.handle(req, res);
    return;
  }
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(
    'Scorelane collaboration server: open a document with its edit or view link; agents POST to /mcp; exports download from the link export_score answered.\n',
  );
}

/** A request the agent endpoint failed on unexpectedly: the server answers 500 and goes on. */
function failed(res: ServerResponse): void {
  if (!res.headersSent) {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32603, message: 'Internal error.' },
        id: null,
      }),
    );
  } else {
    res.end();
  }
}

function listen(http: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve((http.address() as AddressInfo).port);
    });
  });
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

async function closeAll(
  http: Server,
  sockets: WebSocketServer,
  hocuspocus: Hocuspocus,
  agents: AgentEndpoint,
  store: DocumentStore,
): Promise<void> {
  await agents.close();
  hocuspocus.closeConnections();
  for (const client of sockets.clients) client.terminate();
  await new Promise<void>((resolve) => sockets.close(() => resolve()));
  await new Promise<void>((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
  await unloadAll(hocuspocus);
  await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
  await store.close();
}

/** Saves (compacts) and unloads every loaded document. */
async function unloadAll(hocuspocus: Hocuspocus): Promise<void> {
  for (const document of [...hocuspocus.documents.values()]) {
    const id = `onStoreDocument-${document.name}`;
    if (hocuspocus.debouncer.isDebounced(id)) await hocuspocus.debouncer.executeNow(id);
  }
  await Promise.all(
    [...hocuspocus.documents.values()].map((document) => hocuspocus.unloadDocument(document)),
  );
}
