/**
 * The editor on a shared document, end to end: the real collaboration server
 * (SQLite in a temporary folder, an OS-picked port) serving the freshly built
 * editor; pages in Debian's Chromium with native WebMCP, their agents calling
 * tools through the DevTools `WebMCP` domain; an MCP SDK client on the
 * server's endpoint. The cases run in order on one document.
 */

import type { DocumentLinks } from '@scorelane/collab-server';
import { ROOT_NAMES } from '@scorelane/score-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorSession } from './browser-agent.ts';
import { type CollabHarness, startCollabHarness } from './collab-harness.ts';
import { connectMcpAgent } from './mcp-agent.ts';
import { joinAsPeer } from './node-peer.ts';
import { highlightedMeasures, selectedMeasures, showTab } from './page-probes.ts';
import { measureShape, renders, textOf, waitForShape, waitUntil } from './score-probe.ts';
import { saveScreenshot } from './screenshots.ts';

const DOC = 'ode';
/** Bar 2 of the violin, dotted: its engraving gains dots. */
const NEW_M2 = 'P1 s1 v1 m2: A5=3/8 G5=1/8 G5=1/2\n';
const NEW_M3 = 'P1 s1 v1 m3: D5=1/1\n';
const NEW_M4 = 'P1 s1 v1 m4: B4=1/2 B4=1/2\n';
const READ_TOOLS = ['read_measures', 'get_selection', 'select_measures'];
const WRITE_TOOLS = ['rewrite_measures', 'undo', 'redo'];

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('the editor on the collaboration server, in Chromium with native WebMCP', () => {
  let harness: CollabHarness;
  let links: DocumentLinks;
  let alice: EditorSession;
  let bob: EditorSession;
  const original: Record<number, string> = {};

  beforeAll(async () => {
    harness = await startCollabHarness();
    links = await harness.links(DOC);
    [alice, bob] = await Promise.all([harness.open(links.edit), harness.open(links.edit)]);
    for (const n of [2, 3, 4]) original[n] = await measureShape(alice, n);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('serves the editor at the edit link; both pages join as editors and are online', async () => {
    for (const page of [alice, bob]) {
      expect(await textOf(page, 'status')).toBe('Ready: you can edit.');
      expect(await textOf(page, 'document-name')).toBe(DOC);
      expect(await page.evaluate('document.getElementById("connection").dataset.state')).toBe(
        'connected',
      );
      expect(page.toolNames()).toEqual(expect.arrayContaining([...READ_TOOLS, ...WRITE_TOOLS]));
      expect(await page.evaluate('document.querySelectorAll("#score svg g.measure").length')).toBe(
        16,
      );
    }
  });

  it('shows who else is on the document and the measures they selected', async () => {
    await waitUntil(
      async () =>
        (await alice.evaluate<number>('document.querySelectorAll("#presence li").length')) === 2,
    );
    await bob.page.locator('#score svg g.measure').nth(4).click();
    const bobName = (await textOf(bob, 'presence')).match(/Guest \d+(?= \(you\))/)?.[0];
    expect(bobName).toBeDefined();
    await waitUntil(async () =>
      (await textOf(alice, 'presence')).includes(`${bobName}: measure 5`),
    );
    const marked = await alice.evaluate<(string | null)[]>(
      `[...document.querySelectorAll('#score svg g.measure')].map((m) => m.getAttribute('data-peers'))`,
    );
    expect(marked[4]).toBe(bobName);
    expect(marked.filter((peers) => peers !== null)).toHaveLength(1);
    expect(
      await alice.evaluate('document.querySelectorAll("#score rect.presence-marker").length'),
    ).toBeGreaterThan(0);
  });

  it('shows the name a person types to the others', async () => {
    await showTab(alice, 'agents');
    await alice.page.fill('#presence-name', 'Alice');
    await alice.page.press('#presence-name', 'Enter');
    expect(await textOf(alice, 'presence')).toContain('Alice (you)');
    await waitUntil(async () => (await textOf(bob, 'presence')).includes('Alice'));
  });

  it('shows the edit link’s MCP endpoint and a Claude Code command with the edit token', async () => {
    const mcp = new URL('/mcp', links.edit);
    mcp.searchParams.set('doc', DOC);
    expect(await textOf(alice, 'agent-endpoint-url')).toBe(mcp.toString());
    expect(await textOf(alice, 'agent-endpoint-header')).toBe(
      `Authorization: Bearer ${tokenOf(links.edit)}`,
    );
    expect(await textOf(alice, 'agent-endpoint-command')).toBe(
      `claude mcp add --transport http scorelane "${mcp}" --header "Authorization: Bearer ${tokenOf(links.edit)}"`,
    );
  });

  it('an agent in one page rewrites bar 2 and the other page’s engraving shows it', async () => {
    const result = await alice.call('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: NEW_M2,
    });
    expect(result.isError).toBe(false);
    await waitUntil(async () => (await measureShape(bob, 2)) !== original[2]);
    expect(await measureShape(bob, 2)).toContain('dots');
    expect(await measureShape(bob, 3)).toBe(original[3]);
    // Each page engraves in its worker: Alice's too shows the rewrite once it is engraved.
    await waitForShape(alice, 2, await measureShape(bob, 2));
    expect(await textOf(alice, 'status')).toBe(
      'An agent in this browser rewrote measure 2 (Violin).',
    );
    // The other page highlights the change and keeps its own selection (bar 5).
    await waitUntil(async () => (await highlightedMeasures(bob)).join() === '2');
    expect(await selectedMeasures(bob)).toEqual([5]);
    expect(await textOf(bob, 'status')).toBe(
      'An agent in Alice’s browser rewrote measure 2 (Violin).',
    );
    await saveScreenshot(alice.page, 'collab-editor', { readme: true });
  });

  it('undo in the first page reverts the rewrite in both', async () => {
    await alice.page.click('#undo');
    await waitForShape(bob, 2, original[2] ?? '');
    await waitForShape(alice, 2, original[2] ?? '');
    expect(await textOf(alice, 'status')).toBe('Undid the agent’s step.');
  });

  it('never undoes a collaborator: the other page’s rewrite stays when the first page undoes', async () => {
    const result = await bob.call('rewrite_measures', {
      start_measure: 3,
      parts: [1],
      lanes_seq: NEW_M3,
    });
    expect(result.isError).toBe(false);
    await waitUntil(async () => (await measureShape(alice, 3)) !== original[3]);
    const rewritten = await measureShape(alice, 3);
    expect(await alice.evaluate('document.getElementById("undo").disabled')).toBe(true);
    const before = await renders(alice);
    await alice.page.locator('#score').click({ position: { x: 5, y: 5 } });
    await alice.page.keyboard.press('Control+z');
    expect(await textOf(alice, 'status')).toMatch(/nothing to undo/i);
    expect(await renders(alice)).toBe(before);
    expect(await measureShape(alice, 3)).toBe(rewritten);
    expect((await bob.call('undo', {})).isError).toBe(false);
    await waitForShape(alice, 3, original[3] ?? '');
  });

  it('highlights an MCP agent’s rewrite of bar 2 on every page, keeping each page’s selection', async () => {
    await bob.page.locator('#score svg g.measure').nth(5).click();
    const selected = [await selectedMeasures(alice), await selectedMeasures(bob)];
    expect(selected[1]).toEqual([6]);
    const agent = await connectMcpAgent(harness.server.httpUrl, DOC, tokenOf(links.edit));
    try {
      const rewrite = await agent.callTool({
        name: 'rewrite_measures',
        arguments: { start_measure: 2, parts: [1], lanes_seq: NEW_M2 },
      });
      expect(rewrite.isError).toBe(false);
      for (const [index, page] of [alice, bob].entries()) {
        await waitUntil(async () => (await measureShape(page, 2)) !== original[2]);
        await waitUntil(async () => (await highlightedMeasures(page)).join() === '2');
        expect(await selectedMeasures(page)).toEqual(selected[index]);
        expect(await textOf(page, 'status')).toBe(
          'An agent on the server (desktop-agent) rewrote measure 2 (Violin).',
        );
      }
      expect((await agent.callTool({ name: 'undo', arguments: {} })).isError).toBe(false);
    } finally {
      await agent.close();
    }
    await waitForShape(bob, 2, original[2] ?? '');
    // The person's next selection clears the highlight.
    await bob.page.locator('#score svg g.measure').nth(0).click();
    expect(await highlightedMeasures(bob)).toEqual([]);
    expect(await selectedMeasures(bob)).toEqual([1]);
  });

  it('refuses a wrong token on the page, saying so', async () => {
    const wrong = new URL(links.edit);
    wrong.searchParams.set('token', 'not-a-token');
    const refused = await harness.open(wrong.toString(), {
      until: 'document.body.dataset.ready === "failed"',
    });
    expect(await textOf(refused, 'status')).toMatch(/refused this link’s token for "ode"/);
    expect(refused.toolNames()).toEqual([]);
  });

  describe('a view link', () => {
    let viewer: EditorSession;

    beforeAll(async () => {
      viewer = await harness.open(links.view);
    });

    it('registers only read tools and says, in a viewer’s words, that the link cannot change the score', async () => {
      expect(await textOf(viewer, 'status')).toBe(
        'Ready: you can read and play this score; this link cannot change it.',
      );
      expect(await textOf(viewer, 'lanes-title')).toBe(
        'Select measures on the score to read their text here',
      );
      expect(await viewer.evaluate('document.getElementById("undo").hidden')).toBe(true);
      expect(viewer.toolNames()).toEqual(expect.arrayContaining(READ_TOOLS));
      for (const tool of WRITE_TOOLS) expect(viewer.toolNames()).not.toContain(tool);
      await expect(
        viewer.call('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq: NEW_M2 }),
      ).rejects.toThrow();
    });

    it('shows only the view token’s endpoint, never the edit token', async () => {
      const html = await viewer.evaluate<string>('document.body.innerHTML');
      expect(await textOf(viewer, 'agent-endpoint-header')).toBe(
        `Authorization: Bearer ${tokenOf(links.view)}`,
      );
      expect(html).not.toContain(tokenOf(links.edit));
    });

    it('a forged write with the view token changes nothing; an SDK MCP client’s edit reaches every page', async () => {
      const forged = await tamperedViewer(harness.server.url, tokenOf(links.view));
      try {
        forged.doc.getMap(ROOT_NAMES.units).set('forged', { voices: 'not a unit' });
        await forged.answered;
        const agent = await connectMcpAgent(harness.server.httpUrl, DOC, tokenOf(links.edit));
        const rewrite = await agent.callTool({
          name: 'rewrite_measures',
          arguments: { start_measure: 4, parts: [1], lanes_seq: NEW_M4 },
        });
        await agent.close();
        expect(rewrite.isError).toBe(false);
        for (const page of [alice, bob, viewer]) {
          await waitUntil(async () => (await measureShape(page, 4)) !== original[4]);
          // The agent's write selected what it changed: every page frames it in the agent's colour,
          // under its session's name (numbered when an earlier session of that name is still open).
          await waitUntil(async () =>
            /desktop-agent( \d+)? \(MCP agent\): measure 4/.test(await textOf(page, 'presence')),
          );
        }
        const live = harness.server.hocuspocus.documents.get(DOC);
        expect(live?.getMap(ROOT_NAMES.units).has('forged')).toBe(false);
        const read = await viewer.call('read_measures', {
          start_measure: 4,
          end_measure: 4,
          parts: [1],
        });
        expect(String(read.structuredContent?.lanes_seq)).toContain('P1 s1 v1 m4: B4=1/2 B4\n');
      } finally {
        forged.destroy();
      }
    });
  });

  it('survives a server restart: pages reconnect, and a page opened afterwards has the edits', async () => {
    const rewritten = await measureShape(alice, 4);
    // Records every state the connection line shows from now on.
    await alice.evaluate(`(() => { const line = document.getElementById('connection');
      window.seenStates = [];
      new MutationObserver(() => window.seenStates.push(line.dataset.state))
        .observe(line, { attributes: true, attributeFilter: ['data-state'] }); })()`);
    await harness.restart();
    await waitUntil(
      async () => (await alice.evaluate<string[]>('window.seenStates')).at(-1) === 'connected',
    );
    expect(await alice.evaluate('window.seenStates')).toContain('disconnected');
    const reopened = await harness.open(links.edit);
    expect(await measureShape(reopened, 4)).toBe(rewritten);
    const result = await reopened.call('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: NEW_M2,
    });
    expect(result.isError).toBe(false);
    await waitUntil(async () => (await measureShape(alice, 2)) !== original[2]);
  });
});

/** A tampered client with the view token: it ignores read-only and sends a write. */
async function tamperedViewer(url: string, token: string) {
  const peer = await joinAsPeer(url, DOC, token);
  // The server answers the write (its sync status) without applying it.
  const answered = new Promise<void>((resolve) => {
    const answer = () => {
      peer.provider.off('message', answer);
      resolve();
    };
    peer.provider.on('message', answer);
  });
  return { doc: peer.doc, answered, destroy: peer.destroy };
}
