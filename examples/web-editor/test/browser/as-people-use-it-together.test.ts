/**
 * The editor as people use it together (issue 27), on the real
 * collaboration server: three pages get three presence colours, a
 * collaborator's agent's change and a reconnect keep a page's text pane
 * true, the copy button says `Copied` and then offers to copy again, and a
 * view link's page speaks to a viewer. Screenshots at 1280x800 and
 * 1920x1080 go to `test-output/`.
 */
import type { DocumentLinks } from '@scorelane/collab-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorSession } from './browser-agent.ts';
import { type CollabHarness, startCollabHarness } from './collab-harness.ts';
import { inView, showTab, textAt, waitForTextAt } from './page-probes.ts';
import { waitUntil } from './score-probe.ts';
import { saveScreenshot } from './screenshots.ts';

const DOC = 'together';

describe('the editor as people use it together, on the collaboration server', () => {
  let harness: CollabHarness;
  let links: DocumentLinks;
  let alice: EditorSession;
  let bob: EditorSession;
  let carol: EditorSession;

  beforeAll(async () => {
    harness = await startCollabHarness();
    links = await harness.links(DOC);
    [alice, bob, carol] = await Promise.all([
      harness.open(links.edit),
      harness.open(links.edit),
      harness.open(links.edit),
    ]);
  });

  afterAll(async () => {
    await harness?.close();
  });

  /** The violin's bar `measure` as the pane of `page` shows it, and the revision it was read at. */
  const pane = async (page: EditorSession, measure: number) => ({
    lane:
      (await page.page.inputValue('#lanes-text'))
        .split('\n')
        .find((line) => line.startsWith(`P1 s1 v1 m${measure}:`)) ?? '',
    revision: await page.evaluate<string>(
      `document.getElementById('lanes-text').dataset.revision ?? ''`,
    ),
  });
  /** What `page`'s own tools read now: the revision of the document as that page holds it. */
  const revisionNow = async (page: EditorSession, measure: number) => {
    const read = await page.call('read_measures', {
      start_measure: measure,
      end_measure: measure,
      parts: [1, 2],
    });
    return String(read.structuredContent?.revision);
  };

  it('gives three people on a page three colours, each the one they show themselves', async () => {
    for (const page of [alice, bob, carol]) await showTab(page, 'agents');
    await waitUntil(
      async () =>
        (await alice.evaluate<number>('document.querySelectorAll("#presence li").length')) === 3,
    );
    const swatches = async (page: EditorSession) =>
      page.evaluate<string[]>(
        `[...document.querySelectorAll('#presence .presence-swatch')].map((s) => s.style.background)`,
      );
    await waitUntil(async () => new Set(await swatches(alice)).size === 3);
    const own = await Promise.all(
      [alice, bob, carol].map(async (page) => (await swatches(page))[0]),
    );
    expect(new Set(own).size).toBe(3);
    expect([...(await swatches(alice))].sort()).toEqual([...own].sort());
  });

  it('a collaborator’s agent’s change of the selected bar shows in the pane, at the current revision', async () => {
    await showTab(alice, 'text');
    await alice.page.locator('#score svg g.measure[data-measure="5"]').click();
    await waitForTextAt(alice, '#lanes-title', 'Measure 5');
    const result = await bob.call('rewrite_measures', {
      start_measure: 5,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m5: A4=1\n',
    });
    expect(result.isError).toBe(false);
    await waitUntil(async () => (await pane(alice, 5)).lane === 'P1 s1 v1 m5: A4=1');
    expect((await pane(alice, 5)).revision).toBe(await revisionNow(alice, 5));
  });

  it('after a reconnect, the pane shows what a collaborator changed while the server was away', async () => {
    await harness.restart(async () => {
      await waitUntil(async () =>
        ['disconnected', 'connecting'].includes(
          await bob.evaluate<string>('document.getElementById("connection").dataset.state'),
        ),
      );
      // Bob's agent writes while offline; the page sends it when the server is back.
      await bob.call('rewrite_measures', {
        start_measure: 5,
        parts: [1],
        lanes_seq: 'P1 s1 v1 m5: G4=1\n',
      });
    });
    await waitUntil(async () => (await pane(alice, 5)).lane === 'P1 s1 v1 m5: G4=1');
    expect((await pane(alice, 5)).revision).toBe(await revisionNow(alice, 5));
  });

  it('“Copied” gives way to the copy button’s label again', async () => {
    await alice.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(links.edit).origin,
    });
    await showTab(alice, 'agents');
    await alice.page.click('#agent-endpoint-copy');
    await waitForTextAt(alice, '#agent-endpoint-copy', 'Copied');
    await waitForTextAt(alice, '#agent-endpoint-copy', 'Copy the Claude Code command');
  });

  it('looks right at 1280x800 and 1920x1080, the presence list and endpoint in reach', async () => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await alice.page.setViewportSize(size);
      await showTab(alice, 'agents');
      expect(await inView(alice, '#presence')).toBe(true);
      await saveScreenshot(alice.page, `together-${size.width}x${size.height}-agents`);
      await showTab(alice, 'text');
      await saveScreenshot(alice.page, `together-${size.width}x${size.height}-text`);
      await showTab(alice, 'activity');
      await saveScreenshot(alice.page, `together-${size.width}x${size.height}-activity`);
      const clipped = await alice.evaluate<number>(
        `[...document.querySelectorAll('#activity .activity-entry button')].filter((b) => b.scrollWidth > b.clientWidth + 1).length`,
      );
      expect(clipped).toBe(0);
    }
  });

  it('a view link’s page speaks to a viewer: no editing words, no red “Nothing to undo.”', async () => {
    const viewer = await harness.open(links.view);
    expect(await textAt(viewer, '#lanes-title')).toBe(
      'Select measures on the score to read their text here',
    );
    expect(await textAt(viewer, 'body')).not.toContain('Select measures to edit them');
    await viewer.page.locator('#score').click({ position: { x: 5, y: 5 } });
    await viewer.page.keyboard.press('Control+z');
    expect(await textAt(viewer, '#status')).not.toMatch(/nothing to undo/i);
    expect(
      await viewer.evaluate('document.getElementById("status").classList.contains("error")'),
    ).toBe(false);
    await saveScreenshot(viewer.page, 'together-viewer');
  });
});
