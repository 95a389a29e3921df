import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PORTS, LOOPBACK_HOST, listenOnLoopback } from './loopback-port.ts';

const servers: Server[] = [];

function server(): Server {
  const created = createServer((_req, res) => res.end());
  servers.push(created);
  return created;
}

/** A port that was free a moment ago, picked by the OS. */
async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnLoopback(probe, 0);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

afterEach(async () => {
  await Promise.all(
    servers
      .splice(0)
      .map((s) => new Promise((resolve) => (s.listening ? s.close(resolve) : resolve(null)))),
  );
});

describe('listenOnLoopback', () => {
  it('tries 8642 to 8651 by default', () => {
    expect(DEFAULT_PORTS).toEqual([8642, 8643, 8644, 8645, 8646, 8647, 8648, 8649, 8650, 8651]);
  });

  it('binds 127.0.0.1 only', async () => {
    const s = server();
    await listenOnLoopback(s, 0);
    expect(s.address()).toMatchObject({ address: LOOPBACK_HOST, family: 'IPv4' });
  });

  it('takes the first free candidate', async () => {
    const taken = server();
    const busy = await listenOnLoopback(taken, 0);
    const next = await freePort();
    expect(await listenOnLoopback(server(), undefined, [busy, next])).toBe(next);
  });

  it('says what to do when every candidate is taken', async () => {
    const busy = await listenOnLoopback(server(), 0);
    await expect(listenOnLoopback(server(), undefined, [busy])).rejects.toThrow(
      `Ports ${busy} on 127.0.0.1 are all in use; pass a free one with --port.`,
    );
  });

  it('says what to do when the port asked for is taken', async () => {
    const busy = await listenOnLoopback(server(), 0);
    await expect(listenOnLoopback(server(), busy)).rejects.toThrow(
      `Port ${busy} on 127.0.0.1 is in use; pass another --port, or none.`,
    );
  });
});
