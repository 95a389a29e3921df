import { fc, test } from '@fast-check/vitest';
import type { Client } from '@modelcontextprotocol/client';
import { toMcpTool } from '@scorelane/tool-contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpEndpoint, serveCatalogHttp } from '../src/index.ts';
import { firstText, httpClient } from './clients.ts';
import { createNotes, notesGuide } from './notes-catalog.ts';

const open: { endpoint: HttpEndpoint; clients: Client[] }[] = [];

async function serve(role = 'editor') {
  const { notes, pipeline } = createNotes();
  const endpoint = await serveCatalogHttp(
    {
      pipeline,
      role,
      name: 'notes',
      version: '1.0.0',
      resources: [notesGuide(notes)],
    },
    { port: 0 },
  );
  const clients: Client[] = [];
  open.push({ endpoint, clients });
  const connect = async (modern = false) => {
    const client = await httpClient(endpoint.url, modern);
    clients.push(client);
    return client;
  };
  return { notes, pipeline, endpoint, connect };
}

afterEach(async () => {
  for (const { endpoint, clients } of open.splice(0)) {
    await Promise.all(clients.map((client) => client.close()));
    await endpoint.close();
  }
});

describe('a catalog over Streamable HTTP', () => {
  it('listens on 127.0.0.1 at /mcp', async () => {
    const { endpoint } = await serve();
    expect(endpoint.url).toBe(`http://127.0.0.1:${endpoint.port}/mcp`);
  });

  it('lists the manifest: names, titles, input and output schemas, annotations', async () => {
    const { pipeline, connect } = await serve();
    const { tools } = await (await connect()).listTools();
    expect(tools).toEqual(pipeline.manifest('editor').tools.map(toMcpTool));
    expect(tools.map((tool) => tool.annotations?.readOnlyHint)).toEqual([true, undefined]);
  });

  it('lists only what the role grants, and refuses the rest as an isError result', async () => {
    const { notes, connect } = await serve('viewer');
    const client = await connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['read_notes']);
    const refused = await client.callTool({
      name: 'write_note',
      arguments: { key: 'a', text: 'x' },
    });
    expect(refused.isError).toBe(true);
    expect(firstText(refused)).toMatch(
      /^Nothing was changed\.\nThe viewer role may not call write_note\./,
    );
    expect(notes.writes).toBe(0);
  });

  it('answers a call with text for the model and the output as structuredContent', async () => {
    const { connect } = await serve();
    const client = await connect();
    const written = await client.callTool({
      name: 'write_note',
      arguments: { key: 'a', text: 'Hi' },
    });
    expect(written.isError).toBe(false);
    expect(written.structuredContent).toEqual({ key: 'a', revision: 'r1' });
    const read = await client.callTool({ name: 'read_notes', arguments: {} });
    expect(read.structuredContent).toEqual({ notes: [{ key: 'a', text: 'Hi' }], revision: 'r1' });
    expect(JSON.parse(firstText(read))).toEqual(read.structuredContent);
  });

  it('speaks the 2026-07-28 revision to a client that negotiates it', async () => {
    const { connect } = await serve();
    const client = await connect(true);
    expect((await client.listTools()).tools).toHaveLength(2);
    const written = await client.callTool({
      name: 'write_note',
      arguments: { key: 'b', text: 'Yo' },
    });
    expect(written.structuredContent).toEqual({ key: 'b', revision: 'r1' });
  });

  it('returns a refusal as an isError result and writes nothing', async () => {
    const { notes, connect } = await serve();
    const client = await connect();
    const refused = await client.callTool({
      name: 'write_note',
      arguments: { key: 'a', text: '  ' },
    });
    expect(refused.isError).toBe(true);
    expect(firstText(refused).split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      'The note a was not written.',
    ]);
    expect(refused.structuredContent).toBeUndefined();
    expect(notes.snapshot()).toEqual({});
  });

  it('names every wrong argument in an isError result, not a protocol error', async () => {
    const { connect } = await serve();
    const client = await connect();
    const refused = await client.callTool({
      name: 'write_note',
      arguments: { key: 7, text: ['x'], colour: 'red' },
    });
    expect(refused.isError).toBe(true);
    const text = firstText(refused);
    expect(text).toContain('3 problems with the arguments of write_note.');
    expect(text).toMatch(/^- key: /m);
    expect(text).toMatch(/^- text: /m);
    expect(text).toMatch(/^- colour: Unknown field\./m);
  });

  it('answers a tool name it does not have with the protocol error -32602', async () => {
    const { connect } = await serve();
    const client = await connect();
    await expect(
      client.callTool({ name: 'delete_everything', arguments: {} }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Tools you can call: read_notes, write_note.'),
    });
    expect((await client.callTool({ name: 'read_notes', arguments: {} })).isError).toBe(false);
  });

  it('refuses a stale write and replays an idempotent retry without writing twice', async () => {
    const { notes, connect } = await serve();
    const client = await connect();
    const first = { key: 'a', text: 'one', revision: 'r0', idempotency_key: 'k1' };
    const applied = await client.callTool({ name: 'write_note', arguments: first });
    const retried = await client.callTool({ name: 'write_note', arguments: first });
    expect(retried.structuredContent).toEqual(applied.structuredContent);
    expect(notes.writes).toBe(1);
    const stale = await client.callTool({
      name: 'write_note',
      arguments: { key: 'a', text: 'two', revision: 'r0' },
    });
    expect(stale.isError).toBe(true);
    expect(firstText(stale)).toContain('The note a changed since r0.');
    expect(notes.snapshot()).toEqual({ a: 'one' });
  });

  it('applies exactly one of 8 concurrent writes from 8 clients carrying one revision', async () => {
    const { notes, connect } = await serve();
    const clients = await Promise.all(Array.from({ length: 8 }, () => connect()));
    const results = await Promise.all(
      clients.map((client, i) =>
        client.callTool({
          name: 'write_note',
          arguments: { key: 'shared', text: `from ${i}`, revision: 'r0' },
        }),
      ),
    );
    const applied = results.filter((result) => result.isError === false);
    const stale = results.filter((result) => firstText(result).includes('changed since r0'));
    expect(applied).toHaveLength(1);
    expect(stale).toHaveLength(7);
    expect(notes.writes).toBe(1);
    const winner = results.indexOf(applied[0]!);
    expect(notes.snapshot()).toEqual({ shared: `from ${winner}` });
  });

  test.prop([fc.integer({ min: 2, max: 8 }), fc.nat({ max: 3 })], { numRuns: 8 })(
    'of N concurrent writes carrying the revision last read, exactly one applies and the rest change nothing',
    async (writers, earlier) => {
      const { notes, connect } = await serve();
      const client = await connect();
      for (let i = 0; i < earlier; i += 1) {
        await client.callTool({ name: 'write_note', arguments: { key: 'shared', text: `v${i}` } });
      }
      const read = await client.callTool({ name: 'read_notes', arguments: {} });
      const { revision } = read.structuredContent as { revision: string };
      const results = await Promise.all(
        Array.from({ length: writers }, (_, i) =>
          client.callTool({
            name: 'write_note',
            arguments: { key: 'shared', text: `w${i}`, revision },
          }),
        ),
      );
      const applied = results.flatMap((result, i) => (result.isError === false ? [i] : []));
      expect(applied).toHaveLength(1);
      for (const result of results) {
        if (result.isError === true) expect(firstText(result)).toMatch(/^Nothing was changed\.\n/);
      }
      expect(notes.writes).toBe(earlier + 1);
      expect(notes.snapshot()).toEqual({ shared: `w${applied[0]}` });
    },
  );

  it('serves the host resources', async () => {
    const { connect } = await serve();
    const client = await connect();
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      {
        uri: 'notes://guide',
        name: 'guide',
        title: 'How notes work',
        mimeType: 'text/markdown',
      },
    ]);
    const read = await client.readResource({ uri: 'notes://guide' });
    expect(read.contents).toEqual([
      { uri: 'notes://guide', mimeType: 'text/markdown', text: '# Notes\n0 notes, 0 writes.' },
    ]);
  });
});
