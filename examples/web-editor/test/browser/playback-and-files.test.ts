/**
 * Playback and files end to end: the editor on a document of the real
 * collaboration server (the harness: SQLite in a temporary folder, an
 * OS-picked port, the freshly built editor served by the server) in Debian's
 * Chromium, an agent calling `play` and `stop` through the DevTools `WebMCP`
 * domain, the person clicking and pressing keys through playwright's real
 * input events, the downloads read back, then files opened from disk (which
 * leaves the shared document for a page of its own). Audio output cannot be
 * heard here: the tests watch the play head (`#score[data-playing-measure]`
 * and the notes marked sounding), which follows the AudioContext's clock, not
 * the speakers. The cases run in order on one page.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseScoreFile } from '@scorelane/lanes-seq';
import { importMusicXml } from '@scorelane/musicxml';
import { scoreInfo } from '@scorelane/score-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorSession } from './browser-agent.ts';
import { type CollabHarness, startCollabHarness } from './collab-harness.ts';
import { textOf, waitUntil } from './score-probe.ts';
import { saveScreenshot } from './screenshots.ts';

const MXL = fileURLToPath(
  new URL(
    '../../../../packages/musicxml/test/fixtures/musicxml-testsuite/90a-Compressed-MusicXML.mxl',
    import.meta.url,
  ),
);

const DROPPED = fileURLToPath(
  new URL(
    '../../../../packages/musicxml/test/fixtures/musicxml-testsuite/33i-Ties-NotEnded.xml',
    import.meta.url,
  ),
);

/** How many measures a MusicXML file has, and its warnings, as the importer reads it in Node. */
function importedInNode(path: string): { measures: number; warnings: string[] } {
  const imported = importMusicXml(new Uint8Array(readFileSync(path)));
  if (!imported.ok) throw new Error(`${path} does not import in Node`);
  return {
    measures: scoreInfo(imported.score).measureCount,
    warnings: imported.warnings.map((warning) => warning.message),
  };
}

/** The play head at one moment: the measure marked, and the measure of each note marked sounding. */
interface PlayHeadSample {
  readonly measure: number | null;
  readonly notes: readonly number[];
}

