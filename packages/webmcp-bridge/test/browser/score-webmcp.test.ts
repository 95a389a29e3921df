/**
 * The real score catalog (`@scorelane/score-tools`) served through the
 * bridge: natively, called as a browser agent does through the DevTools
 * `WebMCP` domain, and through `@mcp-b/webmcp-polyfill`'s testing API in a
 * Chromium without WebMCP. The cases run in order on one page per mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  type CallResult,
  connectAgent,
  openPage,
  polyfillCaller,
  polyfillToolNames,
  textOf,
  type WebMcpAgent,
} from './browser-agent.ts';
import { type PageServer, servePage } from './page-server.ts';

const MODES = [
  { name: 'native WebMCP, through the DevTools WebMCP domain', native: true },
  { name: '@mcp-b/webmcp-polyfill, through its testing API', native: false },
] as const;

const VIEWER_TOOLS = [
  'export_score',
  'get_format_guide',
  'get_proposal_status',
  'get_score_info',
  'get_selection',
  'play',
  'read_measures',
  'select_measures',
  'stop',
];
const EDITOR_TOOLS = [
  ...VIEWER_TOOLS,
  'add_part',
  'delete_measures',
  'insert_measures',
  'move_part',
  'redo',
  'remove_part',
  'rewrite_measures',
  'set_barline',
  'set_clef',
  'set_key_signature',
  'set_part',
  'set_score_info',
  'set_time_signature',
  'transpose_measures',
  'undo',
  'write_marks',
].sort();
const ORIGINAL_M2 = 'P1 s1 v1 m2: A4=1/4 G4 F#4 E4';
const REWRITTEN_M2 = 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/2';

describe.each(MODES)('the score catalog in Chromium with $name', ({ native }) => {
  let server: PageServer;
  let session: BrowserSession;
  let agent: WebMcpAgent | undefined;
  let call: (name: string, args?: Record<string, unknown>) => Promise<CallResult>;

  beforeAll(async () => {
    server = await servePage('./page/score-page.ts');
    session = await openPage(native ? server.url : `${server.url}?polyfill`, {
      nativeWebMcp: native,
    });
    if (native) {
      const connected = await connectAgent(session);
      agent = connected;
      call = (name, args) => connected.call(name, args);
    } else {
      call = polyfillCaller(session);
    }
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  /** The tools registered now, as the agent sees them. */
  async function registered(expected: readonly string[]): Promise<string[]> {
    if (agent === undefined) return polyfillToolNames(session);
    await agent.waitForTools(expected);
    return [...agent.tools().keys()].sort();
  }

  /** A tool's input schema and read-only hint, as the agent (or the polyfill's getTools) describes it. */
  async function describedTool(name: string): Promise<{ inputSchema: unknown; readOnly: unknown }> {
    if (agent !== undefined) {
      const tool = agent.tools().get(name);
      return { inputSchema: tool?.inputSchema, readOnly: tool?.annotations?.readOnly };
    }
    return session.evaluate(
      `document.modelContext.getTools().then((tools) => tools.find((tool) => tool.name === ${JSON.stringify(name)}))` +
        '.then((tool) => ({ inputSchema: tool.inputSchema, readOnly: tool.annotations.readOnlyHint }))',
    );
  }

  async function readM2(): Promise<string> {
    const read = await call('read_measures', { start_measure: 2, end_measure: 2 });
    expect(read.isError).toBe(false);
    const text = String(read.structuredContent?.lanes_seq);
    return text.split('\n').find((line) => line.startsWith('P1 s1 v1 m2:')) ?? '';
  }

  it('offers the viewer’s score tools once the score has synced', async () => {
    expect(await session.evaluate('testPage.source()')).toBe(native ? 'document' : 'polyfill');
    await session.evaluate('testPage.syncFromServer()');
    expect(await registered(VIEWER_TOOLS)).toEqual(VIEWER_TOOLS);
  });

  it('reads measures as lanes-seq', async () => {
    expect(await readM2()).toBe(ORIGINAL_M2);
  });

  it('refuses play before any click, at once, and plays nothing', async () => {
    expect(await session.evaluate('testPage.hasBeenActive()')).toBe(false);
    const refused = await call('play', { start_measure: 1, end_measure: 2 });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^Nothing was changed\.\nplay needs a user gesture/);
    expect(await session.evaluate('testPage.played()')).toEqual([]);
  });

  it('offers the editor’s score tools when the role becomes editor', async () => {
    await session.evaluate("testPage.setRole('editor')");
    expect(await registered(EDITOR_TOOLS)).toEqual(EDITOR_TOOLS);
    const rewrite = await describedTool('rewrite_measures');
    expect(rewrite.inputSchema).toEqual(
      await session.evaluate("testPage.inputSchemaOf('rewrite_measures')"),
    );
    expect(rewrite.readOnly).toBe(false);
    expect((await describedTool('read_measures')).readOnly).toBe(true);
  });

  it('applies a rewrite', async () => {
    const rewritten = await call('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: `${REWRITTEN_M2}\n`,
    });
    expect(rewritten.isError).toBe(false);
    expect(await readM2()).toBe(REWRITTEN_M2);
  });

  it('refuses a rewrite that underfills its measure, says why, and changes nothing', async () => {
    const before = await session.evaluate<string>('testPage.stateVector()');
    const refused = await call('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: A4=1/4\n',
    });
    expect(refused.isError).toBe(true);
    const revisionNow = (await call('get_score_info')).structuredContent?.revision;
    expect(textOf(refused).split('\n')).toEqual([
      'Nothing was changed.',
      'rewrite_measures was refused (1 problem); fix each and call again.',
      '- P1 s1 v1 m2 (line 1, column 1): [measure-fill] P1 s1 v1 m2 lasts 1/4, but m2 lasts 1 (time 4/4): 3/4 is missing. Hint: Add 3/4 to the lane, for example r=3/4 at its end, or lengthen its events.',
      `Revision now: ${revisionNow}.`,
    ]);
    expect(await session.evaluate('testPage.stateVector()')).toBe(before);
    expect(await readM2()).toBe(REWRITTEN_M2);
  });

  it('undoes the rewrite in one step', async () => {
    const undone = await call('undo');
    expect(undone.isError).toBe(false);
    expect(await readM2()).toBe(ORIGINAL_M2);
  });

  it('plays once the person has clicked the page', async () => {
    await session.page.click('#stage');
    const played = await call('play', { start_measure: 1, end_measure: 2 });
    expect(played.structuredContent?.playing).toEqual({
      start_measure: 1,
      end_measure: 2,
      parts: [1],
    });
    expect(await session.evaluate('testPage.played()')).toEqual([
      { start_measure: 1, end_measure: 2, parts: [1] },
    ]);
  });
});
