import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { importMusicXml } from '@scorelane/musicxml';
import { scoreInfo } from '@scorelane/score-model';
import { afterEach, describe, expect, it } from 'vitest';
import { exportDownloads } from '../src/export-downloads.ts';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function agentOnLiveDocument() {
  const db = tempDatabase();
  cleanups.push(db.remove);
  const server = await startTestServer(db.path);
  cleanups.push(server.close);
  const links = await server.links('live');
  const url = new URL(links.mcp);
  url.searchParams.delete('token');
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: `Bearer ${tokenOf(links.edit)}` } },
    }),
  );
  cleanups.push(() => client.close());
  return { server, client };
}

interface ResourceLink {
  readonly type: string;
  readonly uri: string;
  readonly name: string;
  readonly mimeType: string;
  readonly size: number;
}

describe("an agent's export on the collaboration server", () => {
  it('answers a download link (resource_link with name, MIME type and size), not the file; the link serves the score the document holds', async () => {
    const { server, client } = await agentOnLiveDocument();
    const result = await client.callTool({
      name: 'export_score',
      arguments: { format: 'musicxml' },
    });
    expect(result.isError, JSON.stringify(result.content)).toBe(false);
    const output = result.structuredContent as { content?: string; bytes: number };
    expect(output.content).toBeUndefined();
    const link = (result.content as ResourceLink[]).find((block) => block.type === 'resource_link');
    expect(link).toMatchObject({ mimeType: 'application/vnd.recordare.musicxml+xml' });
    expect(link!.uri.startsWith(`${server.httpUrl}/exports/`)).toBe(true);
    expect(link!.size).toBe(output.bytes);

    const download = await fetch(link!.uri);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(link!.mimeType);
    expect(download.headers.get('content-disposition')).toContain(`filename="${link!.name}"`);
    const text = await download.text();
    expect(Buffer.byteLength(text)).toBe(link!.size);
    const imported = importMusicXml(text);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const downloaded = scoreInfo(imported.score);
    const agentRead = await client.callTool({
      name: 'get_score_info',
      arguments: {},
    });
    const info = agentRead.structuredContent as { measure_count: number; parts: unknown[] };
    expect(downloaded.measureCount).toBe(info.measure_count);
    expect(downloaded.parts).toHaveLength(info.parts.length);
  });

  it('serves MIDI and .mxl as bytes, HEAD without a body; a wrong id is 404 and a POST 405, each saying what to do', async () => {
    const { server, client } = await agentOnLiveDocument();
    for (const format of ['midi', 'mxl'] as const) {
      const result = await client.callTool({ name: 'export_score', arguments: { format } });
      const link = (result.content as ResourceLink[]).find(
        (block) => block.type === 'resource_link',
      )!;
      const bytes = new Uint8Array(await (await fetch(link.uri)).arrayBuffer());
      expect(bytes.length).toBe(link.size);
      // A MIDI file starts MThd; an .mxl (a zip) starts PK.
      expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe(format === 'midi' ? 'MT' : 'PK');
      const head = await fetch(link.uri, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(link.size));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
    const missing = await fetch(`${server.httpUrl}/exports/not-an-id/score.musicxml`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Call export_score again');
    const posted = await fetch(`${server.httpUrl}/exports/x/y`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('exportDownloads limits', () => {
  const file = (name: string, size: number) => ({
    name,
    mimeType: 'audio/midi',
    bytes: new Uint8Array(size),
  });
  const idOf = (uri: string) => new URL(uri).pathname.split('/')[2]!;

  it('keeps at most maxFiles and maxBytes, the oldest going first, and refuses one file over maxBytes', () => {
    const downloads = exportDownloads(() => 'http://127.0.0.1:1', { maxFiles: 2, maxBytes: 100 });
    const first = downloads.files.keep(file('a.mid', 10)) as { uri: string };
    downloads.files.keep(file('b.mid', 10));
    downloads.files.keep(file('c.mid', 10));
    expect(downloads.size).toBe(2);
    // c (10) and d (90) fill the 100 bytes; f (50) leaves room only for itself.
    downloads.files.keep(file('d.mid', 90));
    expect(downloads.size).toBe(2);
    downloads.files.keep(file('f.mid', 50));
    expect(downloads.size).toBe(1);
    expect(() => downloads.files.keep(file('e.mid', 101))).toThrow(/over the 100 bytes/);
    expect(idOf(first.uri)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('forgets a file once ttlMs has passed (a test clock)', () => {
    let now = 0;
    const downloads = exportDownloads(() => 'http://127.0.0.1:1', { ttlMs: 1000, now: () => now });
    downloads.files.keep(file('a.mid', 1));
    now = 999;
    downloads.files.keep(file('b.mid', 1));
    expect(downloads.size).toBe(2);
    now = 1000;
    downloads.files.keep(file('c.mid', 1));
    expect(downloads.size).toBe(2);
    now = 5000;
    downloads.files.keep(file('d.mid', 1));
    expect(downloads.size).toBe(1);
  });
});
