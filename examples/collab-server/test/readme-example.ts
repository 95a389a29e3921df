import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { startCollabServer } from '@scorelane/collab-server';
import WebSocket from 'ws';
import * as Y from 'yjs';

// One instance, its documents in a SQLite file (REDIS_URL would join it to others).
const folder = mkdtempSync(join(tmpdir(), 'scorelane-'));
const server = await startCollabServer({ database: join(folder, 'scores.db'), port: 0 });

// A new document starts as the example score; its links carry its tokens.
const links = server.links('ode');
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

person.destroy();
socket.destroy();
await server.close();
