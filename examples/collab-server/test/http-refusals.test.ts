import { afterEach, describe, expect, it } from 'vitest';
import { exchange } from '../../../scripts/test/raw-socket.ts';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server() {
  const db = tempDatabase();
  cleanups.push(db.remove);
  const warnings: string[] = [];
  const started = await startTestServer(db.path, {
    onWarning: (message) => warnings.push(message),
  });
  cleanups.push(started.close);
  return { port: started.port, token: tokenOf((await started.links('doc')).edit), warnings };
}

const ping = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: {} }));

function head(requestLine: string, host: string, token: string, length?: number): string {
  return [
    requestLine,
    `Host: ${host}`,
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    ...(length === undefined ? [] : [`Content-Length: ${length}`]),
  ].join('\r\n');
}

describe('the agent endpoint answers hostile requests with a 4xx, never a 500 (raw net sockets)', () => {
  it('a Host with user information: 400', async () => {
    const { port, token } = await server();
    const answer = await exchange(
      port,
      head('POST /mcp?doc=doc HTTP/1.1', `x@127.0.0.1:${port}`, token, ping.length),
      ping,
    );
    expect(answer.status).toBe(400);
  });

  it('TRACE: 405', async () => {
    const { port, token } = await server();
    const answer = await exchange(
      port,
      head('TRACE /mcp?doc=doc HTTP/1.1', `127.0.0.1:${port}`, token),
    );
    expect(answer.status).toBe(405);
  });

  it('an absolute-form request target: 400', async () => {
    const { port, token } = await server();
    const answer = await exchange(
      port,
      head(
        `POST http://127.0.0.1:${port}/mcp?doc=doc HTTP/1.1`,
        `127.0.0.1:${port}`,
        token,
        ping.length,
      ),
      ping,
    );
    expect(answer.status).toBe(400);
  });

  it('an 8 MB body: 413, not a closed connection', async () => {
    const { port, token } = await server();
    const body = Buffer.alloc(8 * 1024 * 1024, 0x20);
    const answer = await exchange(
      port,
      head('POST /mcp?doc=doc HTTP/1.1', `127.0.0.1:${port}`, token, body.length),
      body,
    );
    expect(answer.failure).toBeUndefined();
    expect(answer.status).toBe(413);
  });

  it('logs refused requests one line each, then counts them in one summary line', async () => {
    const { port, warnings } = await server();
    for (let i = 0; i < 30; i++) {
      const answer = await exchange(
        port,
        head('POST /mcp?doc=doc HTTP/1.1', `127.0.0.1:${port}`, 'wrong', ping.length),
        ping,
      );
      expect(answer.status).toBe(401);
    }
    await cleanups.pop()?.(); // closing the server writes the summary
    expect(warnings).toHaveLength(21);
    expect(warnings.slice(0, 20).every((line) => !line.includes('\n'))).toBe(true);
    expect(warnings.at(-1)).toBe('... and 10 more refusals not logged one by one (10 requests).');
  });
});
