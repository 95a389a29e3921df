/**
 * The editor as a person uses it (issue 27), in Debian's Chromium with
 * native WebMCP, the built editor served on 127.0.0.1: the layout at
 * 1280x800 and 1920x1080 (score and side panel on screen, no page scroll,
 * the toolbar on one line), a selection shading only its parts' staves, the
 * text pane staying true through an agent's writes, undo and redo, keeping
 * the person's unapplied text (Reload, Apply anyway, a real conflict
 * refused), status lines that stop when they stop being true, and a
 * 400-bar file opened and edited with the page answering a click while it
 * engraves (the long-task observer's tasks are printed).
 * Screenshots go to `test-output/`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorSession, openEditor } from './browser-agent.ts';
import { type EditorServer, serveEditor } from './editor-server.ts';
import { inView, showTab, textAt, waitForTextAt, whenRenderedAfter } from './page-probes.ts';
import { renders, waitUntil } from './score-probe.ts';
import { saveScreenshot } from './screenshots.ts';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** Records every long task and what the working state said, from the page's first script on. */
const OBSERVE = `
  window.longTasks = [];
  window.workingSeen = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
  window.clicksWhileWorking = 0;
  document.addEventListener('DOMContentLoaded', () => {
    const working = document.getElementById('working');
    document.addEventListener('click', () => { if (!working.hidden) window.clicksWhileWorking += 1; }, true);
    new MutationObserver(() => {
      if (!working.hidden) window.workingSeen.push(working.textContent);
    }).observe(working, { attributes: true, childList: true, characterData: true, subtree: true });
  });
`;

/** The lane of `lane` (`P1 s1 v1 m3`) in lanes-seq `text`. */
const laneOf = (text: string, lane: string) =>
  text.split('\n').find((line) => line.startsWith(`${lane}:`)) ?? '';

