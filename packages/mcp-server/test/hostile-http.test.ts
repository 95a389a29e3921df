import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from '../../../scripts/test/raw-socket.ts';
import { type HttpEndpoint, KEEP_ALIVE_TIMEOUT_MS, serveCatalogHttp } from '../src/index.ts';
import { firstText, httpClient } from './clients.ts';
import { createNotes, type NotesDocument } from './notes-catalog.ts';
import { mcpHeaders, type RawRequest, rawRequest, rpc } from './raw-http.ts';

const MAX_BODY = 4096;
let endpoint: HttpEndpoint;
let notes: NotesDocument;

beforeAll(async () => {
  const created = createNotes();
  notes = created.notes;
  endpoint = await serveCatalogHttp(
    { pipeline: created.pipeline, role: 'editor', name: 'notes', version: '1.0.0' },
    { port: 0, maxBodyBytes: MAX_BODY },
  );
});

afterAll(() => endpoint.close());

/** Sends `spec`, then shows the server still serves a real client. */
async function refusedThenServing(spec: RawRequest) {
  const answer = await rawRequest(endpoint.port, spec);
  const client = await httpClient(endpoint.url);
  const read = await client.callTool({ name: 'read_notes', arguments: {} });
  await client.close();
  expect(read.isError).toBe(false);
  return {
    ...answer,
    json: JSON.parse(answer.body) as { error?: { code: number; message: string } },
  };
}

const write = rpc('tools/call', { name: 'write_note', arguments: { key: 'x', text: 'pwned' } });

describe('the HTTP endpoint refuses, and keeps serving after', () => {
  it('a foreign Origin: 403', async () => {
    const answer = await refusedThenServing({
      body: write,
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error?.message).toContain('Origin');
    expect(notes.writes).toBe(0);
  });

  it('a loopback Origin is let through', async () => {
    const answer = await rawRequest(endpoint.port, {
      body: rpc('ping'),
      headers: { origin: `http://localhost:${endpoint.port}` },
    });
    expect(answer.status).toBe(200);
  });

  it('a foreign Host, as DNS rebinding sends: 403', async () => {
    const answer = await refusedThenServing({
      body: write,
      headers: { host: `evil.example:${endpoint.port}` },
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error?.message).toContain('Host');
    expect(notes.writes).toBe(0);
  });

  it('a loopback Host naming another port: 403', async () => {
    const answer = await refusedThenServing({
      body: write,
      headers: { host: `localhost:${endpoint.port + 1}` },
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error?.message).toContain(`this server's port, ${endpoint.port}`);
  });

  it('cross-site fetch metadata: 403', async () => {
    const answer = await refusedThenServing({
      body: write,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error?.message).toContain('Sec-Fetch-Site');
    expect(notes.writes).toBe(0);
  });

  it('a body over the limit, declared or streamed in chunks: 413', async () => {
    const body = rpc('tools/call', {
      name: 'write_note',
      arguments: { key: 'x', text: 'y'.repeat(MAX_BODY) },
    });
    expect((await refusedThenServing({ body })).status).toBe(413);
    expect((await refusedThenServing({ body, chunked: true })).status).toBe(413);
    expect(notes.writes).toBe(0);
  });

  it('malformed JSON: the JSON-RPC parse error', async () => {
    const answer = await refusedThenServing({ body: '{"jsonrpc": "2.0", "id": 1, "method": ' });
    expect(answer.status).toBe(400);
    expect(answer.json.error?.code).toBe(-32700);
  });

  it('a JSON-RPC batch: 400 with -32600, nothing in it run', async () => {
    const answer = await refusedThenServing({ body: `[${write},${rpc('ping', {}, 2)}]` });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: -32600 });
    expect(answer.json.error?.message).toContain('one message per POST');
    expect(notes.writes).toBe(0);
  });

  it('GET, DELETE and PUT: 405', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const answer = await refusedThenServing(
        method === 'PUT' ? { method, body: write } : { method },
      );
      expect(answer.status, method).toBe(405);
    }
    expect(notes.writes).toBe(0);
  });

  it('a JSON-RPC method the server does not have: -32601', async () => {
    const answer = await rawRequest(endpoint.port, { body: rpc('tools/delete', { name: 'x' }) });
    expect(answer.body).toContain('"code":-32601');
  });

  it('another path: 404', async () => {
    expect((await refusedThenServing({ path: '/', body: write })).status).toBe(404);
  });

  it('an unknown tool: the protocol error -32602 naming the tools', async () => {
    const answer = await rawRequest(endpoint.port, {
      body: rpc('tools/call', { name: 'rm_rf', arguments: {} }),
    });
    expect(answer.body).toContain('"code":-32602');
    expect(answer.body).toContain('Tools you can call: read_notes, write_note.');
  });

  it('arguments of the wrong type: an isError result naming each field', async () => {
    const client = await httpClient(endpoint.url);
    const result = await client.callTool({
      name: 'write_note',
      arguments: { key: ['x'], text: 42, revision: 7 },
    });
    await client.close();
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(
      /^Nothing was changed\.\n3 problems with the arguments of write_note\.\n- key: .*\n- text: .*\n- revision: /,
    );
    expect(notes.writes).toBe(0);
  });
});

describe('idle connections', () => {
  // Node closes an idle connection after 5 s by default, and the SDK's answers announce no
  // Keep-Alive timeout, so fetch reuses a connection for up to 4 s: a client stalled for a
  // second on a loaded machine sent its next call on a connection the server had just closed
  // ("other side closed"). The endpoint now keeps idle connections for KEEP_ALIVE_TIMEOUT_MS.
  it('are still open 6 s after an answer, for the next request on the same connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const body = rpc('ping');
        const req = request(
          {
            agent,
            host: '127.0.0.1',
            port: endpoint.port,
            method: 'POST',
            path: '/mcp',
            headers: { ...mcpHeaders(endpoint.port), 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    expect(await post()).toEqual({ status: 200, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await post()).toEqual({ status: 200, reused: true });
    agent.destroy();
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(6000);
  });
});

describe('requests no MCP client sends get a 4xx, never a 500 (raw net sockets)', () => {
  const head = (requestLine: string, host: string, extra: string[] = []) =>
    [requestLine, `Host: ${host}`, 'Content-Type: application/json', ...extra].join('\r\n');

  it('a Host with user information: 400', async () => {
    const body = Buffer.from(rpc('ping'));
    const answer = await exchange(
      endpoint.port,
      head('POST /mcp HTTP/1.1', `x@127.0.0.1:${endpoint.port}`, [
        `Content-Length: ${body.length}`,
      ]),
      body,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('user information');
  });

  it('TRACE: 405', async () => {
    const answer = await exchange(
      endpoint.port,
      head('TRACE /mcp HTTP/1.1', `127.0.0.1:${endpoint.port}`),
    );
    expect(answer.status).toBe(405);
  });

  it('an absolute-form request target: 400', async () => {
    const body = Buffer.from(rpc('ping'));
    const answer = await exchange(
      endpoint.port,
      head(`POST http://127.0.0.1:${endpoint.port}/mcp HTTP/1.1`, `127.0.0.1:${endpoint.port}`, [
        `Content-Length: ${body.length}`,
      ]),
      body,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('origin form');
  });

  it('an 8 MB body: 413, read to its end, not a closed connection', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 0x20);
    const answer = await exchange(
      endpoint.port,
      head('POST /mcp HTTP/1.1', `127.0.0.1:${endpoint.port}`, [`Content-Length: ${body.length}`]),
      body,
    );
    expect(answer.failure).toBeUndefined();
    expect(answer.status).toBe(413);
  });
});
