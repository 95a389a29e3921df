import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  CLOSE_MALFORMED,
  CLOSE_REFUSED,
  CLOSE_TOO_MUCH_QUEUED,
  CLOSE_UNAUTHENTICATED,
} from '../src/socket-guard.ts';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MAX_PENDING_BYTES = 256 * 1024;

async function guardedServer(
  limits: { authTimeoutMs?: number; documentAuthTimeoutMs?: number } = {},
) {
  const db = tempDatabase();
  cleanups.push(db.remove);
  const warnings: string[] = [];
  const server = await startTestServer(db.path, {
    // Long enough never to be reached unless a test asks for less.
    socketLimits: {
      authTimeoutMs: 600_000,
      maxPendingBytes: MAX_PENDING_BYTES,
      maxPendingFrames: 64,
      ...limits,
    },
    onWarning: (message) => warnings.push(message),
  });
  cleanups.push(server.close);
  const links = await server.links('doc');
  return { server, warnings, edit: tokenOf(links.edit) };
}

/** Hocuspocus's varUint and varString, written by hand so the test sends exactly these bytes. */
function varUint(value: number): number[] {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 128);
  }
  bytes.push(value);
  return bytes;
}
function varString(text: string): number[] {
  const utf8 = [...Buffer.from(text, 'utf8')];
  return [...varUint(utf8.length), ...utf8];
}
/** An authentication message (type 2, token sub-type 0) for `document`. */
function auth(document: string, token: string): Buffer {
  return Buffer.from([...varString(document), 2, 0, ...varString(token)]);
}
/** An awareness message (type 1) for `document` carrying `size` bytes of payload. */
function awareness(document: string, size: number): Buffer {
  return Buffer.concat([
    Buffer.from([...varString(document), 1, ...varUint(size)]),
    Buffer.alloc(size),
  ]);
}

async function rawSocket(url: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${url}/doc`);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.on('error', () => {});
  await new Promise((resolve) => ws.once('open', resolve));
  cleanups.push(() => ws.terminate());
  return { ws, closed };
}

/** Resolves once the server has answered the socket's authentication with read-write access. */
function authenticated(ws: WebSocket): Promise<void> {
  return new Promise((resolve) =>
    ws.on('message', (data: Buffer) => {
      if (data.toString('latin1').includes('read-write')) resolve();
    }),
  );
}

/** Resolves once `test()` holds, checked every few milliseconds. */
function polledUntil(test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = setInterval(() => {
      if (!test()) return;
      clearInterval(check);
      resolve();
    }, 5);
  });
}

/** Sends `frames` frames of `size` bytes for `document` while the socket is open. */
function flood(ws: WebSocket, document: string, frames: number, size: number): void {
  const frame = awareness(document, size);
  for (let i = 0; i < frames && ws.readyState === WebSocket.OPEN; i++) ws.send(frame);
}

describe('sockets before authentication (a real server, raw ws clients)', () => {
  it('closes a socket that sends megabytes without authenticating, holding no more than the cap', async () => {
    const { server, warnings } = await guardedServer();
    const { ws, closed } = await rawSocket(server.url);
    let mostHeld = 0;
    const watch = setInterval(() => {
      mostHeld = Math.max(mostHeld, server.sockets.pendingBytes());
    }, 1);
    flood(ws, 'doc', 64, 64 * 1024); // 4 MiB
    expect(await closed).toBe(CLOSE_TOO_MUCH_QUEUED);
    clearInterval(watch);
    expect(mostHeld).toBeLessThanOrEqual(MAX_PENDING_BYTES);
    // Released once the server has seen the socket close too.
    await polledUntil(() => server.sockets.pendingBytes() === 0);
    expect(warnings.join('\n')).toContain(`Closed a WebSocket (${CLOSE_TOO_MUCH_QUEUED})`);
  });

  it('closes a socket whose token was refused, after telling it so, logging one bounded line', async () => {
    const { server, warnings } = await guardedServer();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { ws, closed } = await rawSocket(server.url);
    const answers: Buffer[] = [];
    ws.on('message', (data: Buffer) => answers.push(data));
    ws.send(auth('doc', 'not-the-token'));
    expect(await closed).toBe(CLOSE_REFUSED);
    expect(Buffer.concat(answers).toString('latin1')).toContain('permission-denied');
    // Hocuspocus's own line per refusal is silenced; the guard's bounded log says it.
    expect(printed).not.toHaveBeenCalled();
    expect(warnings).toEqual([`Closed a WebSocket (${CLOSE_REFUSED}): its token was refused.`]);
  });

  it('closes a socket that never authenticates', async () => {
    const { server } = await guardedServer({ authTimeoutMs: 300 });
    const silent = await rawSocket(server.url);
    expect(await silent.closed).toBe(CLOSE_UNAUTHENTICATED);
  });

  it('closes a socket that authenticated one document and sends frames for another', async () => {
    const { server, edit } = await guardedServer({ documentAuthTimeoutMs: 300 });
    const { ws, closed } = await rawSocket(server.url);
    ws.send(auth('doc', edit));
    await authenticated(ws);
    ws.send(awareness('elsewhere', 1024));
    expect(await closed).toBe(CLOSE_UNAUTHENTICATED);
  });

  it('queues nothing for a document the socket did not authenticate, past the cap, while its own document works', async () => {
    const { server, edit } = await guardedServer();
    const { ws, closed } = await rawSocket(server.url);
    ws.send(auth('doc', edit));
    await authenticated(ws);
    flood(ws, 'doc', 16, 64 * 1024); // its own document: not counted
    expect(server.sockets.pendingBytes()).toBe(0);
    flood(ws, 'elsewhere', 64, 64 * 1024);
    expect(await closed).toBe(CLOSE_TOO_MUCH_QUEUED);
  });

  it('closes a socket sending a frame that is not a Hocuspocus message, with one line and no stack trace', async () => {
    const { server, warnings } = await guardedServer();
    const { ws, closed } = await rawSocket(server.url);
    ws.send(Buffer.from([0xff, 0xff, 0xff]));
    expect(await closed).toBe(CLOSE_MALFORMED);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('\n');
    expect(warnings[0]).not.toMatch(/\bat /);
  });
});
