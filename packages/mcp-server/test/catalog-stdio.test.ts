import type { Client } from '@modelcontextprotocol/client';
import { toMcpTool } from '@scorelane/tool-contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { firstText, stdioClient } from './clients.ts';
import { createNotes } from './notes-catalog.ts';

const packageDir = new URL('..', import.meta.url).pathname;
const clients: Client[] = [];

async function connect(...args: string[]) {
  const client = await stdioClient('test/serve-notes-stdio.ts', args, packageDir);
  clients.push(client);
  return client;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('a catalog over stdio, in a child process', () => {
  it('lists the manifest', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools).toEqual(createNotes().pipeline.manifest('editor').tools.map(toMcpTool));
  });

  it('writes, reads, refuses, replays and serves the resource on one connection', async () => {
    const client = await connect();
    const write = { key: 'a', text: 'one', revision: 'r0', idempotency_key: 'k' };
    const written = await client.callTool({ name: 'write_note', arguments: write });
    expect(written.structuredContent).toEqual({ key: 'a', revision: 'r1' });
    expect(
      (await client.callTool({ name: 'write_note', arguments: write })).structuredContent,
    ).toEqual(written.structuredContent);
    const stale = await client.callTool({
      name: 'write_note',
      arguments: { key: 'a', text: 'two', revision: 'r0' },
    });
    expect(stale.isError).toBe(true);
    expect(firstText(stale)).toMatch(/^Nothing was changed\.\nThe note a changed since r0\./);
    // The revision now reaches the client through the SDK, in the text and in _meta.
    expect(firstText(stale).split('\n').at(-1)).toBe('Revision now: r1.');
    expect(stale._meta).toEqual({ revision: 'r1' });
    const read = await client.callTool({ name: 'read_notes', arguments: {} });
    expect(read.structuredContent).toEqual({ notes: [{ key: 'a', text: 'one' }], revision: 'r1' });
    const guide = await client.readResource({ uri: 'notes://guide' });
    expect(guide.contents[0]).toMatchObject({ text: '# Notes\n1 notes, 1 writes.' });
  });

  it('applies exactly one of 8 concurrent writes carrying one revision', async () => {
    const client = await connect();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.callTool({
          name: 'write_note',
          arguments: { key: 'shared', text: `from ${i}`, revision: 'r0' },
        }),
      ),
    );
    expect(results.filter((result) => result.isError === false)).toHaveLength(1);
    expect(results.filter((result) => firstText(result).includes('changed since r0'))).toHaveLength(
      7,
    );
    const guide = await client.readResource({ uri: 'notes://guide' });
    expect(guide.contents[0]).toMatchObject({ text: '# Notes\n1 notes, 1 writes.' });
  });

  it('serves a viewer the read tools only', async () => {
    const client = await connect('--role', 'viewer');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['read_notes']);
    const refused = await client.callTool({
      name: 'write_note',
      arguments: { key: 'a', text: 'x' },
    });
    expect(refused.isError).toBe(true);
    expect(firstText(refused)).toContain('The viewer role may not call write_note.');
  });

  it('answers an 11 MiB incoming line with a JSON-RPC error for its id, and goes on serving', async () => {
    const client = await connect();
    const huge = client.callTool({
      name: 'write_note',
      arguments: { key: 'big', text: 'x'.repeat(11 * 1024 * 1024) },
    });
    await expect(huge).rejects.toThrow(
      /over the 8\.0 MiB \(8388608 bytes\) one MCP message over stdio may hold; it was not read/,
    );
    const read = await client.callTool({ name: 'read_notes', arguments: {} });
    expect(read.structuredContent).toEqual({ notes: [], revision: 'r0' });
  });

  it('turns a result over the size limit into a tool error saying how else to get it, and goes on serving', async () => {
    const client = await connect('--max-message-bytes', '8192');
    for (const key of 'abcdefghij') {
      await client.callTool({ name: 'write_note', arguments: { key, text: key.repeat(500) } });
    }
    const all = await client.callTool({ name: 'read_notes', arguments: {} });
    expect(all.isError).toBe(true);
    expect(firstText(all)).toMatch(
      /^Nothing was sent: the answer is \d+ bytes, over the 8192 bytes one MCP message over stdio may hold\. Read fewer notes at a time \(keys\)\.$/,
    );
    const some = await client.callTool({ name: 'read_notes', arguments: { keys: ['a'] } });
    expect(some.isError).toBe(false);
  });
});
