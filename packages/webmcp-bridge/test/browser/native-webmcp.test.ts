/**
 * The bridge in Chromium with native WebMCP (`--enable-features=WebMCP`),
 * called as a browser agent calls it: through the DevTools protocol's
 * `WebMCP` domain. The cases run in order on one page, as one session of a
 * person and an agent would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  connectAgent,
  openPage,
  textOf,
  type WebMcpAgent,
} from './browser-agent.ts';
import { type PageServer, servePage } from './page-server.ts';

const VIEWER_TOOLS = ['list_items', 'play', 'wait_for_items'];
const EDITOR_TOOLS = ['add_items', 'list_items', 'play', 'undo', 'wait_for_items'];

let server: PageServer;
let session: BrowserSession;
let agent: WebMcpAgent;

beforeAll(async () => {
  server = await servePage('./page/list-page.ts');
  session = await openPage(server.url, { nativeWebMcp: true });
  agent = await connectAgent(session);
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

/**
 * Sets the page's role and waits for the new set; returns the names removed
 * before the first `toolsAdded`, and the names added, each sorted.
 */
async function switchRole(role: string, expected: readonly string[]) {
  const before = agent.events.length;
  await session.evaluate(`testPage.setRole(${JSON.stringify(role)})`);
  await agent.waitForTools(expected);
  const switched = agent.events.slice(before);
  const firstAdded = switched.findIndex((event) => event.kind === 'added');
  const names = (events: typeof switched) =>
    events
      .flatMap((event) =>
        event.kind === 'removed' ? event.names : event.tools.map((tool) => tool.name),
      )
      .sort();
  return {
    removed: names(switched.slice(0, firstAdded)),
    added: names(switched.slice(firstAdded)),
  };
}

describe('native WebMCP in Chromium, called through the DevTools WebMCP domain', () => {
  it('finds document.modelContext and offers no tool before the document has synced', async () => {
    expect(await session.evaluate('testPage.source()')).toBe('document');
    expect(
      await session.evaluate('document.modelContext.getTools().then((tools) => tools.length)'),
    ).toBe(0);
    expect(agent.tools().size).toBe(0);
  });

  it('registers the viewer’s tools once the document is ready, with schema and readOnly hints', async () => {
    await session.evaluate('testPage.syncFromServer()');
    await agent.waitForTools(VIEWER_TOOLS);
    const listItems = agent.tools().get('list_items');
    expect(listItems?.annotations?.readOnly).toBe(true);
    expect(listItems?.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(agent.tools().get('play')?.description).toContain('needs a user gesture');
  });

  it('reads', async () => {
    const listed = await agent.call('list_items');
    expect(listed.isError).toBe(false);
    expect(listed.structuredContent).toMatchObject({ items: ['Milk'] });
  });

  it('refuses play at once while the page has had no gesture', async () => {
    expect(await session.evaluate('testPage.hasBeenActive()')).toBe(false);
    const refused = await agent.call('play');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /^Nothing was changed\.\nplay needs a user gesture, and this page has had none yet/,
    );
    expect(await session.evaluate('testPage.played()')).toEqual([]);
  });

  it('withdraws the viewer’s tools when the role becomes editor, then registers the editor’s', async () => {
    expect(await switchRole('editor', EDITOR_TOOLS)).toEqual({
      removed: VIEWER_TOOLS,
      added: EDITOR_TOOLS,
    });
    expect(agent.tools().get('add_items')?.annotations?.readOnly).toBe(false);
  });

  it('applies a write', async () => {
    const added = await agent.call('add_items', { titles: ['Tea', 'Eggs'] });
    expect(added.isError).toBe(false);
    expect(await session.evaluate('testPage.items()')).toEqual(['Milk', 'Tea', 'Eggs']);
  });

  it('refuses a write the tool refuses, and one with bad arguments, changing nothing', async () => {
    const refused = await agent.call('add_items', { titles: ['Jam', 'Tea'] });
    expect(refused.isError).toBe(true);
    expect(textOf(refused).split('\n')).toEqual([
      'Nothing was changed.',
      'Some items are on the list already.',
      '- titles[1]: "Tea" is on the list already. Hint: Leave it out, or call list_items to see the list.',
      'Revision now: r2.',
    ]);
    const invalid = await agent.call('add_items', { titles: [], colour: 'red' });
    expect(textOf(invalid).split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      '2 problems with the arguments of add_items.',
    ]);
    expect(await session.evaluate('testPage.items()')).toEqual(['Milk', 'Tea', 'Eggs']);
  });

  it('undoes the last tool call in one step', async () => {
    const undone = await agent.call('undo');
    expect(undone.isError).toBe(false);
    expect(await session.evaluate('testPage.items()')).toEqual(['Milk']);
  });

  it('re-registers nothing when the host re-renders, and calls reach its latest render', async () => {
    const before = agent.events.length;
    for (let render = 0; render < 3; render += 1) await session.evaluate('testPage.rerender()');
    expect((await agent.call('list_items')).isError).toBe(false);
    expect(agent.events.length).toBe(before);
    const seen = await session.evaluate<number[]>('testPage.callsSeenByRender()');
    expect(seen.slice(-3)).toEqual([0, 0, 1]);
  });

  it('withdraws the editor’s tools when the role goes back to viewer, then registers the viewer’s', async () => {
    expect(await switchRole('viewer', VIEWER_TOOLS)).toEqual({
      removed: EDITOR_TOOLS,
      added: VIEWER_TOOLS,
    });
    await expect(agent.call('add_items', { titles: ['Jam'] })).rejects.toThrow(
      /WebMCP.invokeTool\): Tool not found/,
    );
    expect(await session.evaluate('testPage.items()')).toEqual(['Milk']);
  });

  it('plays once the person has clicked the page', async () => {
    await session.page.click('#stage');
    expect(await session.evaluate('testPage.hasBeenActive()')).toBe(true);
    const played = await agent.call('play');
    expect(played.isError).toBe(false);
    expect(played.structuredContent).toEqual({ playing: ['Milk'] });
    expect(await session.evaluate('testPage.played()')).toEqual([['Milk']]);
  });

  it('passes the agent’s cancellation on to the tool, which gives up', async () => {
    const started = await agent.start('wait_for_items', { count: 5 });
    await agent.cancel(started.invocationId);
    expect((await started.response).status).toBe('Canceled');
    await session.evaluate(
      'new Promise((resolve) => { const poll = () => (testPage.abandoned().length > 0 ? resolve() : setTimeout(poll, 10)); poll(); })',
    );
    expect(await session.evaluate('testPage.abandoned()')).toEqual([5]);
  });

  it('lets an in-page agent call a tool with executeTool, passing an object', async () => {
    const outcome = await session.evaluate<{ ok: boolean; result: { structuredContent: unknown } }>(
      "testPage.callFromPage('list_items', {})",
    );
    expect(outcome).toMatchObject({ ok: true, result: { structuredContent: { items: ['Milk'] } } });
  });

  it('withdraws every tool on cleanup', async () => {
    await session.evaluate('testPage.dispose()');
    await agent.waitForTools([]);
    expect(
      await session.evaluate('document.modelContext.getTools().then((tools) => tools.length)'),
    ).toBe(0);
  });
});
