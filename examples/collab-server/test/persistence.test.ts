import { afterEach, describe, expect, it } from 'vitest';
import { openDocumentStore } from '../src/index.ts';
import { measureIds, startTestServer, tempDatabase, tokenOf, units } from './fixtures.ts';
import { connectClient, type TestClient } from './provider-client.ts';
import { stopChild } from './redis-process.ts';
import { spawnServer } from './server-process.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('persistence in SQLite', () => {
  it('seeds a new document with the example score once, though two clients open it at the same moment', async () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    const server = await startTestServer(db.path);
    cleanups.push(server.close);
    const token = tokenOf(server.links('fresh').edit);
    const [first, second] = await Promise.all([
      connectClient(server.url, 'fresh', token),
      connectClient(server.url, 'fresh', token),
    ]);
    cleanups.push(first.destroy, second.destroy);
    expect(measureIds(first.doc)).toHaveLength(16);
    expect(measureIds(second.doc)).toEqual(measureIds(first.doc));
  });

  it('seeds once when two stores on one file create the same document', () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    const one = openDocumentStore({ path: db.path });
    const two = openDocumentStore({ path: db.path });
    cleanups.push(one.close, two.close);
    let seeds = 0;
    const seed = () => {
      seeds += 1;
      return new Uint8Array([0, 0]);
    };
    expect(one.ensureDocument('new', seed)).toEqual(two.ensureDocument('new', seed));
    expect(seeds).toBe(1);
    expect(two.updates('new')).toHaveLength(1);
  });

  it('keeps every edit across a restart of the server', async () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    const before = await startTestServer(db.path);
    const token = tokenOf(before.links('kept').edit);
    const writer = await connectClient(before.url, 'kept', token);
    for (let i = 0; i < 20; i++) units(writer.doc).set(`edit-${i}`, { voices: [] });
    await writer.acknowledged();
    writer.destroy();
    await before.close();

    const after = await startTestServer(db.path);
    cleanups.push(after.close);
    expect(tokenOf(after.links('kept').edit)).toBe(token);
    const reader = await connectClient(after.url, 'kept', token);
    cleanups.push(reader.destroy);
    for (let i = 0; i < 20; i++) expect(units(reader.doc).has(`edit-${i}`)).toBe(true);
    expect(measureIds(reader.doc)).toHaveLength(16);
  });

  it('loses no acknowledged write when the server process is killed (SIGKILL) right after it', async () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    const first = await spawnServer(db.path);
    cleanups.push(() => stopChild(first.child, 'SIGKILL'));
    const writer = await connectClient(first.url, 'example', first.editToken);
    cleanups.push(writer.destroy);
    units(writer.doc).set('acknowledged', { voices: [] });
    await writer.acknowledged();
    await stopChild(first.child, 'SIGKILL');
    writer.destroy();

    const second = await spawnServer(db.path);
    cleanups.push(() => stopChild(second.child));
    expect(second.editToken).toBe(first.editToken);
    const reader: TestClient = await connectClient(second.url, 'example', second.editToken);
    cleanups.push(reader.destroy);
    expect(units(reader.doc).get('acknowledged')).toEqual({ voices: [] });
  });
});
