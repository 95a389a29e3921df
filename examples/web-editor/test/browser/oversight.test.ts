/**
 * Agent oversight end to end on the real collaboration server (the harness:
 * the editor built once for this file, served by the server with SQLite in
 * a temporary folder): Alice and Bob on one document in Debian's Chromium
 * with native WebMCP, their agents calling tools through the DevTools
 * `WebMCP` domain, and MCP SDK clients on the server's endpoint. Review
 * mode (accept, reject, stale by Alice's own edit and by Bob's), the shared
 * activity panel, the agents' scope (held by WebMCP and MCP agents alike),
 * a viewer's forged change of the settings, the whole flow with the
 * keyboard alone, an MCP agent's proposal through a reload and a server
 * restart, and two MCP agents' own undo histories. The cases run in order on one document. Every run saves the
 * proposal panel as `test-output/review.png` (and the README's
 * `docs/review.png` when `UPDATE_SCREENSHOTS=1`).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DocumentLinks } from '@scorelane/collab-server';
import { openOversightSettings } from '@scorelane/score-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorSession } from './browser-agent.ts';
import { type CollabHarness, startCollabHarness } from './collab-harness.ts';
import { connectMcpAgent } from './mcp-agent.ts';
import { joinAsPeer } from './node-peer.ts';
import {
  focusOutline,
  inView,
  keyboardTab,
  selectedMeasures,
  showTab,
  tabTo,
  textAt,
  waitForSummaryAt,
  waitForTextAt,
  whenRenderedAfter,
} from './page-probes.ts';
import { measureShape, renders, waitForShape, waitUntil } from './score-probe.ts';

const DOC = 'oversight';
const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const README_SCREENSHOT = fileURLToPath(new URL('../../docs/review.png', import.meta.url));
const ORIGINAL_M2 = 'P1 s1 v1 m2: A5=1/4 G5 F#5 E5';
const AGENT_M2 = 'P1 s1 v1 m2: A5=3/8 G5=1/8 G5=1/2\n';

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('agent oversight on the collaboration server, in Chromium with native WebMCP', () => {
  let harness: CollabHarness;
  let links: DocumentLinks;
  let alice: EditorSession;
  let bob: EditorSession;

  beforeAll(async () => {
    harness = await startCollabHarness();
    links = await harness.links(DOC);
    [alice, bob] = await Promise.all([harness.open(links.edit), harness.open(links.edit)]);
  });

  afterAll(async () => {
    await harness?.close();
  });

  /** Alice's agent rewrites one violin bar. */
  const rewrite = (measure: number, lanes: string) =>
    alice.call('rewrite_measures', { start_measure: measure, parts: [1], lanes_seq: lanes });
  const card = (id: string) => `.proposal[data-session="${id}"]`;
  const cardStatus = (id: string) =>
    alice.evaluate<string>(`document.querySelector('${card(id)}')?.dataset.status ?? ''`);
  const waitForStatus = (id: string, status: string) =>
    waitUntil(async () => (await cardStatus(id)) === status);
  /** The violin's lane of `measure`, as Alice's agent reads it. */
  const violinBar = async (measure: number) => {
    const read = await alice.call('read_measures', {
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
      async () =>
        (await alice.evaluate<string>(
          `document.querySelector('${card(id)}')?.dataset.engraved ?? ''`,
        )) === 'true',
    );
    return id;
  };
  /** A page's own name on the document: the first entry of its presence list, "NAME (you)". */
  const nameOf = async (page: EditorSession) =>
    (await textAt(page, '#presence li')).replace(/ \(you\)$/, '');
  const aliceName = () => nameOf(alice);
  const bobName = () => nameOf(bob);
  /** A person's hand edit of the violin's bar `measure` through the lanes-seq pane. */
  const editByHand = async (page: EditorSession, measure: number, events: string) => {
    await showTab(page, 'text');
    await page.page
      .locator('#score svg g.measure')
      .nth(measure - 1)
      .click();
    await waitForTextAt(page, '#lanes-title', `Measure ${measure}`);
    const text = await page.page.inputValue('#lanes-text');
    const edited = text.replace(
      new RegExp(`P1 s1 v1 m${measure}: [^\\n]*`),
      `P1 s1 v1 m${measure}: ${events}`,
    );
    await page.page.fill('#lanes-text', edited);
    await page.page.click('#lanes-apply');
  };

  it('starts with review off, agents on the whole score, and an empty activity list', async () => {
    for (const page of [alice, bob]) {
      // The stylesheet reached the side panel (a broken rule before it would leave it unstyled).
      expect(
        await page.evaluate('getComputedStyle(document.querySelector(".side-panel")).display'),
      ).toBe('flex');
      await showTab(page, 'agents');
      expect(await textAt(page, '#agent-scope-label')).toBe('Agents may edit the whole score.');
      expect(await page.evaluate('document.getElementById("review-mode").checked')).toBe(false);
      expect(await page.evaluate('document.getElementById("activity").dataset.entries')).toBe('0');
    }
  });

  it('in review mode an agent’s rewrite becomes a proposal engraved before and after; Accept applies it as one undo step, for both pages', async () => {
    await showTab(alice, 'agents');
    await alice.page.check('#review-mode');
    const shapeBefore = await measureShape(alice, 2);
    const rendered = await renders(alice);
    const id = await propose(2, AGENT_M2);
    expect(await cardStatus(id)).toBe('pending');
    expect(await textAt(alice, '#status')).toBe(
      'An agent proposes a change to measure 2 (Violin): review it under Proposals.',
    );
    expect(await textAt(alice, `${card(id)} .proposal-title`)).toBe(
      'An agent in this browser proposes a change to measure 2 (Violin)',
    );
    const sides = await alice.evaluate<{ before: string; after: string; measures: number[] }>(
      `(() => { const c = document.querySelector('${card(id)}');
        const svg = (s) => c.querySelector(s + ' svg')?.outerHTML ?? '';
        return { before: svg('.proposal-before'), after: svg('.proposal-after'),
          measures: ['.proposal-before', '.proposal-after'].map((s) => c.querySelectorAll(s + ' svg g.measure').length) }; })()`,
    );
    expect(sides.before).toContain('<svg');
    expect(sides.after).toContain('<svg');
    expect(sides.after).not.toBe(sides.before);
    expect(sides.measures).toEqual([1, 1]);
    expect(await measureShape(alice, 2)).toBe(shapeBefore);
    expect(await renders(alice)).toBe(rendered);
    expect(await violinBar(2)).toBe(ORIGINAL_M2);
    mkdirSync(OUTPUT, { recursive: true });
    // The new proposal selected its tab, and its Accept and Reject are in view.
    expect(await alice.evaluate('document.getElementById("tab-proposals").ariaSelected')).toBe(
      'true',
    );
    await expect.poll(() => inView(alice, `${card(id)} .proposal-accept`)).toBe(true);
    expect(await inView(alice, `${card(id)} .proposal-reject`)).toBe(true);
    const panel = alice.page.locator('#panel-proposals');
    await panel.screenshot({ path: `${OUTPUT}review.png` });
    if (process.env.UPDATE_SCREENSHOTS === '1') await panel.screenshot({ path: README_SCREENSHOT });

    await showTab(alice, 'proposals');
    await alice.page.click(`${card(id)} .proposal-accept`);
    await whenRenderedAfter(alice, rendered);
    expect(await cardStatus(id)).toBe('accepted');
    const accepted = await measureShape(alice, 2);
    expect(accepted).not.toBe(shapeBefore);
    expect(await violinBar(2)).toBe(AGENT_M2.trim());
    expect(await textAt(alice, '#status')).toBe(
      'You accepted an agent’s change to measure 2 (Violin).',
    );
    await waitForShape(bob, 2, accepted);
    // Bob's page listed the same proposal, and shows Alice's decision.
    await waitUntil(
      async () =>
        (await bob.evaluate<string>(
          `document.querySelector('${card(id)}')?.dataset.status ?? ''`,
        )) === 'accepted',
    );
    const proposer = `a proposal by an agent in ${await aliceName()}’s browser, rewrote measure 2 (Violin)`;
    for (const [page, who] of [
      [alice, `You, accepting ${proposer}`],
      [bob, `${await aliceName()}, accepting ${proposer}`],
    ] as const) {
      await waitForSummaryAt(page, '#activity .activity-entry', /accepted in review/);
      expect(await textAt(page, '#activity .activity-entry .activity-who')).toBe(who);
    }

    await alice.page.click('#undo');
    await waitForShape(alice, 2, shapeBefore);
    await waitForShape(bob, 2, shapeBefore);
    expect(await violinBar(2)).toBe(ORIGINAL_M2);
    const undid = 'undid "rewrite_measures from m2, parts 1"';
    await waitForSummaryAt(alice, '#activity .activity-entry', undid);
    expect(await textAt(alice, '#activity .activity-entry .activity-who')).toBe(
      'You undid a step in measure 2 (Violin)',
    );
    await waitForSummaryAt(bob, '#activity .activity-entry', undid);
    expect(await textAt(bob, '#activity .activity-entry .activity-who')).toBe(
      `${await aliceName()} undid a step in measure 2 (Violin)`,
    );
  });

  it('a rejected proposal leaves the score unchanged', async () => {
    const id = await propose(4, 'P1 s1 v1 m4: C5=1\n');
    const bar4 = await violinBar(4);
    const rendered = await renders(alice);
    await showTab(alice, 'proposals');
    await alice.page.click(`${card(id)} .proposal-reject`);
    await waitForStatus(id, 'rejected');
    expect(await violinBar(4)).toBe(bar4);
    expect(await renders(alice)).toBe(rendered);
    expect(await textAt(alice, `${card(id)} .proposal-message`)).toBe(
      'Rejected: nothing was written.',
    );
  });

  it('a proposal whose bar the person edits meanwhile shows stale, and Accept refuses it', async () => {
    const id = await propose(2, AGENT_M2);
    await editByHand(alice, 2, 'D5=1');
    await waitForStatus(id, 'stale');
    expect(await textAt(alice, `${card(id)} .proposal-status`)).toContain('stale');
    expect(await violinBar(2)).toBe('P1 s1 v1 m2: D5=1');

    await showTab(alice, 'proposals');
    await alice.page.click(`${card(id)} .proposal-accept`);
    await waitForTextAt(alice, `${card(id)} .proposal-message`, /^Not applied/);
    expect(await cardStatus(id)).toBe('stale');
    expect(await violinBar(2)).toBe('P1 s1 v1 m2: D5=1');
    await alice.page.click('#undo'); // Alice's edit: later cases start from the example
    await waitUntil(async () => (await violinBar(2)) === ORIGINAL_M2);
  });

  it('a proposal whose bar a collaborator edits meanwhile shows stale too; the log names the collaborator as they call themselves now', async () => {
    await showTab(bob, 'agents');
    await bob.page.fill('#presence-name', 'Bob');
    await bob.page.press('#presence-name', 'Enter');
    await waitUntil(async () => (await bobName()) === 'Bob');
    const id = await propose(3, 'P1 s1 v1 m3: C5=1\n');
    await editByHand(bob, 3, 'B4=1');
    await waitForTextAt(alice, '#activity .activity-entry .activity-who', 'Bob rewrote measure 3');
    await waitForStatus(id, 'stale');
    await showTab(alice, 'proposals');
    await alice.page.click(`${card(id)} .proposal-accept`);
    await waitForTextAt(alice, `${card(id)} .proposal-message`, /^Not applied/);
    expect(await violinBar(3)).toBe('P1 s1 v1 m3: B4=1');
    await bob.page.click('#undo');
    await waitUntil(async () => (await violinBar(3)) !== 'P1 s1 v1 m3: B4=1');
    await showTab(alice, 'agents');
    await alice.page.uncheck('#review-mode');
  });

  it('the activity panel lists who changed what, on every page: this browser’s agent, a collaborator, an MCP agent on the server; a click selects the range', async () => {
    const written = await rewrite(6, 'P1 s1 v1 m6: B4=1\n');
    expect(written.isError).toBe(false);
    const newest = '#activity .activity-entry:first-child';
    await waitForSummaryAt(alice, newest, '1 unit in m6, part 1');
    expect(await textAt(alice, `${newest} .activity-who`)).toBe(
      'An agent in this browser rewrote measure 6 (Violin)',
    );
    await waitForSummaryAt(bob, newest, '1 unit in m6, part 1');
    expect(await textAt(bob, `${newest} .activity-who`)).toBe(
      `An agent in ${await aliceName()}’s browser rewrote measure 6 (Violin)`,
    );

    // Bob's page engraves in a worker: count from when it has engraved bar 6.
    await waitUntil(() => bob.evaluate<boolean>('document.getElementById("working").hidden'));
    const bobRenders = await renders(bob);
    const agent = await connectMcpAgent(harness.server.httpUrl, DOC, tokenOf(links.edit));
    const remote = await agent.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 8, parts: [1], lanes_seq: 'P1 s1 v1 m8: A4=1\n' },
    });
    await agent.close();
    expect(remote.isError).toBe(false);
    for (const page of [alice, bob]) {
      await waitForSummaryAt(page, newest, '1 unit in m8, part 1');
      expect(await textAt(page, `${newest} .activity-who`)).toBe(
        'MCP agent desktop-agent rewrote measure 8 (Violin)',
      );
    }
    // The people's hand edits: each page says "You" for its own, the presence name for the other's.
    // The score changed once; the log's own update is not a change of the score to engrave.
    await whenRenderedAfter(bob, bobRenders);
    await waitUntil(() => bob.evaluate<boolean>('document.getElementById("working").hidden'));
    expect(await renders(bob)).toBe(bobRenders + 1);
    expect(await textAt(alice, '#activity')).toContain('You rewrote measure');
    expect(await textAt(alice, '#activity')).toContain(`${await bobName()} rewrote measure`);
    expect(await textAt(bob, '#activity')).toContain(`${await aliceName()} rewrote measure`);
    expect(await textAt(alice, '#activity')).not.toMatch(/rewrite_measures|\bunits?\b/);

    await alice.page.locator('#score svg g.measure[data-measure="1"]').click();
    // The selection is marked once the click's change of the shared selection comes back.
    await waitUntil(async () => (await selectedMeasures(alice)).join() === '1');
    await showTab(alice, 'activity');
    await alice.page.click(`${newest} button`);
    expect(await selectedMeasures(alice)).toEqual([8]);
  });

  it('with “my selection” on bar 1, the tools are registered again naming it, and an agent’s write to bar 3 is refused out_of_scope', async () => {
    // A second DevTools session hears the tools the page registers again, with their descriptions.
    const cdp = await alice.page.context().newCDPSession(alice.page);
    const described = new Map<string, string>();
    cdp.on('WebMCP.toolsAdded', (event) => {
      for (const tool of event.tools) described.set(tool.name, String(tool.description));
    });
    await cdp.send('WebMCP.enable');
    await showTab(alice, 'agents');
    await alice.page.check('#agent-scope-selection');
    await alice.page.locator('#score svg g.measure[data-measure="1"]').click();
    await waitForTextAt(alice, '#agent-scope-label', /^Agents may edit measures? 1\b/);
    const scopeNote = /Scope: you may write only inside measures? 1\b/;
    await waitUntil(async () => scopeNote.test(described.get('rewrite_measures') ?? ''));
    expect(described.get('read_measures')).not.toMatch(/Scope:/);

    const bar3 = await violinBar(3);
    const refused = await rewrite(3, 'P1 s1 v1 m3: C5=1\n');
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text.split('\n')[0]).toBe('Nothing was changed.');
    expect(refused.content[0]?.text).toContain('outside your scope');
    expect(await violinBar(3)).toBe(bar3);
    await waitForTextAt(
      alice,
      '#activity .activity-refused .activity-what',
      'Nothing was changed: it was outside the measures agents may edit. (Shown only on this page.)',
    );
    expect(await textAt(alice, '#activity')).not.toContain('out_of_scope');
    expect(await textAt(bob, '#activity')).not.toContain('outside the measures');

    // The scope is the document's: Bob's page shows Alice's selection, and an MCP agent is held to it.
    await waitForTextAt(
      bob,
      '#agent-scope-label',
      new RegExp(`^Agents may edit measures? 1\\b.*\\(${await aliceName()}’s selection\\)\\.$`),
    );
    expect(await bob.evaluate('document.getElementById("agent-scope-selection").checked')).toBe(
      true,
    );
    // An agent in Bob's browser is held to Alice's selection too.
    const bobsAgent = await bob.call('rewrite_measures', {
      start_measure: 3,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m3: C5=1\n',
    });
    expect(bobsAgent.isError).toBe(true);
    expect(bobsAgent.content[0]?.text).toContain('outside your scope');
    const desktop = await connectMcpAgent(harness.server.httpUrl, DOC, tokenOf(links.edit));
    const mcpRefused = await desktop.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 3, parts: [1], lanes_seq: 'P1 s1 v1 m3: C5=1\n' },
    });
    await desktop.close();
    expect(mcpRefused.isError).toBe(true);
    const mcpText = (mcpRefused.content as { text: string }[])[0]?.text ?? '';
    expect(mcpText.split('\n')[0]).toBe('Nothing was changed.');
    expect(mcpText).toContain('outside your scope');
    expect(await violinBar(3)).toBe(bar3);

    const inside = await rewrite(1, 'P1 s1 v1 m1: C5=1\n');
    expect(inside.isError).toBe(false);
    await showTab(alice, 'agents');
    await alice.page.check('#agent-scope-score');
    expect(await textAt(alice, '#agent-scope-label')).toBe('Agents may edit the whole score.');
    await waitUntil(
      async () => !(described.get('rewrite_measures') ?? 'Scope:').includes('Scope:'),
    );
    await cdp.detach();
  });

  it('a view link’s page reads the same activity, with the agents’ toggles off', async () => {
    const viewer = await harness.open(links.view);
    await waitUntil(
      async () =>
        Number(await viewer.evaluate('document.getElementById("activity").dataset.entries')) > 0,
    );
    expect(await textAt(viewer, '#activity')).toContain(
      'MCP agent desktop-agent rewrote measure 8 (Violin)',
    );
    expect(await textAt(viewer, '#agent-scope-label')).toBe(
      'View only: agents in this browser may not edit. Agents may edit the whole score.',
    );
    for (const toggle of ['review-mode', 'agent-scope-score', 'agent-scope-selection']) {
      expect(await viewer.evaluate(`document.getElementById('${toggle}').disabled`)).toBe(true);
    }

    // A tampered viewer writes the settings anyway; the server answers without applying it.
    const forger = await joinAsPeer(harness.server.url, DOC, tokenOf(links.view));
    const answered = new Promise<void>((resolve) => {
      const answer = () => {
        forger.provider.off('message', answer);
        resolve();
      };
      forger.provider.on('message', answer);
    });
    const forged = openOversightSettings(forger.doc);
    forged.setReviewMode(true, 'Mallory');
    forged.setAgentScope({ kind: 'nothing' }, 'Mallory');
    await answered;
    // Alice's later change of the settings arrives on every page; the forged one never does.
    await showTab(alice, 'agents');
    await alice.page.check('#agent-scope-selection');
    const aliceScope = new RegExp(`\\(${await aliceName()}’s selection\\)\\.$`);
    for (const page of [bob, viewer]) await waitForTextAt(page, '#agent-scope-label', aliceScope);
    for (const page of [alice, bob, viewer]) {
      expect(await page.evaluate('document.getElementById("review-mode").checked')).toBe(false);
      expect(await textAt(page, '#agent-scope-label')).not.toContain('Mallory');
    }
    await showTab(alice, 'agents');
    await alice.page.check('#agent-scope-score');
    await waitForTextAt(viewer, '#agent-scope-label', /Agents may edit the whole score\.$/);
    const probe = await connectMcpAgent(harness.server.httpUrl, DOC, tokenOf(links.edit));
    const written = await probe.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 6, parts: [1], lanes_seq: 'P1 s1 v1 m6: B4=1\n' },
    });
    await probe.close();
    forger.destroy();
    expect(written.isError, JSON.stringify(written.content)).toBe(false);
    expect((written.structuredContent as { status?: string } | undefined)?.status).toBe('applied');
  });

  it('works with the keyboard alone: select, apply, undo, review on, accept, an activity entry', async () => {
    const { page } = alice;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Select measure 5 with the arrow keys.
    await tabTo(alice, '#score');
    expect(await focusOutline(alice)).not.toBe('none');
    await page.keyboard.press('ArrowLeft');
    await waitUntil(async () => (await selectedMeasures(alice)).length === 1);
    const start = (await selectedMeasures(alice))[0] ?? 1;
    for (let step = start; step < 5; step++) await page.keyboard.press('ArrowRight');
    for (let step = start; step > 5; step--) await page.keyboard.press('ArrowLeft');
    await waitForTextAt(alice, '#lanes-title', 'Measure 5');

    // Edit its lanes-seq and apply with Ctrl+Enter.
    await keyboardTab(alice, 'text');
    await tabTo(alice, '#lanes-text');
    const text = await page.inputValue('#lanes-text');
    const shape = await measureShape(alice, 5);
    const rendered = await renders(alice);
    await page.keyboard.press('Control+a');
    await page.keyboard.type(text.replace(/P1 s1 v1 m5: [^\n]*/, 'P1 s1 v1 m5: E5=1'));
    await page.keyboard.press('Control+Enter');
    await whenRenderedAfter(alice, rendered);
    expect(await measureShape(alice, 5)).not.toBe(shape);

    // Leave the text and undo with Ctrl+Z.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+z');
    await waitForShape(alice, 5, shape);

    // Review mode on with Space; an agent proposes; Enter on Accept applies it.
    await keyboardTab(alice, 'agents');
    await tabTo(alice, '#review-mode');
    await page.keyboard.press('Space');
    expect(await alice.evaluate('document.getElementById("review-mode").checked')).toBe(true);
    const id = await propose(7, 'P1 s1 v1 m7: F5=1\n');
    await tabTo(alice, `${card(id)} .proposal-accept`);
    expect(await focusOutline(alice)).not.toBe('none');
    await page.keyboard.press('Enter');
    await waitForStatus(id, 'accepted');
    expect(await violinBar(7)).toBe('P1 s1 v1 m7: F5=1');

    // Enter on the newest activity entry selects its measures.
    await page.locator('#score svg g.measure[data-measure="1"]').click();
    await keyboardTab(alice, 'activity');
    await tabTo(alice, '#activity .activity-entry:first-child button');
    await page.keyboard.press('Enter');
    expect(await selectedMeasures(alice)).toEqual([7]);

    // A new entry (the agent undoes its step, which is never reviewed) leaves the focus where it was.
    const focusedEntry = () =>
      alice.evaluate<string>(
        `document.activeElement?.closest('.activity-entry')?.dataset.id ?? ''`,
      );
    const entryBefore = await focusedEntry();
    expect(entryBefore).not.toBe('');
    await editByHand(bob, 4, 'C5=1');
    await waitForTextAt(
      alice,
      '#activity .activity-entry:first-child .activity-who',
      'Bob rewrote measure 4',
    );
    expect(await focusedEntry()).toBe(entryBefore);

    // ? opens the keyboard help.
    await page.keyboard.press('?');
    expect(await alice.evaluate('document.getElementById("keyboard-help").open')).toBe(true);
  });

  it('review mode set on Alice’s page holds an MCP agent’s write as a proposal Bob sees, through a reload and a server restart, and Bob accepts it', async () => {
    if (!(await alice.evaluate<boolean>('document.getElementById("review-mode").checked'))) {
      await showTab(alice, 'agents');
      await alice.page.check('#review-mode');
    }
    await waitUntil(async () =>
      bob.evaluate<boolean>('document.getElementById("review-mode").checked'),
    );
    expect(await textAt(bob, '#review-mode-label')).toBe(
      `On for every agent on this score (by ${await aliceName()}): their writes wait as proposals.`,
    );
    const before = await violinBar(3);
    const desktop = await connectMcpAgent(
      harness.server.httpUrl,
      DOC,
      tokenOf(links.edit),
      'claude-code',
    );
    const held = await desktop.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 3, parts: [1], lanes_seq: 'P1 s1 v1 m3: G5=1\n' },
    });
    await desktop.close();
    expect(held.isError, JSON.stringify(held.content)).toBe(false);
    const heldOutput = held.structuredContent as { status?: string; review?: { id?: string } };
    expect(heldOutput.status).toBe('awaiting_review');
    const id = String(heldOutput.review?.id);
    expect(await violinBar(3)).toBe(before);
    const bobCard = async (what: string) =>
      bob.evaluate<string>(`document.querySelector('${card(id)}')?.${what} ?? ''`);
    await waitUntil(async () => (await bobCard('dataset.engraved')) === 'true');
    expect(await textAt(bob, `${card(id)} .proposal-title`)).toBe(
      'MCP agent claude-code proposes a change to measure 3 (Violin)',
    );
    expect(await bobCard('dataset.status')).toBe('pending');

    const reloadBob = async () => {
      await bob.page.reload();
      await waitUntil(async () =>
        bob.evaluate<boolean>('document.body.dataset.ready === "true"').catch(() => false),
      );
    };
    await reloadBob();
    await waitUntil(async () => (await bobCard('dataset.status')) === 'pending');
    await harness.restart();
    await reloadBob();
    await waitUntil(async () => (await bobCard('dataset.engraved')) === 'true');
    expect(await bobCard('dataset.status')).toBe('pending');
    expect(await bob.evaluate('document.getElementById("review-mode").checked')).toBe(true);

    await showTab(bob, 'proposals');
    await bob.page.click(`${card(id)} .proposal-accept`);
    await waitUntil(async () => (await bobCard('dataset.status')) === 'accepted');
    await waitForStatus(id, 'accepted');
    await waitUntil(async () => (await violinBar(3)) === 'P1 s1 v1 m3: G5=1');
    await waitForTextAt(
      alice,
      '#activity .activity-entry:first-child .activity-who',
      'Bob, accepting a proposal by MCP agent claude-code, rewrote measure 3 (Violin)',
    );
    // The agent, on a new session after the restart, reads what became of its write.
    const again = await connectMcpAgent(
      harness.server.httpUrl,
      DOC,
      tokenOf(links.edit),
      'claude-code',
    );
    const status = await again.callTool({
      name: 'get_proposal_status',
      arguments: { proposal_id: id },
    });
    await again.close();
    expect(status.structuredContent).toMatchObject({ state: 'accepted', decided_by: 'Bob' });
    // Bob's accept is Bob's undo step.
    await bob.page.click('#undo');
    await waitUntil(async () => (await violinBar(3)) === before);
    await showTab(alice, 'agents');
    await alice.page.uncheck('#review-mode');
  });

  it('two MCP agents on the document have undo histories of their own: agent 1’s undo never reverts agent 2’s step', async () => {
    const one = await connectMcpAgent(
      harness.server.httpUrl,
      DOC,
      tokenOf(links.edit),
      'agent-one',
    );
    const two = await connectMcpAgent(
      harness.server.httpUrl,
      DOC,
      tokenOf(links.edit),
      'agent-two',
    );
    const write = (agent: typeof one, measure: number, events: string) =>
      agent.callTool({
        name: 'rewrite_measures',
        arguments: {
          start_measure: measure,
          parts: [1],
          lanes_seq: `P1 s1 v1 m${measure}: ${events}\n`,
        },
      });
    const before2 = await violinBar(2);
    expect((await write(one, 2, 'E5=1')).isError).toBe(false);
    expect((await write(two, 3, 'F5=1')).isError).toBe(false);
    // Both are on every page's presence list, each under its own name.
    await waitUntil(async () => {
      const names = await textAt(bob, '#presence');
      return names.includes('agent-one (MCP agent)') && names.includes('agent-two (MCP agent)');
    });
    expect((await one.callTool({ name: 'undo', arguments: {} })).isError).toBe(false);
    // The undo lands on the server's copy; Alice's page reads it once the update reaches her.
    // Updates arrive in order, so once bar 2 is back, bar 3 shows what the undo left of it.
    await waitUntil(async () => (await violinBar(2)) === before2);
    expect(await violinBar(3)).toBe('P1 s1 v1 m3: F5=1');
    const nothingLeft = await one.callTool({ name: 'undo', arguments: {} });
    expect(nothingLeft.isError).toBe(true);
    expect(await violinBar(3)).toBe('P1 s1 v1 m3: F5=1');
    expect((await two.callTool({ name: 'undo', arguments: {} })).isError).toBe(false);
    await one.close();
    await two.close();
  });
});
