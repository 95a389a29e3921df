/**
 * The same core cases in a Chromium without WebMCP, where the page asks for
 * `@mcp-b/webmcp-polyfill`. The polyfill has no DevTools domain: a test
 * harness calls tools through its testing API,
 * `navigator.modelContextTesting.executeTool(name, json)`, which takes the
 * arguments as a JSON string, evaluated without a user gesture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  openPage,
  polyfillCaller,
  polyfillToolNames,
  textOf,
} from './browser-agent.ts';
import { type PageServer, servePage } from './page-server.ts';

let server: PageServer;
let session: BrowserSession;

beforeAll(async () => {
  server = await servePage('./page/list-page.ts');
  session = await openPage(`${server.url}?polyfill`, { nativeWebMcp: false });
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

const call = (name: string, args?: Record<string, unknown>) => polyfillCaller(session)(name, args);
const registeredNames = () => polyfillToolNames(session);

describe('@mcp-b/webmcp-polyfill in a Chromium without WebMCP', () => {
  it('installs the polyfill because the page asked and the browser has none', async () => {
    expect(await session.evaluate('testPage.source()')).toBe('polyfill');
    expect(await registeredNames()).toEqual([]);
  });

  it('registers the viewer’s tools once the document is ready, and reads', async () => {
    await session.evaluate('testPage.syncFromServer()');
    expect(await registeredNames()).toEqual(['list_items', 'play', 'wait_for_items']);
    const annotations = await session.evaluate(
      "document.modelContext.getTools().then((tools) => tools.find((tool) => tool.name === 'list_items').annotations)",
    );
    expect(annotations).toEqual({ readOnlyHint: true, untrustedContentHint: false });
    expect((await call('list_items')).structuredContent).toMatchObject({ items: ['Milk'] });
  });

  it('refuses play while the page has had no gesture', async () => {
    expect(await session.evaluate('testPage.hasBeenActive()')).toBe(false);
    const refused = await call('play');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^Nothing was changed\.\nplay needs a user gesture/);
  });

  it('switches to the editor’s tools when the role changes', async () => {
    await session.evaluate("testPage.setRole('editor')");
    expect(await registeredNames()).toEqual([
      'add_items',
      'list_items',
      'play',
      'undo',
      'wait_for_items',
    ]);
  });

  it('applies a write, refuses one with its message, and undoes in one step', async () => {
    expect((await call('add_items', { titles: ['Tea', 'Eggs'] })).isError).toBe(false);
    expect(await session.evaluate('testPage.items()')).toEqual(['Milk', 'Tea', 'Eggs']);

    const refused = await call('add_items', { titles: ['Tea'] });
    expect(textOf(refused).split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      'Some items are on the list already.',
    ]);
    const invalid = await call('add_items', { titles: 'Tea' });
    expect(textOf(invalid)).toMatch(
      /^Nothing was changed\.\n1 problem with the arguments of add_items\.\n- titles: /,
    );
    expect(await session.evaluate('testPage.items()')).toEqual(['Milk', 'Tea', 'Eggs']);

    expect((await call('undo')).isError).toBe(false);
    expect(await session.evaluate('testPage.items()')).toEqual(['Milk']);
  });

  it('plays once the person has clicked the page', async () => {
    await session.page.click('#stage');
    const played = await call('play');
    expect(played.structuredContent).toEqual({ playing: ['Milk'] });
  });

  it('lets an in-page agent call a tool with executeTool, passing a JSON string', async () => {
    const outcome = await session.evaluate("testPage.callFromPage('list_items', {})");
    expect(outcome).toMatchObject({ ok: true, result: { structuredContent: { items: ['Milk'] } } });
  });

  it('withdraws every tool on cleanup', async () => {
    await session.evaluate('testPage.dispose()');
    expect(await registeredNames()).toEqual([]);
  });

  it('says there is no WebMCP where the browser has none and the page did not ask for the polyfill', async () => {
    await session.goto(server.url);
    expect(await session.evaluate('testPage.source()')).toBe(null);
    expect(await session.evaluate('testPage.status()')).toMatch(/^This browser has no WebMCP/);
    expect(await session.evaluate("'modelContext' in document")).toBe(false);
  });
});
