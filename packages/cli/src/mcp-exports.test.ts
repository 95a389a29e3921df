import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importMusicXml } from '@scorelane/musicxml';
import { afterEach, describe, expect, it } from 'vitest';
import { firstText, type McpSession, scoreFile, stdioSession } from './mcp-session.test-support.ts';
import { TWO_BARS } from './small-scores.test-support.ts';

const sessions: McpSession[] = [];

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

interface Link {
  readonly type: string;
  readonly uri: string;
  readonly name: string;
  readonly mimeType: string;
  readonly size: number;
}

/** Exports `format` and returns the resource_link the answer holds, failing on a refusal. */
async function exportLink(session: McpSession, format: string): Promise<Link> {
  const result = await session.client.callTool({ name: 'export_score', arguments: { format } });
  expect(result.isError, firstText(result)).toBe(false);
  const blocks = result.content as Link[];
  expect(blocks.map((block) => block.type)).toEqual(['text', 'resource_link']);
  expect(JSON.parse(firstText(result)).content).toBeUndefined();
  return blocks[1]!;
}

describe('export_score through scorelane mcp', () => {
  it('writes .musicxml, .mxl and .mid beside FILE and links to each (name, MIME type, size), leaving FILE as it was', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await stdioSession(file);
    sessions.push(session);
    const musicxml = await exportLink(session, 'musicxml');
    expect(musicxml).toMatchObject({
      name: 'two.export.musicxml',
      mimeType: 'application/vnd.recordare.musicxml+xml',
    });
    expect(dirname(fileURLToPath(musicxml.uri))).toBe(dirname(file));
    const xml = await readFile(fileURLToPath(musicxml.uri), 'utf8');
    expect(Buffer.byteLength(xml)).toBe(musicxml.size);
    expect(importMusicXml(xml).ok).toBe(true);

    const mxl = await exportLink(session, 'mxl');
    expect(mxl.name).toBe('two.export.mxl');
    const zipped = await readFile(fileURLToPath(mxl.uri));
    expect(zipped.length).toBe(mxl.size);
    expect(importMusicXml(new Uint8Array(zipped)).ok).toBe(true);

    const midi = await exportLink(session, 'midi');
    expect(midi).toMatchObject({ name: 'two.export.mid', mimeType: 'audio/midi' });
    const smf = await readFile(fileURLToPath(midi.uri));
    expect(smf.subarray(0, 4).toString()).toBe('MThd');
    expect(await readFile(file, 'utf8')).toBe(TWO_BARS);
  });

  it('writes into --export-dir when given', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-export-dir-'));
    const session = await stdioSession(file, '--export-dir', dir);
    sessions.push(session);
    const link = await exportLink(session, 'midi');
    expect(fileURLToPath(link.uri)).toBe(join(dir, 'two.export.mid'));
    expect((await readFile(join(dir, 'two.export.mid'))).length).toBe(link.size);
  });
});