/** The measures the samples show, in order, each once. */
function measuresSeen(samples: readonly PlayHeadSample[]): number[] {
  const seen: number[] = [];
  for (const { measure } of samples)
    if (measure !== null && seen.at(-1) !== measure) seen.push(measure);
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('playback and files in the web editor on the collaboration server, in Chromium', () => {
  let harness: CollabHarness;
  let editor: EditorSession;

  beforeAll(async () => {
    harness = await startCollabHarness();
    editor = await harness.open((await harness.links('ode')).edit);
  });

  afterAll(async () => {
    await harness?.close();
  });

  const markedMeasures = () =>
    editor.evaluate<number[]>(
      `[...document.querySelectorAll('#score svg g.measure')].flatMap((m, i) => m.classList.contains('playing') ? [i + 1] : [])`,
    );
  /** The play head now: the measure it marks, and the measure of each note marked sounding. */
  const samplePlayHead = (session: EditorSession = editor) =>
    session.evaluate<PlayHeadSample>(
      `(() => { const score = document.getElementById('score');
        const measures = [...score.querySelectorAll('svg g.measure')];
        const playing = score.dataset.playingMeasure;
        return { measure: playing === undefined ? null : Number(playing),
          notes: [...score.querySelectorAll('g.note.sounding')].map((n) => measures.indexOf(n.closest('g.measure')) + 1) }; })()`,
    );
  /** Samples of the play head until it is cleared (playback ended or stopped), or until `until` says enough. */
  const watchPlayHead = async (
    until: (samples: readonly PlayHeadSample[]) => boolean = () => false,
  ) => {
    const samples: PlayHeadSample[] = [];
    for (;;) {
      const sample = await samplePlayHead();
      if (sample.measure === null) return samples;
      samples.push(sample);
      if (until(samples)) return samples;
      await pause(50);
    }
  };
  const waitForPlayHead = async (session: EditorSession = editor) => {
    while ((await samplePlayHead(session)).measure === null) await pause(50);
  };

  it('refuses an agent’s play before any click on the page, saying to click first', async () => {
    const refused = await editor.call('play', {});
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain('needs a user gesture');
    expect(refused.content[0]?.text).toContain('click');
    expect(await samplePlayHead()).toEqual({ measure: null, notes: [] });
  });

  it('after a real click, an agent’s play sounds the selected bars, the play head marking each bar and its notes sounding in turn, then clearing (audio output not checked)', async () => {
    // The person clicks bar 1 and shift-clicks bar 3: the selection, which play defaults to.
    await editor.page.click('#score svg g.measure >> nth=0');
    await editor.page.click('#score svg g.measure >> nth=2', { modifiers: ['Shift'] });
    const played = await editor.call('play', {});
    expect(played.isError).toBe(false);
    expect(played.structuredContent?.playing).toEqual({
      start_measure: 1,
      end_measure: 3,
      parts: [1, 2],
    });
    await waitForPlayHead();
    expect(await markedMeasures()).toHaveLength(1);
    await saveScreenshot(editor.page, 'playing');
    const samples = await watchPlayHead();
    expect(measuresSeen(samples)).toEqual([1, 2, 3]);
    // The notes marked sounding lie in the measure playing (the example ties nothing over a bar line).
    const withNotes = samples.filter((sample) => sample.notes.length > 0);
    expect(new Set(withNotes.map((sample) => sample.measure))).toEqual(new Set([1, 2, 3]));
    for (const sample of withNotes)
      expect(new Set(sample.notes)).toEqual(new Set([sample.measure]));
    expect(await markedMeasures()).toEqual([]);
    expect((await samplePlayHead()).notes).toEqual([]);
    expect(await editor.evaluate('document.getElementById("play").textContent')).toBe('Play');
  });

  it('the Play button plays, shows Stop, and an agent’s stop clears the play head (audio output not checked)', async () => {
    await editor.page.click('#score svg g.measure >> nth=4'); // select bar 5 alone
    await editor.page.click('#score svg g.measure >> nth=6', { modifiers: ['Shift'] }); // 5-7
    await editor.page.click('#play');
    await waitForPlayHead();
    expect(await editor.evaluate('document.getElementById("play").textContent')).toBe('Stop');
    expect(await editor.evaluate('document.getElementById("status").textContent')).toBe(
      'Playing m5-m7, parts 1, 2.',
    );
    const samples = await watchPlayHead((sampled) => measuresSeen(sampled).length >= 2);
    expect(measuresSeen(samples)).toEqual([5, 6]);
    const stopped = await editor.call('stop', {});
    expect(stopped.isError).toBe(false);
    expect(await samplePlayHead()).toEqual({ measure: null, notes: [] });
    expect(await markedMeasures()).toEqual([]);
    expect(await editor.evaluate('document.getElementById("play").textContent')).toBe('Play');
  });

  it('P on the keyboard, and Space on the focused score, play and stop (audio output not checked)', async () => {
    const whenStopped = async () => {
      while ((await samplePlayHead()).measure !== null) await pause(50);
    };
    await editor.page.keyboard.press('p');
    await waitForPlayHead();
    expect((await samplePlayHead()).measure).toBe(5);
    await editor.page.keyboard.press('p');
    await whenStopped();
    expect(await markedMeasures()).toEqual([]);
    await editor.page.focus('#score');
    await editor.page.keyboard.press(' ');
    await waitForPlayHead();
    expect((await samplePlayHead()).measure).toBe(5);
    await editor.page.keyboard.press(' ');
    await whenStopped();
  });

  it('an agent’s play of the violin alone colours only the violin’s notes (audio output not checked)', async () => {
    const played = await editor.call('play', { start_measure: 9, end_measure: 10, parts: [1] });
    expect(played.isError).toBe(false);
    /** The staff (0-based among its measure's) of each note marked sounding. */
    const soundingStaves = () =>
      editor.evaluate<number[]>(
        `[...document.querySelectorAll('#score g.note.sounding')].map((n) => {
          const staff = n.closest('g.staff');
          return [...staff.parentElement.children].filter((c) => c.classList.contains('staff')).indexOf(staff); })`,
      );
    let staves: number[] = [];
    while (staves.length === 0) {
      await pause(50);
      staves = await soundingStaves();
    }
    expect(new Set(staves)).toEqual(new Set([0]));
    await editor.call('stop', {});
    expect(await soundingStaves()).toEqual([]);
  });

  it('on a view link, play is offered too: refused before a click, playing after one (audio output not checked)', async () => {
    const viewer = await harness.open((await harness.links('ode')).view);
    expect(viewer.toolNames()).toEqual(expect.arrayContaining(['play', 'stop']));
    expect(viewer.toolNames()).not.toContain('rewrite_measures');
    const refused = await viewer.call('play', { start_measure: 1, end_measure: 2 });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain('needs a user gesture');
    await viewer.page.click('#lanes-title');
    const played = await viewer.call('play', { start_measure: 1, end_measure: 2 });
    expect(played.isError).toBe(false);
    await waitForPlayHead(viewer);
    expect((await samplePlayHead(viewer)).measure).toBe(1);
    await viewer.call('stop', {});
    expect(await samplePlayHead(viewer)).toEqual({ measure: null, notes: [] });
  });

  it('downloads MusicXML that imports, .lanes that parses and MIDI that starts with MThd', async () => {
    const downloaded = async (button: string) => {
      const [download] = await Promise.all([
        editor.page.waitForEvent('download'),
        editor.page.click(button),
      ]);
      return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
    };
    const musicxml = await downloaded('#download-musicxml');
    expect(musicxml.name).toMatch(/^ode-to-joy.*\.musicxml$/);
    const reimported = importMusicXml(new Uint8Array(musicxml.bytes));
    expect(reimported.ok).toBe(true);
    if (reimported.ok) expect(scoreInfo(reimported.score).measureCount).toBe(16);

    const lanes = await downloaded('#download-lanes');
    expect(lanes.name).toMatch(/^ode-to-joy.*\.lanes$/);
    const parsed = parseScoreFile(lanes.bytes.toString('utf8'));
    expect(parsed.ok).toBe(true);

    const midi = await downloaded('#download-midi');
    expect(midi.name).toMatch(/^ode-to-joy.*\.mid$/);
    expect(midi.bytes.subarray(0, 4).toString('latin1')).toBe('MThd');
  });

  it('answers a browser agent’s export with a blob: link of the page (its resource_links), which holds the whole MusicXML', async () => {
    const exported = await editor.call('export_score', { format: 'musicxml' });
    expect(exported.isError).toBe(false);
    const output = exported.structuredContent as {
      bytes: number;
      content?: string;
      resource_links: { type: string; uri: string; size: number }[];
    };
    expect(output.content).toBeUndefined();
    // WebMCP results carry no resource_link blocks: the link is in the structured answer.
    const link = output.resource_links.find((block) => block.type === 'resource_link');
    expect(link?.uri).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
    expect(link?.size).toBe(output.bytes);
    const text = await editor.evaluate<string>(
      `fetch(${JSON.stringify(link?.uri)}).then((response) => response.text())`,
    );
    expect(new TextEncoder().encode(text).length).toBe(output.bytes);
    const reimported = importMusicXml(text);
    expect(reimported.ok && scoreInfo(reimported.score).measureCount).toBe(16);
  });

  it('refuses a file that is not MusicXML, and one whose zip is broken, keeping the shared score', async () => {
    await editor.page.setInputFiles('#file-open', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('C D E'),
    });
    await waitUntil(async () =>
      /notes\.txt is not a MusicXML file/.test(await textOf(editor, 'file-status')),
    );
    await editor.page.setInputFiles('#file-open', {
      name: 'broken.mxl',
      mimeType: 'application/vnd.recordare.musicxml',
      buffer: Buffer.from('PK\u0003\u0004 not really a zip'),
    });
    await waitUntil(async () =>
      /broken\.mxl cannot be opened: .+ The current score is unchanged\./.test(
        await textOf(editor, 'file-status'),
      ),
    );
    expect(await editor.evaluate('document.getElementById("file-status").className')).toBe('error');
    expect(await textOf(editor, 'document-name')).toBe('ode');
    expect(await editor.evaluate('document.querySelectorAll("#score svg g.measure").length')).toBe(
      16,
    );
  });

  it('opens a MusicXML file dropped on the page (a dispatched drop event) on a page of its own, leaving the shared document, engraves it and lists its import warnings', async () => {
    const text = readFileSync(DROPPED, 'utf8');
    const dataTransfer = await editor.page.evaluateHandle((xml) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([xml], '33i-Ties-NotEnded.xml', { type: 'application/xml' }));
      return transfer;
    }, text);
    await editor.page.dispatchEvent('#score', 'drop', { dataTransfer });
    await whenOpened('33i-Ties-NotEnded.xml');
    expect(await editor.evaluate('location.search')).toBe('');
    expect(await editor.evaluate('document.getElementById("collab").hidden')).toBe(true);
    const expected = importedInNode(DROPPED);
    expect(await editor.evaluate('document.querySelectorAll("#score svg g.measure").length')).toBe(
      expected.measures,
    );
    expect(expected.warnings.length).toBeGreaterThan(0);
    expect(
      await editor.evaluate<string[]>(
        '[...document.querySelectorAll("#file-status p")].map((p) => p.textContent)',
      ),
    ).toEqual([
      `Opened 33i-Ties-NotEnded.xml, with ${expected.warnings.length} import warning${expected.warnings.length === 1 ? '' : 's'}:`,
      ...expected.warnings,
    ]);
  });

  it('opens a compressed .mxl from the MusicXML test suite through the file input and engraves it', async () => {
    await editor.page.setInputFiles('#file-open', MXL);
    await whenOpened('90a-Compressed-MusicXML.mxl');
    expect(await editor.evaluate('document.getElementById("document-name").textContent')).toBe(
      '90a-Compressed-MusicXML.mxl (on this page only)',
    );
    expect(await editor.evaluate('document.querySelectorAll("#score svg g.measure").length')).toBe(
      importedInNode(MXL).measures,
    );
    expect(
      await editor.evaluate<string>('document.getElementById("file-status").textContent'),
    ).toMatch(/^Opened 90a-Compressed-MusicXML\.mxl/);
  });

  /** Waits until the page has started again on file `name`, and is ready. */
  async function whenOpened(name: string): Promise<void> {
    await editor.page.waitForFunction(
      (opened) =>
        document.body.dataset.ready === 'true' &&
        document.getElementById('document-name')?.textContent === `${opened} (on this page only)`,
      name,
    );
  }
});
