import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollabServer } from '../src/index.ts';
import { measureIds, startTestServer, tempDatabase, tokenOf, units } from './fixtures.ts';
import { connectClient, until } from './provider-client.ts';
import { type RedisProcess, startRedis } from './redis-process.ts';

let redis: RedisProcess;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.stop());

describe('several instances joined by Redis', () => {
  it('lets two clients on two instances edit one document and converge; a restarted instance loses nothing', {
    timeout: 30_000,
  }, async () => {
    const db = tempDatabase();
    const servers: CollabServer[] = [];
    const start = async () => {
      const server = await startTestServer(db.path, { redisUrl: redis.url });
      servers.push(server);
      return server;
    };
    try {
      const a = await start();
      const b = await start();
      const token = tokenOf((await a.links('shared')).edit);
      const onA = await connectClient(a.url, 'shared', token);
      const onB = await connectClient(b.url, 'shared', token);
      expect(measureIds(onB.doc)).toEqual(measureIds(onA.doc));
      expect(measureIds(onA.doc)).toHaveLength(16);

      for (let i = 0; i < 10; i++) {
        units(onA.doc).set(`a-${i}`, { voices: [] });
        units(onB.doc).set(`b-${i}`, { voices: [] });
      }
      const all = (doc: typeof onA.doc) =>
        Array.from({ length: 10 }, (_, i) => [`a-${i}`, `b-${i}`])
          .flat()
          .every((key) => units(doc).has(key));
      await Promise.all([until(onA.doc, () => all(onA.doc)), until(onB.doc, () => all(onB.doc))]);
      expect(units(onA.doc).toJSON()).toEqual(units(onB.doc).toJSON());
      await Promise.all([onA.acknowledged(), onB.acknowledged()]);

      // Instance A goes away; B's client keeps writing; A comes back and has everything.
      onA.destroy();
      servers.splice(servers.indexOf(a), 1);
      await a.close();
      units(onB.doc).set('while-a-was-down', { voices: [] });
      await onB.acknowledged();
      const a2 = await start();
      const back = await connectClient(a2.url, 'shared', token);
      await until(back.doc, () => units(back.doc).has('while-a-was-down'));
      expect(all(back.doc)).toBe(true);
      expect(units(back.doc).toJSON()).toEqual(units(onB.doc).toJSON());
      expect(measureIds(back.doc)).toHaveLength(16);

      // And a write on the restarted instance reaches the client of the other.
      units(back.doc).set('after-restart', { voices: [] });
      await until(onB.doc, () => units(onB.doc).has('after-restart'));
      back.destroy();
      onB.destroy();
    } finally {
      for (const server of servers.splice(0).reverse()) await server.close().catch(() => {});
      db.remove();
    }
  });

  // A guard against a hang, not a speed check: two servers, a Redis restart and ioredis's
  // backoff take far longer than usual when the whole suite loads the machine.
  it('re-joins the instances when Redis is lost and comes back: writes made meanwhile on either side reach the other', {
    timeout: 180_000,
  }, async () => {
    const own = await startRedis();
    const port = Number(new URL(own.url).port);
    let current: RedisProcess = own;
    const db = tempDatabase();
    const servers: CollabServer[] = [];
    try {
      const warnings: string[] = [];
      const a = await startTestServer(db.path, {
        redisUrl: own.url,
        onWarning: (line) => warnings.push(line),
      });
      servers.push(a);
      const b = await startTestServer(db.path, { redisUrl: own.url });
      servers.push(b);
      const token = tokenOf((await a.links('rejoin')).edit);
      const onA = await connectClient(a.url, 'rejoin', token);
      const onB = await connectClient(b.url, 'rejoin', token);
      units(onA.doc).set('before', { voices: [] });
      await until(onB.doc, () => units(onB.doc).has('before'));

      await current.stop();
      units(onA.doc).set('while-down-a', { voices: [] });
      units(onB.doc).set('while-down-b', { voices: [] });
      await Promise.all([onA.acknowledged(), onB.acknowledged()]);
      expect(units(onB.doc).has('while-down-a')).toBe(false);

      current = await startRedis(port);
      await Promise.all([
        until(onB.doc, () => units(onB.doc).has('while-down-a')),
        until(onA.doc, () => units(onA.doc).has('while-down-b')),
      ]);
      units(onB.doc).set('after', { voices: [] });
      await until(onA.doc, () => units(onA.doc).has('after'));
      expect(units(onA.doc).toJSON()).toEqual(units(onB.doc).toJSON());
      // One line when Redis was lost, one when it was back (ioredis retries in between).
      expect(warnings).toEqual([
        expect.stringMatching(
          /^Redis at 127\.0\.0\.1:\d+ is unreachable: documents are not shared with other instances until it is back\.$/,
        ),
        expect.stringMatching(
          /^Redis at 127\.0\.0\.1:\d+ is back: this instance joined the others again\.$/,
        ),
      ]);
      onA.destroy();
      onB.destroy();
    } finally {
      for (const server of servers.splice(0).reverse()) await server.close().catch(() => {});
      await current.stop();
      db.remove();
    }
  });
});
