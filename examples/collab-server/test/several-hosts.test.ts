/**
 * Several hosts, really separate: instances as `npm start` runs them, each
 * in a working folder of its own with no file shared (nor written), joined
 * only by one PostgreSQL and one Redis. People (the real Hocuspocus
 * provider) and MCP agents on both; one instance killed with SIGKILL in the
 * middle of a stream of writes and restarted; a third started later.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { openActivityLog } from '@scorelane/score-tools';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { units } from './fixtures.ts';
import { createDatabase, POSTGRES_MISSING } from './postgres-process.ts';
import { connectClient, type TestClient, until } from './provider-client.ts';
import { startRedis, stopChild } from './redis-process.ts';
import { type ServerProcess, spawnServer } from './server-process.ts';
import { postgresLeftOut } from './store-backends.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A host: a working folder of its own, and the instance started in it. */
async function host(database: string, redisUrl: string, folder?: string) {
  const cwd = folder ?? mkdtempSync(join(tmpdir(), 'collab-host-'));
  if (folder === undefined) cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
  const server = await spawnServer(database, { REDIS_URL: redisUrl, DOC: 'hosts' }, cwd);
  cleanups.push(() => stopChild(server.child));
  return { cwd, server };
}

async function agentOn(server: ServerProcess, name: string): Promise<Client> {
  const url = new URL(`${server.url.replace(/^ws/, 'http')}/mcp?doc=hosts&name=${name}`);
  const agent = new Client({ name, version: '1.0.0' });
  await agent.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: `Bearer ${server.editToken}` } },
    }),
  );
  cleanups.push(() => agent.close());
  return agent;
}

async function client(server: ServerProcess): Promise<TestClient> {
  const connected = await connectClient(server.url, 'hosts', server.editToken);
  cleanups.push(connected.destroy);
  return connected;
}

/**
 * Writes `prefix-0`, `prefix-1`, ... one after another, each as soon as the
 * one before is acknowledged; `acknowledged` holds those that were.
 */
function stream(writer: TestClient, prefix: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  void (async () => {
    for (let i = 0; !stopped; i++) {
      const key = `${prefix}-${i}`;
      units(writer.doc).set(key, { voices: [] });
      await writer.acknowledged();
      acknowledged.push(key);
    }
  })();
  cleanups.push(() => {
    stopped = true;
  });
  return {
    acknowledged,
    stop: () => {
      stopped = true;
    },
  };
}

/** The units as text, keys sorted (peers may list a Y.Map's keys in different orders). */
function unitsText(client: TestClient): string {
  return JSON.stringify(
    Object.entries(units(client.doc).toJSON()).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** PostgreSQL is needed: left out only outside CI when it is not installed (as `store-backends.ts`). */
const withPostgres = describe.skipIf(postgresLeftOut());

withPostgres('instances on several hosts, joined by PostgreSQL and Redis', () => {
  it('converge, lose nothing acknowledged when one is SIGKILLed mid-stream, and a third started later loads everything', async () => {
    const adminUrl = inject('postgresAdminUrl');
    if (adminUrl === '') throw new Error(POSTGRES_MISSING);
    const database = await createDatabase(adminUrl);
    const redis = await startRedis();
    cleanups.push(redis.stop);
    const [first, second] = await Promise.all([
      host(database, redis.url),
      host(database, redis.url),
    ]);
    expect(second.server.editToken).toBe(first.server.editToken);
    const onFirst = await client(first.server);
    const onSecond = await client(second.server);
    const agentFirst = await agentOn(first.server, 'agent-first');
    const agentSecond = await agentOn(second.server, 'agent-second');

    // Writes on both hosts, people and agents, converge.
    const [rewroteFirst, rewroteSecond] = await Promise.all([
      agentFirst.callTool({
        name: 'rewrite_measures',
        arguments: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n' },
      }),
      agentSecond.callTool({
        name: 'rewrite_measures',
        arguments: { start_measure: 3, parts: [1], lanes_seq: 'P1 s1 v1 m3: E5=1/2 E5=1/2\n' },
      }),
    ]);
    expect([rewroteFirst.isError, rewroteSecond.isError]).toEqual([false, false]);
    units(onFirst.doc).set('person-first', { voices: [] });
    units(onSecond.doc).set('person-second', { voices: [] });
    const agentsLogged = (client: TestClient) => {
      const names = openActivityLog(client.doc)
        .entries()
        .map((entry) => entry.by.name);
      return names.includes('agent-first') && names.includes('agent-second');
    };
    const converged = (client: TestClient) =>
      units(client.doc).has('person-first') &&
      units(client.doc).has('person-second') &&
      agentsLogged(client);
    await Promise.all([
      until(onFirst.doc, () => converged(onFirst)),
      until(onSecond.doc, () => converged(onSecond)),
    ]);
    expect(units(onFirst.doc).toJSON()).toEqual(units(onSecond.doc).toJSON());

    // Both people stream writes; the first host is killed in the middle of it.
    await agentFirst.close().catch(() => {});
    const fromFirst = stream(onFirst, 'first');
    const fromSecond = stream(onSecond, 'second');
    await until(onSecond.doc, () => units(onSecond.doc).has('first-20'));
    await stopChild(first.server.child, 'SIGKILL');
    const afterKill = fromSecond.acknowledged.length;
    await until(onSecond.doc, () => units(onSecond.doc).has(`second-${afterKill + 20}`));
    fromFirst.stop();
    fromSecond.stop();
    await onSecond.acknowledged();
    expect(fromFirst.acknowledged.length).toBeGreaterThan(0);

    // Restarted in the same folder, it has every write the dead one acknowledged, and the other host's.
    const restarted = await host(database, redis.url, first.cwd);
    const onRestarted = await client(restarted.server);
    const hasAll = (doc: TestClient['doc']) =>
      [...fromFirst.acknowledged, ...fromSecond.acknowledged].every((key) => units(doc).has(key));
    await until(onRestarted.doc, () => hasAll(onRestarted.doc));

    // A third host, started later, loads everything from PostgreSQL.
    const third = await host(database, redis.url);
    const onThird = await client(third.server);
    await until(onThird.doc, () => hasAll(onThird.doc) && converged(onThird));
    // What the dead host stored but had not relayed reaches the second host from the restarted one.
    await until(onSecond.doc, () => unitsText(onSecond) === unitsText(onThird));
    expect(units(onThird.doc).toJSON()).toEqual(units(onSecond.doc).toJSON());

    // No host wrote a file: nothing is shared but the database and Redis.
    for (const { cwd } of [first, second, third]) expect(readdirSync(cwd)).toEqual([]);
  });
});
