/**
 * Agent oversight end to end, in Debian's Chromium with native WebMCP on
 * the standalone page (the editor built once for this file): review mode
 * (accept, reject, stale), the activity panel, the agents' scope, and the
 * whole flow with the keyboard alone. The cases run in order on one page.
 * The test saves a screenshot of a proposal (`docs/review.png`) on every run.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorSession, openEditor } from './browser-agent.ts';
import { type EditorServer, serveEditor } from './editor-server.ts';
import { pageProbes, tabTo, waitUntil } from './page-probes.ts';

const SCREENSHOT = fileURLToPath(new URL('../../docs/review.png', import.meta.url));
const ORIGINAL_M2 = 'P1 s1 v1 m2: A5=1/4 G5=1/4 F#5=1/4 E5=1/4';
const AGENT_M2 = 'P1 s1 v1 m2: A5=3/8 G5=1/8 G5=1/2\n';

describe('agent oversight in Chromium with native WebMCP', () => {
  let server: EditorServer;
  let editor: EditorSession;
  let probe: ReturnType<typeof pageProbes>;

  beforeAll(async () => {
    server = await serveEditor();
    editor = await openEditor(server.url);
    probe = pageProbes(editor);
  });

  afterAll(async () => {
    await editor?.close();
    await server?.close();
  });

  /** The agent's rewrite of one violin bar. */
  const rewrite = (measure: number, lanes: string) =>
    editor.call('rewrite_measures', { start_measure: measure, parts: [1], lanes_seq: lanes });
  const card = (id: string) => `.proposal[data-session="${id}"]`;
  const cardStatus = (id: string) =>
    editor.evaluate<string>(`document.querySelector('${card(id)}')?.dataset.status ?? ''`);
  const violinBar = async (measure: number) => {
    const read = await editor.call('read_measures', {
      start_measure: measure,
      end_measure: measure,
      parts: [1],
    });
    const lines = String(read.structuredContent?.lanes_seq).split('\n');
    return lines.find((line) => line.startsWith(`P1 s1 v1 m${measure}:`)) ?? '';
  };
  /** Proposes a rewrite in review mode; returns the session id once its card is engraved. */
  const propose = async (measure: number, lanes: string) => {
    const result = await rewrite(measure, lanes);
    expect(result.isError).toBe(false);
    expect(result.structuredContent?.status).toBe('awaiting_review');
    expect(result.content[0]?.text).toContain('awaits the user');
    const id = String((result.structuredContent?.review as { id?: string } | undefined)?.id);
    await waitUntil(
      () =>
        editor.evaluate<string>(`document.querySelector('${card(id)}')?.dataset.engraved ?? ''`),
      (engraved) => engraved === 'true',
    );
    return id;
  };

  it('starts with review off, agents on the whole score, and an empty activity list', async () => {
    expect(await probe.text('#agent-scope-label')).toBe('Agents may edit the whole score.');
    expect(await editor.evaluate('document.getElementById("review-mode").checked')).toBe(false);
    expect(await editor.evaluate('document.getElementById("activity").dataset.entries')).toBe('0');
  });

  it('in review mode an agent’s rewrite becomes a proposal engraved before and after; Accept applies it as one undo step', async () => {
    await editor.page.check('#review-mode');
    const shapeBefore = await probe.measureShape(2);
    const rendered = await probe.renders();
    const id = await propose(2, AGENT_M2);
    expect(await cardStatus(id)).toBe('pending');
    expect(await probe.text('#status')).toBe(
      'An agent proposes rewrite_measures in m2, part 1: review it under Proposals.',
    );
    expect(await probe.text(`${card(id)} .proposal-title`)).toBe(
      'An agent in this browser: rewrite_measures, m2, part 1',
    );
    const sides = await editor.evaluate<{ before: string; after: string; measures: number[] }>(
      `(() => { const c = document.querySelector('${card(id)}');
        const svg = (s) => c.querySelector(s + ' svg')?.outerHTML ?? '';
        return { before: svg('.proposal-before'), after: svg('.proposal-after'),
          measures: ['.proposal-before', '.proposal-after'].map((s) => c.querySelectorAll(s + ' svg g.measure').length) }; })()`,
    );
    expect(sides.before).toContain('<svg');
    expect(sides.after).toContain('<svg');
    expect(sides.after).not.toBe(sides.before);
    expect(sides.measures).toEqual([1, 1]);
    expect(await probe.measureShape(2)).toBe(shapeBefore);
    expect(await probe.renders()).toBe(rendered);
    expect(await violinBar(2)).toBe(ORIGINAL_M2);
    await editor.page.locator('#oversight').screenshot({ path: SCREENSHOT });

    await editor.page.click(`${card(id)} .proposal-accept`);
    await probe.whenRenderedAfter(rendered);
    expect(await cardStatus(id)).toBe('accepted');
    expect(await probe.measureShape(2)).not.toBe(shapeBefore);
    expect(await violinBar(2)).toBe(AGENT_M2.trim());
    expect(await probe.text('#status')).toBe(
      'You accepted an agent’s rewrite_measures: measure 2 changed.',
    );
    await probe.waitForText('#activity .activity-entry', /accepted in review/);

    const accepted = await probe.renders();
    await editor.page.click('#undo');
    await probe.whenRenderedAfter(accepted);
    expect(await probe.measureShape(2)).toBe(shapeBefore);
    expect(await violinBar(2)).toBe(ORIGINAL_M2);
  });

  it('a rejected proposal leaves the score unchanged', async () => {
    const id = await propose(4, 'P1 s1 v1 m4: C5=1\n');
    const bar4 = await violinBar(4);
    const rendered = await probe.renders();
    await editor.page.click(`${card(id)} .proposal-reject`);
    await waitUntil(
      () => cardStatus(id),
      (status) => status === 'rejected',
    );
    expect(await violinBar(4)).toBe(bar4);
    expect(await probe.renders()).toBe(rendered);
    expect(await probe.text(`${card(id)} .proposal-message`)).toBe(
      'Discarded: nothing was written.',
    );
  });

  it('a proposal whose bar the person edits meanwhile shows stale, and Accept refuses it', async () => {
    const id = await propose(2, AGENT_M2);
    await editor.page.locator('#score svg g.measure').nth(1).click();
    await probe.waitForText('#lanes-title', 'Measure 2');
    const text = await editor.page.inputValue('#lanes-text');
    await editor.page.fill('#lanes-text', text.replace('A5=1/4 G5=1/4 F#5=1/4 E5=1/4', 'D5=1'));
    await editor.page.click('#lanes-apply');
    await waitUntil(
      () => cardStatus(id),
      (status) => status === 'stale',
    );
    expect(await probe.text(`${card(id)} .proposal-status`)).toContain('stale');
    const personBar = await violinBar(2);
    expect(personBar).toBe('P1 s1 v1 m2: D5=1');

    await editor.page.click(`${card(id)} .proposal-accept`);
    await probe.waitForText(`${card(id)} .proposal-message`, /^Not applied/);
    expect(await cardStatus(id)).toBe('stale');
    expect(await violinBar(2)).toBe(personBar);
    await editor.page.click('#undo'); // the person's edit, so later cases start from the example
  });

  it('the activity panel lists an agent’s write; a click on it selects its range', async () => {
    await editor.page.uncheck('#review-mode');
    const result = await rewrite(6, 'P1 s1 v1 m6: B4=1\n');
    expect(result.isError).toBe(false);
    await probe.waitForText(
      '#activity .activity-entry:first-child .activity-what',
      '1 unit in m6, part 1',
    );
    expect(await probe.text('#activity .activity-entry:first-child .activity-who')).toBe(
      'An agent in this browser: rewrite_measures',
    );
    await editor.page.locator('#score svg g.measure').nth(0).click();
    expect(await probe.selectedMeasures()).toEqual([1]);
    await editor.page.click('#activity .activity-entry:first-child button');
    expect(await probe.selectedMeasures()).toEqual([6]);
  });

  it('with “my selection” on bar 1, an agent’s write to bar 3 is refused out_of_scope and changes nothing', async () => {
    // A second DevTools session hears the tools the page registers again, with their descriptions.
    const cdp = await editor.page.context().newCDPSession(editor.page);
    const described = new Map<string, string>();
    cdp.on('WebMCP.toolsAdded', (event) => {
      for (const tool of event.tools) described.set(tool.name, String(tool.description));
    });
    await cdp.send('WebMCP.enable');
    await editor.page.check('#agent-scope-selection');
    await editor.page.locator('#score svg g.measure').nth(0).click();
    await probe.waitForText('#agent-scope-label', /^Agents may edit measures? 1\b/);
    const scopeNote = /Scope: you may write only inside measures? 1\b/;
    await waitUntil(
      async () => described.get('rewrite_measures') ?? '',
      (description) => scopeNote.test(description),
    );
    expect(described.get('read_measures')).not.toMatch(/Scope:/);
    const bar3 = await violinBar(3);
    const refused = await rewrite(3, 'P1 s1 v1 m3: C5=1\n');
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text.split('\n')[0]).toBe('Nothing was changed.');
    expect(refused.content[0]?.text).toContain('outside your scope');
    expect(await violinBar(3)).toBe(bar3);
    await probe.waitForText('#activity .activity-refused .activity-what', /out_of_scope/);

    const inside = await rewrite(1, 'P1 s1 v1 m1: C5=1\n');
    expect(inside.isError).toBe(false);
    await editor.page.check('#agent-scope-score');
    expect(await probe.text('#agent-scope-label')).toBe('Agents may edit the whole score.');
    await waitUntil(
      async () => described.get('rewrite_measures') ?? '',
      (description) => !description.includes('Scope:'),
    );
    await cdp.detach();
  });

  it('works with the keyboard alone: select, apply, undo, review on, accept, an activity entry', async () => {
    await editor.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Select measure 5 with the arrow keys.
    await tabTo(editor, '#score');
    expect((await probe.focused()).outline).not.toBe('none');
    await editor.page.keyboard.press('ArrowLeft');
    await waitUntil(probe.selectedMeasures, (measures) => measures.length === 1);
    const start = (await probe.selectedMeasures())[0] ?? 1;
    for (let step = start; step < 5; step++) await editor.page.keyboard.press('ArrowRight');
    for (let step = start; step > 5; step--) await editor.page.keyboard.press('ArrowLeft');
    await probe.waitForText('#lanes-title', 'Measure 5');

    // Edit its lanes-seq and apply with Ctrl+Enter.
    await tabTo(editor, '#lanes-text');
    const text = await editor.page.inputValue('#lanes-text');
    const shape = await probe.measureShape(5);
    const rendered = await probe.renders();
    await editor.page.keyboard.press('Control+a');
    await editor.page.keyboard.type(text.replace(/P1 s1 v1 m5: [^\n]*/, 'P1 s1 v1 m5: E5=1'));
    await editor.page.keyboard.press('Control+Enter');
    await probe.whenRenderedAfter(rendered);
    expect(await probe.measureShape(5)).not.toBe(shape);

    // Leave the text and undo with Ctrl+Z.
    await editor.page.keyboard.press('Tab');
    const applied = await probe.renders();
    await editor.page.keyboard.press('Control+z');
    await probe.whenRenderedAfter(applied);
    expect(await probe.measureShape(5)).toBe(shape);

    // Review mode on with Space; an agent proposes; Enter on Accept applies it.
    await tabTo(editor, '#review-mode');
    await editor.page.keyboard.press('Space');
    expect(await editor.evaluate('document.getElementById("review-mode").checked')).toBe(true);
    const id = await propose(7, 'P1 s1 v1 m7: F5=1\n');
    await tabTo(editor, `${card(id)} .proposal-accept`);
    expect((await probe.focused()).outline).not.toBe('none');
    const before = await probe.renders();
    await editor.page.keyboard.press('Enter');
    await probe.whenRenderedAfter(before);
    expect(await cardStatus(id)).toBe('accepted');
    expect(await violinBar(7)).toBe('P1 s1 v1 m7: F5=1');

    // Enter on the newest activity entry selects its measures.
    await editor.page.locator('#score svg g.measure').nth(0).click();
    await tabTo(editor, '#activity .activity-entry:first-child button');
    await editor.page.keyboard.press('Enter');
    expect(await probe.selectedMeasures()).toEqual([7]);

    // A new entry (the agent undoes its step, which is not reviewed) leaves the focus where it was.
    const focusedEntry = () =>
      editor.evaluate<string>(
        `document.activeElement?.closest('.activity-entry')?.dataset.id ?? ''`,
      );
    const entryBefore = await focusedEntry();
    expect(entryBefore).not.toBe('');
    const undone = await editor.call('undo', {});
    expect(undone.isError).toBe(false);
    await probe.waitForText('#activity .activity-entry:first-child .activity-what', /^undid /);
    expect(await focusedEntry()).toBe(entryBefore);

    // ? opens the keyboard help.
    await editor.page.keyboard.press('?');
    expect(await editor.evaluate('document.getElementById("keyboard-help").open')).toBe(true);
  });
});
