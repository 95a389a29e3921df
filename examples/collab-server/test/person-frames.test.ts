import { afterEach, describe, expect, it } from 'vitest';
import { awarenessFrame } from '../src/hocuspocus-frame.ts';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';
import { connectClient, type TestClient, untilAwareness } from './provider-client.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWithClients() {
  const db = tempDatabase();
  cleanups.push(db.remove);
  const warnings: string[] = [];
  const server = await startTestServer(db.path, { onWarning: (line) => warnings.push(line) });
  cleanups.push(server.close);
  const links = await server.links('doc');
  const connect = async (token: string) => {
    const client = await connectClient(server.url, 'doc', token);
    cleanups.push(client.destroy);
    return client;
  };
  const viewer = await connect(tokenOf(links.view));
  const editor = await connect(tokenOf(links.edit));
  const watcher = await connect(tokenOf(links.view));
  return { server, warnings, viewer, editor, watcher };
}

/** Hocuspocus's BroadcastStateless message (type 6): the server relays it to every connection. */
function broadcastStateless(document: string, payload: string): Uint8Array {
  const text = (value: string) => {
    const bytes = Buffer.from(value, 'utf8');
    return [bytes.length, ...bytes];
  };
  return Uint8Array.from([...text(document), 6, ...text(payload)]);
}

/** Sends raw bytes on a client's own socket, as a tampered page would. */
function sendRaw(client: TestClient, frame: Uint8Array): void {
  client.provider.configuration.websocketProvider.send(frame);
}

/** The presence name `client` sees for client `id`. */
function nameSeen(client: TestClient, id: number): unknown {
  return (client.provider.awareness!.getStates().get(id) as { user?: { name?: string } })?.user
    ?.name;
}

/** Sets a marker on `from`'s presence and waits until `to` sees it: every earlier frame of `from` was handled. */
async function flushed(from: TestClient, to: TestClient, marker: string): Promise<void> {
  from.provider.setAwarenessField('marker', marker);
  const id = from.provider.awareness!.clientID;
  await untilAwareness(
    to,
    () => (to.provider.awareness!.getStates().get(id) as { marker?: string })?.marker === marker,
  );
}

describe("a person's connection cannot speak as an agent or as another client (real provider, real server)", () => {
  it("drops a viewer's stateless messages and logs the first once; an editor's still reach the others", async () => {
    const { warnings, viewer, editor, watcher } = await serverWithClients();
    const received: string[] = [];
    watcher.provider.on('stateless', ({ payload }: { payload: string }) => received.push(payload));
    sendRaw(viewer, broadcastStateless('doc', 'from the viewer'));
    viewer.provider.sendStateless('to the server, from the viewer');
    sendRaw(viewer, broadcastStateless('doc', 'again from the viewer'));
    sendRaw(editor, broadcastStateless('doc', 'from the editor'));
    await flushed(viewer, watcher, 'after the viewer');
    await flushed(editor, watcher, 'after the editor');
    expect(received).toEqual(['from the editor']);
    expect(warnings.filter((line) => line.includes('stateless'))).toEqual([
      'Dropped a stateless message from a view-only connection (viewers send none).',
    ]);
  });

  it('keeps a presence named as an MCP agent from the others, and lets a viewer show its own name', async () => {
    const { warnings, viewer, editor, watcher } = await serverWithClients();
    const viewerId = viewer.provider.awareness!.clientID;
    const editorId = editor.provider.awareness!.clientID;
    const seen: unknown[] = [];
    watcher.provider.awareness!.on('change', () => {
      seen.push(nameSeen(watcher, viewerId), nameSeen(watcher, editorId));
    });
    viewer.provider.setAwarenessField('user', {
      name: 'claude-code (MCP agent)',
      color: '#0277bd',
    });
    editor.provider.setAwarenessField('user', { name: 'MCP  AGENT', color: '#ef6c00' });
    // Every frame of a socket is handled in order: once the later names arrive, the claims were handled.
    viewer.provider.setAwarenessField('user', { name: 'Ada', color: '#2e7d32' });
    editor.provider.setAwarenessField('user', { name: 'Ben', color: '#6a1b9a' });
    await untilAwareness(
      watcher,
      () => nameSeen(watcher, viewerId) === 'Ada' && nameSeen(watcher, editorId) === 'Ben',
    );
    expect(seen.filter((name) => typeof name === 'string' && /agent/i.test(name))).toEqual([]);
    expect(warnings).toContain(
      "Dropped a presence whose name claims to be an MCP agent, from a person's connection.",
    );
  });

  it("refuses an awareness update for another connection's client id, so no one can rename someone else", async () => {
    const { viewer, editor, watcher } = await serverWithClients();
    const editorId = editor.provider.awareness!.clientID;
    editor.provider.setAwarenessField('user', { name: 'Ben', color: '#6a1b9a' });
    await untilAwareness(watcher, () => nameSeen(watcher, editorId) === 'Ben');
    const state = JSON.stringify({ user: { name: 'Mallory', color: '#c62828' }, selection: null });
    sendRaw(viewer, awarenessFrame('doc', [{ clientId: editorId, clock: 10_000, state }]));
    sendRaw(viewer, awarenessFrame('doc', [{ clientId: editorId, clock: 10_001, state: 'null' }]));
    await flushed(viewer, watcher, 'after the forgery');
    expect(nameSeen(watcher, editorId)).toBe('Ben');
    expect(nameSeen(editor, editorId)).toBe('Ben');
  });
});
