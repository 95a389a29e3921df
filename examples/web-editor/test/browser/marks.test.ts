/**
 * Marks in the web editor (issue 23): an agent's marks-only write through
 * WebMCP is engraved (the export the engraver reads carries them: Verovio
 * draws a dynamic, a slur, an articulation, lyrics and a chord symbol), and
 * the person's text pane shows them in lanes-seq once the measure is
 * selected. Built with Vite, served on 127.0.0.1, in Debian's Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorSession, openEditor } from './browser-agent.ts';
import { type EditorServer, serveEditor } from './editor-server.ts';
import { waitUntil } from './score-probe.ts';
import { saveScreenshot } from './screenshots.ts';

describe('marks an agent writes, in the web editor', () => {
  let server: EditorServer;
  let editor: EditorSession;

  beforeAll(async () => {
    server = await serveEditor();
    editor = await openEditor(server.url);
  });

  afterAll(async () => {
    await editor?.close();
    await server?.close();
  });

  /** How many of `selector` the engraving of measure `n` holds, and their text. */
  const engraved = (n: number, selector: string) =>
    editor.evaluate<{ count: number; text: string }>(
      `(() => { const m = [...document.querySelectorAll('#score svg g.measure')][${n - 1}];
        const found = m ? [...m.querySelectorAll('${selector}')] : [];
        return { count: found.length, text: found.map((g) => g.textContent.trim()).join(' ') }; })()`,
    );

  it('engraves the dynamic, slur, staccato, lyrics and chord symbol of a marks-only write', async () => {
    const renders = await editor.evaluate<number>(
      'Number(document.getElementById("score").dataset.renders)',
    );
    const written = await editor.call('write_marks', {
      lanes_seq:
        'P1 s1 v1 m1: *\\p( * * *)-.\nP1 s1 v1 m1 w1: Freu- de schö- ner\nP1 s1 v1 m2: *"Am"\n',
    });
    expect(written.isError, JSON.stringify(written.content)).toBe(false);
    await waitUntil(
      async () =>
        (await editor.evaluate<number>(
          'Number(document.getElementById("score").dataset.renders)',
        )) > renders,
    );
    await waitUntil(async () => (await engraved(1, 'g.dynam')).count > 0);
    // A dynamic is a SMuFL glyph (a <use>, no text): there is one in m1.
    expect((await engraved(1, 'g.dynam')).count).toBe(1);
    expect((await engraved(1, 'g.artic')).count).toBeGreaterThan(0);
    expect((await engraved(1, 'g.syl')).text.replace(/\s+/g, ' ')).toContain('Freu');
    expect((await engraved(1, 'g.syl')).text).toContain('schö');
    expect((await engraved(2, 'g.harm')).text).toContain('Am');
    // Verovio draws a slur as a g.slur in the system, outside the measures.
    expect(
      await editor.evaluate<number>("document.querySelectorAll('#score svg g.slur').length"),
    ).toBeGreaterThan(0);
    await saveScreenshot(editor.page, 'marks-engraved');
  });

  it('shows the marks in the text pane of the selected measure, in lanes-seq', async () => {
    await editor.page.locator('#score svg g.measure').nth(0).click();
    await waitUntil(async () =>
      (await editor.page.inputValue('#lanes-text')).includes('w1: Freu- de schö- ner'),
    );
    const text = await editor.page.inputValue('#lanes-text');
    expect(text).toMatch(/P1 s1 v1 m1: \S+\\p\(/);
    expect(text).toContain('-.');
    expect(text).toContain('P1 s1 v1 m1 w1: Freu- de schö- ner');
  });
});
