/**
 * The editor end to end: built with Vite, served on 127.0.0.1, opened in
 * Debian's Chromium with native WebMCP, an agent calling its tools through
 * the DevTools `WebMCP` domain. The cases run in order on one page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorSession, openEditor } from './browser-agent.ts';
import { type EditorServer, serveEditor } from './editor-server.ts';
import { saveScreenshot } from './screenshots.ts';

const NEW_M2 = 'P1 s1 v1 m2: A5=3/8 G5=1/8 G5=1/2\n';

describe('the web editor in Chromium with native WebMCP', () => {
  let server: EditorServer;
  let editor: EditorSession;
  let originalM2Shape = '';

  beforeAll(async () => {
    server = await serveEditor();
    editor = await openEditor(server.url);
  });

  afterAll(async () => {
    await editor?.close();
    await server?.close();
  });

  /** The engraved SVG of measure `n` (Verovio's n-th `g.measure`), without the editor's marks. */
  const measureSvg = (n: number) =>
    editor.evaluate<string>(
      `(() => { const m = document.querySelectorAll('#score svg g.measure')[${n - 1}].cloneNode(true);
        m.querySelector('rect.measure-backdrop')?.remove(); m.removeAttribute('class');
        return m.outerHTML; })()`,
    );
  /** The engraved notes of measure `n`, by duration (Verovio's `dur` is not in the SVG; the notehead glyphs and dots are). */
  const measureShape = (n: number) =>
    editor.evaluate<string>(
      `(() => { const m = document.querySelectorAll('#score svg g.measure')[${n - 1}];
        return [...m.querySelectorAll('g.note, g.rest, g.dots, g.chord')].map((g) => g.getAttribute('class')).join(' '); })()`,
    );
  const renders = () =>
    editor.evaluate<number>('Number(document.getElementById("score").dataset.renders)');
  const whenRenderedAfter = async (count: number) => {
    while ((await renders()) <= count) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  /** Waits until element `#id`'s text is `expected` (or matches it). */
  const waitForText = async (id: string, expected: string | RegExp) => {
    const matches = (text: string) =>
      typeof expected === 'string' ? text === expected : expected.test(text);
    while (
      !matches(await editor.evaluate<string>(`document.getElementById('${id}').textContent`))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const measureClasses = () =>
    editor.evaluate<string[]>(
      `[...document.querySelectorAll('#score svg g.measure')].map((m) => [...m.classList].filter((c) => c !== 'measure').join(' '))`,
    );

  it('engraves the example: sixteen measures of Ode to Joy as SVG', async () => {
    expect(await editor.evaluate('document.querySelectorAll("#score svg").length')).toBeGreaterThan(
      0,
    );
    expect(await editor.evaluate('document.querySelectorAll("#score svg g.measure").length')).toBe(
      16,
    );
    expect(await editor.evaluate('document.getElementById("status").textContent')).toBe(
      'Ready: you can edit.',
    );
  });

  it('registers the editor’s score tools with the browser’s WebMCP', () => {
    expect(editor.toolNames()).toEqual(
      expect.arrayContaining([
        'read_measures',
        'rewrite_measures',
        'undo',
        'select_measures',
        'set_barline',
      ]),
    );
  });

  it('rewrites bar 2 through WebMCP.invokeTool, re-engraves it, and highlights and selects it', async () => {
    const before = await measureSvg(2);
    const shapeBefore = await measureShape(2);
    originalM2Shape = shapeBefore;
    const otherBefore = await measureShape(3);
    const rendered = await renders();
    const result = await editor.call('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: NEW_M2,
    });
    expect(result.isError).toBe(false);
    await whenRenderedAfter(rendered);
    expect(await measureSvg(2)).not.toBe(before);
    expect(await measureShape(2)).not.toBe(shapeBefore);
    expect(await measureShape(2)).toContain('dots');
    expect(await measureShape(3)).toBe(otherBefore);
    expect((await measureClasses()).slice(0, 3)).toEqual(['', 'selected agent-change', '']);
    expect(await editor.evaluate('document.getElementById("lanes-title").textContent')).toBe(
      'Measure 2',
    );
    expect(await editor.evaluate('document.getElementById("status").textContent')).toBe(
      'An agent in this browser rewrote measure 2 (Violin).',
    );
    await saveScreenshot(editor.page, 'editor-standalone');
  });

  it('the Undo button reverts the agent’s rewrite in one step', async () => {
    const rewritten = await measureSvg(2);
    const rendered = await renders();
    await editor.page.click('#undo');
    await whenRenderedAfter(rendered);
    expect(await measureSvg(2)).not.toBe(rewritten);
    expect(await measureShape(2)).toBe(originalM2Shape);
    expect((await measureClasses()).slice(0, 3)).toEqual(['', 'selected', '']);
    expect(await editor.evaluate('document.getElementById("status").textContent')).toBe(
      'Undid the agent’s step.',
    );
    const read = await editor.call('read_measures', {
      start_measure: 2,
      end_measure: 2,
      parts: [1],
    });
    expect(String(read.structuredContent?.lanes_seq)).toContain('P1 s1 v1 m2: A5=1/4 G5 F#5 E5');
  });

  it('selects a measure on click and extends the selection with shift-click', async () => {
    await editor.page.locator('#score svg g.measure').nth(2).click();
    expect((await measureClasses()).slice(0, 5)).toEqual(['', '', 'selected', '', '']);
    await editor.page
      .locator('#score svg g.measure')
      .nth(3)
      .click({ modifiers: ['Shift'] });
    expect((await measureClasses()).slice(0, 5)).toEqual(['', '', 'selected', 'selected', '']);
    await waitForText('lanes-title', 'Measures 3-4');
    const text = await editor.page.inputValue('#lanes-text');
    expect(text).toContain('P1 s1 v1 m3: D5=1/4 D5 E5 F#5');
    // Measures 3-4 of the piano's lower staff on one line, a bar line between them.
    expect(text).toMatch(/^P2 s2 v1 m3: .+ \| /m);
  });

  it('moves and extends the selection with the arrow keys alone', async () => {
    await editor.page.focus('#score');
    await editor.page.keyboard.press('ArrowRight');
    expect((await measureClasses()).slice(0, 6)).toEqual(['', '', '', '', 'selected', '']);
    await editor.page.keyboard.press('Shift+ArrowRight');
    expect((await measureClasses()).slice(0, 7)).toEqual([
      '',
      '',
      '',
      '',
      'selected',
      'selected',
      '',
    ]);
    await waitForText('lanes-title', 'Measures 5-6');
  });

  it('applies a hand edit through rewrite_measures, shows a refusal inline, and Ctrl+Z undoes it', async () => {
    await editor.page.locator('#score svg g.measure').nth(2).click();
    await waitForText('lanes-title', 'Measure 3');
    const original = await editor.page.inputValue('#lanes-text');
    const shapeBefore = await measureShape(3);

    await editor.page.fill('#lanes-text', original.replace('D5=1/4 D5 E5 F#5', 'D5=1/4'));
    await editor.page.click('#lanes-apply');
    await waitForText(
      'lanes-problems',
      'Measure 3, Violin: The voice lasts a quarter note, but measure 3 lasts a whole note (time 4/4): a dotted half note is missing. Add a dotted half note to the voice, for example r=3/4 at its end, or lengthen its notes.',
    );
    // A refusal starts with "Nothing was changed."; the agent's words wait in a closed details element.
    const refusal = await editor.evaluate<string>(
      `(() => { const r = document.getElementById('lanes-refusal').cloneNode(true); r.querySelector('details').remove(); return r.textContent; })()`,
    );
    expect(refusal.trim().startsWith('Nothing was changed.')).toBe(true);
    expect(refusal).not.toMatch(/rewrite_measures|measure-fill|P1 s1|revision/);
    expect(await editor.evaluate('document.querySelector("#lanes-refusal details").open')).toBe(
      false,
    );
    expect(await editor.evaluate('document.getElementById("lanes-details").textContent')).toMatch(
      /\[measure-fill\]/,
    );
    expect(await measureShape(3)).toBe(shapeBefore);

    const rendered = await renders();
    await editor.page.fill('#lanes-text', original.replace('D5=1/4 D5 E5 F#5', 'D5=1/1'));
    await editor.page.click('#lanes-apply');
    await whenRenderedAfter(rendered);
    expect(await editor.evaluate('document.getElementById("lanes-problems").textContent')).toBe('');
    expect(await measureShape(3)).not.toBe(shapeBefore);
    expect((await measureClasses())[2]).toBe('selected agent-change');
    await waitForText('status', /^You rewrote measure 3\b/);

    const undone = await renders();
    await editor.page.locator('#score').click({ position: { x: 5, y: 5 } });
    await editor.page.keyboard.press('Control+z');
    await whenRenderedAfter(undone);
    expect(await measureShape(3)).toBe(shapeBefore);
  });
});
