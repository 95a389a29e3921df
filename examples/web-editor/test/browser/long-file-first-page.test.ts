/**
 * Opening a long file (issue 26): the 400-bar file `npm run bench` opens,
 * set on the file input of the built editor in Chromium. Its first page is
 * engraved from the file's head before the whole file is in the page's
 * document; that page must be the whole file's first page (the engraving
 * keeps its ranges: the same SVG elements, never engraved again), and the
 * document must end as a direct import of the file makes it, with selecting,
 * editing and the play head working on the ranges the head engraved.
 */
import { readFileSync } from 'node:fs';
import { exportMusicXml, importMusicXml } from '@scorelane/musicxml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatedExample } from '../../src/long-score.test-support.ts';
import { type EditorSession, openEditor } from './browser-agent.ts';
import { type EditorServer, serveEditor } from './editor-server.ts';
import { renders, waitUntil } from './score-probe.ts';

/** At the first engraving shown, remembers what the page showed: whether it was ready, and each engraved range's SVG element. */
const OBSERVE_FIRST_ENGRAVING = `
  document.addEventListener('DOMContentLoaded', () => {
    const score = document.getElementById('score');
    new MutationObserver((_, observer) => {
      if (score.dataset.firstEngravingMs === undefined) return;
      observer.disconnect();
      const ranges = [...score.querySelectorAll('.score-range')].filter((range) => range.querySelector('svg'));
      window.firstPage = {
        ready: document.body.dataset.ready ?? null,
        renders: score.dataset.renders ?? null,
        documentName: document.getElementById('document-name').textContent,
        ranges: ranges.map((range) => range.dataset.firstMeasure),
        svgs: ranges.map((range) => range.querySelector('svg')),
      };
    }).observe(score, { attributes: true, attributeFilter: ['data-first-engraving-ms'] });
  });
`;

describe('a 400-bar file opened from disk', () => {
  const bytes = repeatedExample(25);
  let server: EditorServer;
  let editor: EditorSession;

  beforeAll(async () => {
    server = await serveEditor();
    editor = await openEditor(server.url, { initScript: OBSERVE_FIRST_ENGRAVING });
    await editor.page.setInputFiles('#file-open', {
      name: 'long.musicxml',
      mimeType: 'application/vnd.recordare.musicxml+xml',
      buffer: Buffer.from(bytes),
    });
    await editor.page.waitForFunction(
      () =>
        document.body.dataset.ready === 'true' &&
        document.getElementById('document-name')?.textContent?.startsWith('long.musicxml'),
      null,
      { timeout: 300_000 },
    );
  });

  afterAll(async () => {
    await editor?.close();
    await server?.close();
  });

  it('shows its first page engraved from the head before the whole file is in, and keeps that page as the whole file’s first page', async () => {
    const first = await editor.evaluate<{
      ready: string | null;
      renders: string | null;
      documentName: string;
      ranges: string[];
    }>('({ ...window.firstPage, svgs: undefined })');
    // Shown before the document was opened: the page was not ready and had rendered nothing of it.
    expect(first.documentName).toBe('');
    expect(first.ready).toBeNull();
    expect(first.renders).toBeNull();
    expect(first.ranges[0]).toBe('1');
    // The whole file's engraving kept every range of that page: the same SVG, in the document.
    expect(
      await editor.evaluate<boolean[]>(
        'window.firstPage.svgs.map((svg) => svg.isConnected && svg.parentElement.querySelector("svg") === svg)',
      ),
    ).toEqual(first.ranges.map(() => true));
    // And the rest of the score is laid out after it.
    expect(
      await editor.evaluate<number>('document.querySelectorAll("#score .score-range").length'),
    ).toBe(50);
  });

  it('ends with the document a direct import of the file gives (its MusicXML download)', async () => {
    const [download] = await Promise.all([
      editor.page.waitForEvent('download'),
      editor.page.click('#download-musicxml'),
    ]);
    const direct = importMusicXml(bytes);
    if (!direct.ok) throw new Error(direct.problems[0]?.message);
    expect(readFileSync(await download.path(), 'utf8')).toBe(exportMusicXml(direct.score));
  });

  it('selects, edits and plays on the ranges the head engraved (audio output not checked)', async () => {
    await editor.page.click('#score svg g.measure >> nth=2');
    await waitUntil(async () =>
      editor.evaluate<boolean>('document.getElementById("lanes-text").value.includes("m3:")'),
    );
    const before = await renders(editor);
    const edit = await editor.call('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: B5=1/4 G5=1/4 F#5=1/4 E5=1/4\n',
    });
    expect(edit.isError).toBe(false);
    await waitUntil(async () => (await renders(editor)) > before);
    // Measure 9 is in the head's second range, never engraved again: its notes light up as it plays.
    await editor.page.click('#score svg g.measure >> nth=8');
    await editor.page.click('#play');
    await waitUntil(async () =>
      editor.evaluate<boolean>(
        `document.getElementById('score').dataset.playingMeasure === '9' &&
         document.querySelector('#score g.measure[data-measure="9"] g.note.sounding') !== null`,
      ),
    );
    await editor.page.click('#play');
  });
});