describe.each(SIZES)('the editor at $width x $height', (size) => {
  let server: EditorServer;
  let editor: EditorSession;
  const name = (what: string) => `people-${size.width}x${size.height}-${what}`;

  beforeAll(async () => {
    server = await serveEditor();
    editor = await openEditor(server.url, { viewport: size });
  });

  afterAll(async () => {
    await editor?.close();
    await server?.close();
  });

  it('fits the window: score and side panel on screen, no page scroll, a long status on one toolbar line; a scratch score says so', async () => {
    const layout = await editor.evaluate<{
      scroll: number;
      score: boolean;
      side: boolean;
      toolbar: number;
    }>(`(() => {
      const inside = (e) => { const r = e.getBoundingClientRect(); return r.width > 200 && r.top >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; };
      document.getElementById('status').textContent = 'An agent on the server (a-very-long-session-name) rewrote measures 120-180 (Violin, Viola, Violoncello, Contrabass) and said so at length';
      return { scroll: document.documentElement.scrollHeight - innerHeight, score: inside(document.getElementById('score')),
        side: inside(document.querySelector('.side-panel')), toolbar: document.querySelector('.toolbar').getBoundingClientRect().height }; })()`);
    expect(layout.scroll).toBeLessThanOrEqual(0);
    expect(layout.score).toBe(true);
    expect(layout.side).toBe(true);
    const oneLine = await editor.evaluate<number>(
      `document.getElementById('undo').getBoundingClientRect().height * 2`,
    );
    expect(layout.toolbar).toBeLessThan(oneLine);
    expect(await textAt(editor, '#scratch-note')).toMatch(/^A private scratch score/);
    expect(await inView(editor, '#scratch-note')).toBe(true);
  });

  it('every tab’s panel is in view, and the empty ones say what will appear there', async () => {
    for (const tab of ['agents', 'proposals', 'activity', 'text'] as const) {
      await showTab(editor, tab);
      expect(await inView(editor, `#tab-${tab}`)).toBe(true);
      expect(await editor.evaluate(`document.getElementById('panel-${tab}').hidden`)).toBe(false);
      await saveScreenshot(editor.page, name(`tab-${tab}`));
    }
    await showTab(editor, 'proposals');
    expect(await textAt(editor, '#proposals-empty')).toMatch(/^No proposals yet\./);
    expect(await inView(editor, '#proposals-empty')).toBe(true);
    await showTab(editor, 'activity');
    expect(await textAt(editor, '#activity-empty')).toMatch(/^Nothing has changed yet\./);
    await showTab(editor, 'text');
    expect(await textAt(editor, '#lanes-title')).toBe(
      'Select measures on the score to edit their text here',
    );
  });

  it('a selection of measure 4, part 1 shades the violin’s staff only, with one top edge along the system', async () => {
    const selected = await editor.call('select_measures', {
      start_measure: 4,
      end_measure: 4,
      parts: [1],
    });
    expect(selected.isError).toBe(false);
    await waitForTextAt(editor, '#lanes-title', 'Measure 4');
    const shaded = await editor.evaluate<string[]>(
      `[...document.querySelectorAll('#score g.measure[data-measure="4"] rect.staff-backdrop.selected')].map((r) => r.dataset.staff)`,
    );
    expect(shaded).toEqual(['1']);
    expect(
      await editor.evaluate(
        `document.querySelectorAll('#score rect.staff-backdrop.selected').length`,
      ),
    ).toBe(1);
    // The violin's staff shading of the first system's measures starts at one height.
    const tops = await editor.evaluate<string[]>(
      `[...document.querySelectorAll('#score .score-range:first-child g.measure rect.staff-backdrop[data-staff="1"]')].slice(0, 4).map((r) => r.getAttribute('y'))`,
    );
    expect(new Set(tops).size).toBe(1);
    await saveScreenshot(editor.page, name('selection-m4-part1'));
  });

  it('the text pane shows the measures as they are now after an agent’s writes, two undos and two redos', async () => {
    await editor.page.locator('#score svg g.measure[data-measure="3"]').click();
    await waitForTextAt(editor, '#lanes-title', 'Measure 3');
    const original = laneOf(await editor.page.inputValue('#lanes-text'), 'P1 s1 v1 m3');
    const now = async () => {
      const read = await editor.call('read_measures', {
        start_measure: 3,
        end_measure: 3,
        parts: [1, 2],
      });
      return {
        lanes: String(read.structuredContent?.lanes_seq),
        revision: String(read.structuredContent?.revision),
      };
    };
    /** Waits until the pane holds the measures as they are now, at the current revision. */
    const paneIsTrue = async () => {
      const expected = await now();
      await waitUntil(
        async () =>
          (await editor.evaluate<string>(
            `document.getElementById('lanes-text').dataset.revision`,
          )) === expected.revision,
      );
      const pane = await editor.page.inputValue('#lanes-text');
      expect(laneOf(pane, 'P1 s1 v1 m3')).toBe(laneOf(expected.lanes, 'P1 s1 v1 m3'));
      return laneOf(pane, 'P1 s1 v1 m3');
    };
    for (const lanes of ['P1 s1 v1 m3: B4=1\n', 'P1 s1 v1 m3: C5=1\n']) {
      expect(
        (await editor.call('rewrite_measures', { start_measure: 3, parts: [1], lanes_seq: lanes }))
          .isError,
      ).toBe(false);
    }
    // The agent's write selected what it changed (the violin's bar 3); the pane shows it.
    expect(await paneIsTrue()).toBe('P1 s1 v1 m3: C5=1');
    await editor.page.click('#undo');
    expect(await paneIsTrue()).toBe('P1 s1 v1 m3: B4=1');
    await editor.page.click('#undo');
    expect(await paneIsTrue()).toBe(original);
    await editor.page.click('#redo');
    expect(await paneIsTrue()).toBe('P1 s1 v1 m3: B4=1');
    await editor.page.click('#redo');
    expect(await paneIsTrue()).toBe('P1 s1 v1 m3: C5=1');
  });

  it('keeps unapplied text when the measures change under it; Apply anyway merges lane by lane', async () => {
    await editor.page.locator('#score svg g.measure[data-measure="5"]').click();
    await waitForTextAt(editor, '#lanes-title', 'Measure 5');
    const read = await editor.page.inputValue('#lanes-text');
    const mine = read.replace(/P2 s2 v1 m5: [^\n]*/, 'P2 s2 v1 m5: D3=1');
    await editor.page.fill('#lanes-text', mine);
    // A write of the agent's that the person did not make: the violin's bar 5.
    const rendered = await renders(editor);
    await editor.call('rewrite_measures', {
      start_measure: 5,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m5: A4=1\n',
    });
    await whenRenderedAfter(editor, rendered);
    await waitUntil(
      async () =>
        !(await editor.evaluate<boolean>('document.getElementById("lanes-changed").hidden')),
    );
    expect(await editor.page.inputValue('#lanes-text')).toBe(mine);
    expect(await textAt(editor, '#lanes-changed p')).toBe(
      'These measures changed while you were editing them. Your text is kept.',
    );
    await saveScreenshot(editor.page, name('measures-changed'));
    await editor.page.click('#lanes-apply-anyway');
    await waitUntil(
      async () => await editor.evaluate<boolean>('document.getElementById("lanes-changed").hidden'),
    );
    const after = await editor.call('read_measures', {
      start_measure: 5,
      end_measure: 5,
      parts: [1, 2],
    });
    const lanes = String(after.structuredContent?.lanes_seq);
    expect(laneOf(lanes, 'P1 s1 v1 m5')).toBe('P1 s1 v1 m5: A4=1');
    expect(laneOf(lanes, 'P2 s2 v1 m5')).toBe('P2 s2 v1 m5: D3=1');
  });

  it('refuses Apply anyway where both changed the same lane, in words, clearing the stale status; Reload shows the measures as they are', async () => {
    await editor.page.locator('#score svg g.measure[data-measure="6"]').click();
    await waitForTextAt(editor, '#lanes-title', 'Measure 6');
    const read = await editor.page.inputValue('#lanes-text');
    await editor.page.fill('#lanes-text', read.replace(/P1 s1 v1 m6: [^\n]*/, 'P1 s1 v1 m6: G4=1'));
    await editor.call('rewrite_measures', {
      start_measure: 6,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m6: F4=1\n',
    });
    await waitForTextAt(editor, '#status', /^An agent in this browser rewrote measure 6/);
    await waitUntil(
      async () =>
        !(await editor.evaluate<boolean>('document.getElementById("lanes-changed").hidden')),
    );
    await editor.page.click('#lanes-apply-anyway');
    await waitForTextAt(
      editor,
      '#lanes-refusal-summary',
      'You and someone else changed the same music.',
    );
    expect(await textAt(editor, '#lanes-refusal .lanes-refusal-head')).toBe('Nothing was changed.');
    expect(await textAt(editor, '#lanes-problems li .problem-place')).toBe('Measure 6, Violin');
    // The status line no longer tells of a change as if the Apply had made it.
    expect(await textAt(editor, '#status')).toBe('');
    await saveScreenshot(editor.page, name('apply-anyway-refused'));
    await editor.page.click('#lanes-reload');
    expect(laneOf(await editor.page.inputValue('#lanes-text'), 'P1 s1 v1 m6')).toBe(
      'P1 s1 v1 m6: F4=1',
    );
    expect(await editor.evaluate('document.getElementById("lanes-refusal").hidden')).toBe(true);
  });

  it('says “Playing” only while it plays', async () => {
    await editor.page.locator('#score svg g.measure[data-measure="1"]').click();
    await editor.page.click('#play');
    await waitForTextAt(editor, '#status', /^Playing/);
    await editor.page.click('#play');
    await waitUntil(async () => !/^Playing/.test(await textAt(editor, '#status')));
    expect(await textAt(editor, '#status')).not.toMatch(/Playing/);
  });
});

