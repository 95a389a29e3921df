import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { startTestServer, tempDatabase, tokenOf, units } from './fixtures.ts';
import { connectClient, until } from './provider-client.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWithDocument(name: string) {
  const db = tempDatabase();
  cleanups.push(db.remove);
  const server = await startTestServer(db.path);
  cleanups.push(server.close);
  const links = await server.links(name);
  return { server, db, edit: tokenOf(links.edit), view: tokenOf(links.view) };
}

/** Connects with `token` and resolves with the server's reason for refusing it. */
function refusal(url: string, name: string, token: string): Promise<string> {
  return new Promise<string>((resolve) => {
    void connectClient(url, name, token, {
      waitForSync: false,
      onAuthenticationFailed: resolve,
    }).then((client) => cleanups.push(client.destroy));
  });
}

describe('access by token', () => {
  it('gives each document its own random edit and view tokens, kept in the database', async () => {
    const { server, edit, view } = await serverWithDocument('one');
    const other = await server.links('two');
    expect(edit).not.toBe(view);
    expect(tokenOf(other.edit)).not.toBe(edit);
    expect(await server.store.tokens('one')).toEqual({ edit, view });
    expect(edit).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("refuses a connection without a valid token, and one with another document's token", async () => {
    const { server, edit } = await serverWithDocument('one');
    const otherEdit = tokenOf((await server.links('two')).edit);
    for (const token of ['', 'guess', otherEdit]) {
      expect(await refusal(server.url, 'one', token)).toBe('permission-denied');
    }
    const admitted = await connectClient(server.url, 'one', edit);
    cleanups.push(admitted.destroy);
    expect(admitted.provider.isSynced).toBe(true);
  });

  it('refuses a never-created document whatever the token', async () => {
    const { server, edit } = await serverWithDocument('one');
    expect(await refusal(server.url, 'never-created', edit)).toBe('permission-denied');
    expect(await server.store.tokens('never-created')).toBeUndefined();
  });

  it("keeps a tampered viewer's change out of the server's document and away from other clients", async () => {
    const { server, edit, view } = await serverWithDocument('shared');
    const viewer = await connectClient(server.url, 'shared', view);
    const editor = await connectClient(server.url, 'shared', edit);
    cleanups.push(viewer.destroy, editor.destroy);
    // A tampered page ignores the read-only flag and writes to its Y.Doc; the provider sends it,
    // and the server answers (its sync status) without applying it.
    const answered = new Promise<void>((resolve) => {
      const answer = () => {
        viewer.provider.off('message', answer);
        resolve();
      };
      viewer.provider.on('message', answer);
    });
    units(viewer.doc).set('tampered', { voices: 'not a unit' });
    await answered;
    expect(viewer.provider.unsyncedChanges).toBe(1);
    // The editor's later write arrives everywhere; the viewer's never does.
    units(editor.doc).set('after', { voices: [] });
    await editor.acknowledged();
    await until(viewer.doc, () => units(viewer.doc).has('after'));
    const live = server.hocuspocus.documents.get('shared')!;
    expect(units(live).has('after')).toBe(true);
    expect(units(live).has('tampered')).toBe(false);
    expect(units(editor.doc).has('tampered')).toBe(false);
    const reopened = new Y.Doc();
    for (const update of await server.store.updates('shared')) Y.applyUpdate(reopened, update);
    expect(units(reopened).has('tampered')).toBe(false);
  });

  it('never writes a token to the console, for refused and admitted connections alike', async () => {
    const printed: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
      });
    }
    const { server, edit, view } = await serverWithDocument('quiet');
    const refusedToken = 'wrong-token-that-must-not-be-printed';
    await refusal(server.url, 'quiet', refusedToken);
    const viewer = await connectClient(server.url, 'quiet', view);
    cleanups.push(viewer.destroy);
    units(viewer.doc).set('refused write', { voices: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const all = printed.join('\n');
    for (const token of [edit, view, refusedToken]) expect(all).not.toContain(token);
  });
});

describe('awareness and bad input', () => {
  it("relays one client's awareness state (who is here, their selection) to another", async () => {
    const { server, edit, view } = await serverWithDocument('presence');
    const ada = await connectClient(server.url, 'presence', edit);
    const bob = await connectClient(server.url, 'presence', view);
    cleanups.push(ada.destroy, bob.destroy);
    ada.provider.setAwarenessField('user', { name: 'Ada', selection: { start: 2, end: 3 } });
    await new Promise<void>((resolve) => {
      const check = () => {
        const states = [...bob.provider.awareness!.getStates().values()];
        if (states.some((state) => state.user?.name === 'Ada')) resolve();
      };
      bob.provider.awareness!.on('change', check);
      check();
    });
    const seen = [...bob.provider.awareness!.getStates().values()].find(
      (s) => s.user?.name === 'Ada',
    );
    expect(seen?.user).toEqual({ name: 'Ada', selection: { start: 2, end: 3 } });
  });

  it('survives malformed messages on a socket and goes on serving the document', async () => {
    const { server, edit } = await serverWithDocument('robust');
    const editor = await connectClient(server.url, 'robust', edit);
    cleanups.push(editor.destroy);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const garbage = [
      new Uint8Array([255, 255, 255, 255, 255]),
      new Uint8Array([6, 114, 111, 98, 117, 115, 116, 0, 2, 250, 1, 2, 3]), // "robust", sync, update of junk
      new Uint8Array([]),
    ];
    for (const bytes of garbage) await sendRaw(server.url, [bytes]);
    // An authenticated editor's socket sending Yjs updates that are not updates.
    for (const junk of [
      [1, 2, 3],
      [0, 0, 255, 255, 255, 255, 15],
      [200, 1, 7, 7, 7, 7],
    ]) {
      await sendRaw(server.url, [authMessage('robust', edit), syncUpdate('robust', junk)]);
    }
    // The junk reached Yjs, which refused it (Hocuspocus says so and goes on).
    const said = errors.mock.calls.map((call) => String(call[0]));
    expect(said).toContain('Caught error while handling a Yjs update');
    units(editor.doc).set('still-served', { voices: [] });
    await editor.acknowledged();
    const late = await connectClient(server.url, 'robust', edit);
    cleanups.push(late.destroy);
    expect(units(late.doc).get('still-served')).toEqual({ voices: [] });
    const reopened = new Y.Doc();
    for (const update of await server.store.updates('robust')) Y.applyUpdate(reopened, update);
    expect(units(reopened).toJSON()).toEqual(units(late.doc).toJSON());
  });
});

/** A short string as Hocuspocus's messages write it (length, then UTF-8; under 128 bytes). */
function shortString(text: string): number[] {
  const bytes = [...Buffer.from(text, 'utf8')];
  return [bytes.length, ...bytes];
}

/** Hocuspocus's auth message (type 2, token 0) for document `name`. */
function authMessage(name: string, token: string): Uint8Array {
  return new Uint8Array([...shortString(name), 2, 0, ...shortString(token)]);
}

/** A sync message (type 0) holding a Yjs update (2) made of `bytes`. */
function syncUpdate(name: string, bytes: readonly number[]): Uint8Array {
  return new Uint8Array([...shortString(name), 0, 2, bytes.length, ...bytes]);
}

/** Opens a raw socket, sends `messages`, and waits until the server closes it or 200 ms pass. */
function sendRaw(url: string, messages: readonly Uint8Array[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    const done = () => {
      socket.terminate();
      resolve();
    };
    socket.on('open', () => {
      for (const bytes of messages) socket.send(bytes);
      setTimeout(done, 200);
    });
    socket.on('close', done);
    socket.on('error', done);
  });
}
