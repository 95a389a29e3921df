import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { openActivityLog, openOversightSettings } from '@scorelane/score-tools';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { exampleScoreUpdate, openDocumentStore } from '../src/index.ts';
import { measureIds, startTestServer, tokenOf, units } from './fixtures.ts';
import { connectClient, type TestClient } from './provider-client.ts';
import { stopChild } from './redis-process.ts';
import { spawnServer } from './server-process.ts';
import { storeBackends } from './store-backends.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Yjs updates of one doc that each set one key of the units map (what a long session stores). */
function manyUpdates(base: Uint8Array, count: number): Uint8Array[] {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, base);
  const made: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => made.push(update));
  for (let i = 0; i < count; i++) units(doc).set(`long-${i % 500}`, { voices: [], seq: i });
  return made;
}

/** Runs `work` on `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map(work));
}

describe.each(storeBackends())('persistence in $name', (backend) => {
  const fresh = async () => {
    const db = await backend.fresh();
    cleanups.push(db.remove);
    return db.database;
  };

  it('seeds a new document with the example score once, though two clients open it at the same moment', async () => {
    const server = await startTestServer(await fresh());
    cleanups.push(server.close);
    const token = tokenOf((await server.links('fresh')).edit);
    const [first, second] = await Promise.all([
      connectClient(server.url, 'fresh', token),
      connectClient(server.url, 'fresh', token),
    ]);
    cleanups.push(first.destroy, second.destroy);
    expect(measureIds(first.doc)).toHaveLength(16);
    expect(measureIds(second.doc)).toEqual(measureIds(first.doc));
  });

  it('seeds once when two stores on one database create the same document at once', async () => {
    const database = await fresh();
    const one = await openDocumentStore({ database });
    const two = await openDocumentStore({ database });
    cleanups.push(one.close, two.close);
    let seeds = 0;
    const seed = () => {
      seeds += 1;
      return new Uint8Array([0, 0]);
    };
    const [a, b] = await Promise.all([
      one.ensureDocument('new', seed),
      two.ensureDocument('new', seed),
    ]);
    expect(a).toEqual(b);
    expect(seeds).toBe(1);
    expect(await two.updates('new')).toHaveLength(1);
    expect(await one.tokens('new')).toEqual(a);
  });

  it('seeds once when two server processes open a new document at the same moment', async () => {
    const database = await fresh();
    const [first, second] = await Promise.all([
      spawnServer(database, { DOC: 'opened-twice' }),
      spawnServer(database, { DOC: 'opened-twice' }),
    ]);
    cleanups.push(
      () => stopChild(first.child),
      () => stopChild(second.child),
    );
    expect(second.editToken).toBe(first.editToken);
    const store = await openDocumentStore({ database });
    cleanups.push(store.close);
    expect(await store.updates('opened-twice')).toHaveLength(1);
  });

  it('keeps every edit, the activity log and the oversight settings across a restart of the server', async () => {
    const database = await fresh();
    const before = await startTestServer(database);
    const links = await before.links('kept');
    const token = tokenOf(links.edit);
    const writer = await connectClient(before.url, 'kept', token);
    for (let i = 0; i < 20; i++) units(writer.doc).set(`edit-${i}`, { voices: [] });
    await writer.acknowledged();
    const agent = new Client({ name: 'keeper', version: '1.0.0' });
    const mcp = new URL(links.mcp);
    mcp.searchParams.delete('token');
    await agent.connect(
      new StreamableHTTPClientTransport(mcp, {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const written = await agent.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n' },
    });
    expect((written.structuredContent as { status: string }).status).toBe('applied');
    await agent.close();
    openOversightSettings(writer.doc).setReviewMode(true, 'Ada');
    await writer.acknowledged();
    writer.destroy();
    await before.close();

    const after = await startTestServer(database);
    cleanups.push(after.close);
    expect(tokenOf((await after.links('kept')).edit)).toBe(token);
    const reader = await connectClient(after.url, 'kept', token);
    cleanups.push(reader.destroy);
    for (let i = 0; i < 20; i++) expect(units(reader.doc).has(`edit-${i}`)).toBe(true);
    expect(measureIds(reader.doc)).toHaveLength(16);
    expect(openOversightSettings(reader.doc).reviewMode()).toBe(true);
    expect(
      openActivityLog(reader.doc)
        .entries()
        .map((entry) => entry.by.name),
    ).toContain('keeper');
  });

  it('loses no acknowledged write when the server process is killed (SIGKILL) right after it', async () => {
    const database = await fresh();
    const first = await spawnServer(database);
    cleanups.push(() => stopChild(first.child, 'SIGKILL'));
    const writer = await connectClient(first.url, 'example', first.editToken);
    cleanups.push(writer.destroy);
    units(writer.doc).set('acknowledged', { voices: [] });
    await writer.acknowledged();
    await stopChild(first.child, 'SIGKILL');
    writer.destroy();

    const second = await spawnServer(database);
    cleanups.push(() => stopChild(second.child));
    expect(second.editToken).toBe(first.editToken);
    const reader: TestClient = await connectClient(second.url, 'example', second.editToken);
    cleanups.push(reader.destroy);
    expect(units(reader.doc).get('acknowledged')).toEqual({ voices: [] });
  });

  it('compacts a document of 20,000 stored updates in the background, and a later load reads the snapshot', async () => {
    const database = await fresh();
    const store = await openDocumentStore({ database });
    cleanups.push(store.close);
    await store.ensureDocument('long', exampleScoreUpdate);
    const [seed] = await store.updates('long');
    await inBatches(manyUpdates(seed!, 20_000), 32, (update) => store.append('long', update));
    expect(await store.updates('long')).toHaveLength(20_001);

    // Loading it schedules the compaction; the rows drop to one snapshot while the document is open.
    const server = await startTestServer(database);
    const token = tokenOf((await server.links('long')).edit);
    const first = await connectClient(server.url, 'long', token);
    expect((units(first.doc).get('long-499') as { seq: number }).seq).toBe(19_999);
    while ((await store.updates('long')).length > 1) await new Promise((r) => setTimeout(r, 50));
    first.destroy();
    await server.close();

    const again = await startTestServer(database);
    cleanups.push(again.close);
    const reader = await connectClient(again.url, 'long', token);
    cleanups.push(reader.destroy);
    expect(await store.updates('long')).toHaveLength(1);
    for (let key = 0; key < 500; key++) {
      expect((units(reader.doc).get(`long-${key}`) as { seq: number }).seq).toBe(19_500 + key);
    }
    expect(measureIds(reader.doc)).toHaveLength(16);
  });

  // SQLite's compaction is one synchronous transaction, done before the first append starts:
  // only PostgreSQL's overlaps, so only there is this a case.
  if (backend.name === 'PostgreSQL') {
    it('keeps an update appended while a compaction runs', async () => {
      const database = await fresh();
      const one = await openDocumentStore({ database });
      const two = await openDocumentStore({ database });
      cleanups.push(one.close, two.close);
      await one.ensureDocument('busy', exampleScoreUpdate);
      const [seed] = await one.updates('busy');
      const updates = manyUpdates(seed!, 600);
      for (const update of updates.slice(0, 300)) await one.append('busy', update);
      const [merged] = await Promise.all([
        one.compact('busy'),
        inBatches(updates.slice(300), 8, (update) => two.append('busy', update)),
      ]);
      // The seed and 600 updates; the compaction merged what was stored when it read, some appends came after.
      const total = 1 + updates.length;
      expect(merged).toBeLessThan(total);
      const rows = await two.updates('busy');
      expect(rows).toHaveLength(1 + (total - merged));
      const doc = new Y.Doc();
      for (const update of rows) Y.applyUpdate(doc, update);
      for (let key = 0; key < 500; key++) {
        const last = key < 100 ? 500 + key : key;
        expect((units(doc).get(`long-${key}`) as { seq: number }).seq).toBe(last);
      }
    });
  }
});