/** A score of `bars` measures of 4/4 for violin and cello, written here (no third-party score). */
function longScore(bars: number): string {
  const measure = (part: number, n: number) => {
    const pitch = part === 1 ? ['C', 'D', 'E', 'G'][n % 4] : ['C', 'G', 'A', 'F'][n % 4];
    const octave = part === 1 ? 5 : 3;
    const attributes =
      n === 1
        ? `<attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>${part === 1 ? 'G' : 'F'}</sign><line>${part === 1 ? 2 : 4}</line></clef></attributes>`
        : '';
    const note = `<note><pitch><step>${pitch}</step><octave>${octave}</octave></pitch><duration>1</duration><type>quarter</type></note>`;
    return `<measure number="${n}">${attributes}${note.repeat(4)}</measure>`;
  };
  const part = (id: number) =>
    `<part id="P${id}">${Array.from({ length: bars }, (_, index) => measure(id, index + 1)).join('')}</part>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><work><work-title>Four hundred bars</work-title></work>
<part-list><score-part id="P1"><part-name>Violin</part-name></score-part><score-part id="P2"><part-name>Cello</part-name></score-part></part-list>
${part(1)}${part(2)}</score-partwise>`;
}

describe('a 400-bar file in the editor', () => {
  let server: EditorServer;
  let editor: EditorSession;

  beforeAll(async () => {
    server = await serveEditor();
    editor = await openEditor(server.url, { viewport: SIZES[0], initScript: OBSERVE });
  });

  afterAll(async () => {
    await editor?.close();
    await server?.close();
  });

  it('opens and engraves with a visible working state, answers a click while engraving, and prints the long tasks of opening, scrolling and editing', async () => {
    await editor.page.setInputFiles('#file-open', {
      name: 'four-hundred-bars.musicxml',
      mimeType: 'application/vnd.recordare.musicxml+xml',
      buffer: Buffer.from(longScore(400)),
    });
    await editor.page.waitForFunction(
      () =>
        document.body.dataset.ready === 'true' &&
        document.getElementById('document-name')?.textContent?.startsWith('four-hundred-bars'),
      null,
      { timeout: 120_000 },
    );
    await waitUntil(async () => (await renders(editor)) >= 1);
    // What opening cost (the page's own script, the document the import worker sent), then only what editing costs.
    const opened = await editor.evaluate<number[]>('window.longTasks.splice(0)');
    // Scroll half way: the ranges coming into view are engraved, and a click meanwhile is answered.
    await editor.evaluate(
      `(() => { const s = document.getElementById('score'); s.scrollTop = s.scrollHeight / 2; })()`,
    );
    await waitUntil(() => editor.evaluate<boolean>('!document.getElementById("working").hidden'));
    await editor.page.click('#tab-activity');
    await waitUntil(async () =>
      editor.evaluate<boolean>(
        `[...document.querySelectorAll('#score .score-range')].some((r) => { const b = r.getBoundingClientRect(); return b.top < innerHeight && b.bottom > 0 && r.querySelector('svg'); })`,
      ),
    );
    const visible = await editor.evaluate<number>(
      `Number([...document.querySelectorAll('#score g.measure')].find((m) => m.getBoundingClientRect().top > 0)?.dataset.measure ?? 1)`,
    );
    const rendered = await renders(editor);
    const edit = await editor.call('rewrite_measures', {
      start_measure: visible,
      parts: [1],
      lanes_seq: `P1 s1 v1 m${visible}: B4=1\n`,
    });
    expect(edit.isError).toBe(false);
    await whenRenderedAfter(editor, rendered);
    const tasks = await editor.evaluate<number[]>('window.longTasks');
    const seen = await editor.evaluate<string[]>('window.workingSeen');
    await saveScreenshot(editor.page, 'people-400-bars');
    // Issue 27's bound (no task over 200 ms) is measured and printed, not asserted: on a shared machine a task's length is the machine's.
    console.log(
      `400 bars: longest ${Math.max(0, ...opened, ...tasks)} ms; opening: long tasks ${opened.join(', ') || 'none'} ms; scrolling, editing and re-engraving: ${tasks.join(', ') || 'none'} ms`,
    );
    expect(seen).toEqual(expect.arrayContaining(['Engraving…']));
    // The page answered the click while it was still engraving (Verovio runs in a worker, a range per task).
    expect(await editor.evaluate<number>('window.clicksWhileWorking')).toBeGreaterThan(0);
    expect(await editor.evaluate('document.getElementById("tab-activity").ariaSelected')).toBe(
      'true',
    );
  });
});
