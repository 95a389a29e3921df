import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startCollabServer } from '@scorelane/collab-server';
import WebSocket from 'ws';
import * as Y from 'yjs';

// One instance, its documents in a SQLite file (REDIS_URL would join it to others).
const folder = mkdtempSync(join(tmpdir(), 'scorelane-'));
const server = await startCollabServer({ database: join(folder, 'scores.db'), port: 0 });

// A new document starts as the example score; its links carry its tokens.
const links = await server.links('ode');
const token = (link: string) => new URL(link).searchParams.get('token') ?? '';
console.log(Object.keys(links));
// [ 'edit', 'view', 'mcp' ]

// A person opens it with the edit link (in Node, `ws` stands in for the browser's WebSocket).
const doc = new Y.Doc();
const socket = new HocuspocusProviderWebsocket({ url: server.url, WebSocketPolyfill: WebSocket });
const person = new HocuspocusProvider({
  websocketProvider: socket,
  name: 'ode',
  token: token(links.edit),
  document: doc,
});
person.attach();
await new Promise((resolve) => person.on('synced', resolve));
console.log(doc.getArray('scorelane.measureOrder').length);
// 16

// An agent rewrites bar 2 of the violin on the same live document, over MCP.
const agent = new Client({ name: 'agent', version: '1.0.0' });
await agent.connect(
  new StreamableHTTPClientTransport(new URL(`${server.httpUrl}/mcp?doc=ode`), {
    requestInit: { headers: { Authorization: `Bearer ${token(links.edit)}` } },
  }),
);
const seen = new Promise((resolve) => doc.once('update', resolve));
const rewrite = await agent.callTool({
  name: 'rewrite_measures',
  arguments: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n' },
});
await seen; // the person's copy has changed
console.log(rewrite.isError, (rewrite.structuredContent as { status: string }).status);
// false applied

// The agent's undo takes back its own call only.
const undone = await agent.callTool({ name: 'undo', arguments: {} });
console.log(undone.isError);
// false

await agent.close();
person.destroy();
socket.destroy();
await server.close();
