import type { AccessPolicy, ToolPipeline, WriteScope } from '@scorelane/tool-contracts';
import { describe, expect, it, vi } from 'vitest';
import { createFakeModelContext } from '../test/fake-model-context.ts';
import {
  createListHost,
  LIST_TOOLS_NEEDING_A_GESTURE,
  listPipeline,
} from '../test/list-catalog.ts';
import { USER_ACTIVATION_NOTE } from './user-activation.ts';
import { createWebMcpBridge } from './web-mcp-bridge.ts';

const VIEWER_TOOLS = ['list_items', 'play', 'wait_for_items'];
const EDITOR_TOOLS = ['add_items', 'list_items', 'play', 'undo', 'wait_for_items'];

function setUp(hasUserActivation: () => boolean | undefined = () => true) {
  const modelContext = createFakeModelContext();
  const host = createListHost(['Milk']);
  const bridge = createWebMcpBridge(modelContext, {
    requireUserActivation: LIST_TOOLS_NEEDING_A_GESTURE,
    hasUserActivation,
  });
  return { modelContext, host, bridge };
}

describe('createWebMcpBridge against a fake model context', () => {
  it('registers nothing until the host says its document is ready, then the role’s tools', async () => {
    const { modelContext, host, bridge } = setUp();
    await bridge.update({ pipeline: listPipeline(host), role: 'viewer', ready: false });
    expect(modelContext.registrations).toEqual([]);

    const report = await bridge.update({
      pipeline: listPipeline(host),
      role: 'viewer',
      ready: true,
    });
    expect(report).toEqual({ registered: VIEWER_TOOLS, failed: [] });
    expect(modelContext.names()).toEqual(VIEWER_TOOLS);
    expect(bridge.registeredTools()).toEqual(VIEWER_TOOLS);
  });

  it('registers name, title, description, JSON Schema input and readOnlyHint from the catalog', async () => {
    const { modelContext, host, bridge } = setUp();
    const pipeline = listPipeline(host);
    await bridge.update({ pipeline, role: 'editor', ready: true });
    const [entry] = pipeline.manifest('editor').tools.filter((tool) => tool.name === 'add_items');
    const registered = modelContext.tools.get('add_items');
    expect(registered).toMatchObject({
      name: 'add_items',
      title: 'Add items',
      description: entry?.description,
      inputSchema: entry?.inputSchema,
      annotations: { readOnlyHint: false, untrustedContentHint: false },
    });
    expect(modelContext.tools.get('list_items')?.annotations.readOnlyHint).toBe(true);
  });

  it('says in the description of a tool that needs a gesture that it does', async () => {
    const { modelContext, host, bridge } = setUp();
    await bridge.update({ pipeline: listPipeline(host), role: 'viewer', ready: true });
    expect(modelContext.tools.get('play')?.description).toBe(
      `Reads the shopping list aloud.\n\n${USER_ACTIVATION_NOTE}`,
    );
    expect(modelContext.tools.get('list_items')?.description).not.toContain(USER_ACTIVATION_NOTE);
  });

  it('withdraws the whole set when the role changes, then registers the new role’s set', async () => {
    const { modelContext, host, bridge } = setUp();
    await bridge.update({ pipeline: listPipeline(host), role: 'viewer', ready: true });
    modelContext.events.length = 0;
    await bridge.update({ pipeline: listPipeline(host), role: 'editor', ready: true });
    expect(modelContext.events).toEqual([
      { kind: 'removed', name: 'list_items' },
      { kind: 'removed', name: 'play' },
      { kind: 'removed', name: 'wait_for_items' },
      { kind: 'added', name: 'list_items' },
      { kind: 'added', name: 'add_items' },
      { kind: 'added', name: 'undo' },
      { kind: 'added', name: 'play' },
      { kind: 'added', name: 'wait_for_items' },
    ]);
    expect(modelContext.names()).toEqual(EDITOR_TOOLS);
  });

  it('withdraws everything when the document stops being ready, the role goes, or on dispose', async () => {
    const { modelContext, host, bridge } = setUp();
    const pipeline = listPipeline(host);
    await bridge.update({ pipeline, role: 'editor', ready: true });
    await bridge.update({ pipeline, role: 'editor', ready: false });
    expect(modelContext.names()).toEqual([]);
    await bridge.update({ pipeline, role: 'editor', ready: true });
    await bridge.update({ pipeline, role: null, ready: true });
    expect(modelContext.names()).toEqual([]);
    await bridge.update({ pipeline, role: 'viewer', ready: true });
    bridge.dispose();
    expect(modelContext.names()).toEqual([]);
    expect(() => bridge.update({ pipeline, role: 'viewer', ready: true })).toThrow(/disposed/);
  });

  it('never re-registers for a host that re-renders, and calls reach its latest pipeline and hooks', async () => {
    const { modelContext, host, bridge } = setUp();
    const firstHook = vi.fn();
    await bridge.update({
      pipeline: listPipeline(host),
      role: 'editor',
      ready: true,
      onInvocation: firstHook,
    });
    const registrations = modelContext.registrations.length;

    const otherHost = createListHost(['Bread']);
    const latestHook = vi.fn();
    for (let render = 0; render < 5; render += 1) {
      await bridge.update({
        pipeline: listPipeline(otherHost),
        role: 'editor',
        ready: true,
        onInvocation: latestHook,
      });
    }
    expect(modelContext.registrations.length).toBe(registrations);

    const listed = await modelContext.call('list_items');
    expect(listed.structuredContent?.items).toEqual(['Bread']);
    expect(firstHook).not.toHaveBeenCalled();
    expect(latestHook).toHaveBeenCalledWith(
      expect.objectContaining({ ok: true, tool: 'list_items' }),
    );
  });

  it('registers again when the host’s write scope changes, each write tool’s description naming it', async () => {
    const { modelContext, host, bridge } = setUp();
    const pipeline = listPipeline(host);
    await bridge.update({ pipeline, role: 'editor', ready: true });
    const registrations = modelContext.registrations.length;
    const scope: WriteScope = {
      label: 'items 1-2',
      data: { items: [1, 2] },
      contains: (target) => typeof target === 'number' && target <= 2,
      describe: (target) => `item ${String(target)}`,
    };
    const scoped: ToolPipeline = {
      list: (policy) => pipeline.list({ role: roleOf(policy), scope }),
      manifest: (policy) => pipeline.manifest({ role: roleOf(policy), scope }),
      invoke: (name, args, options) => pipeline.invoke(name, args, { ...options, scope }),
    };
    await bridge.update({ pipeline: scoped, role: 'editor', ready: true });
    expect(modelContext.registrations.length).toBe(registrations + EDITOR_TOOLS.length);
    expect(modelContext.tools.get('add_items')?.description).toContain(
      'Scope: you may write only inside items 1-2',
    );
    expect(modelContext.tools.get('list_items')?.description).not.toContain('Scope:');

    await bridge.update({ pipeline: scoped, role: 'editor', ready: true });
    expect(modelContext.registrations.length).toBe(registrations + EDITOR_TOOLS.length);
    await bridge.update({ pipeline, role: 'editor', ready: true });
    expect(modelContext.tools.get('add_items')?.description).not.toContain('Scope:');
  });

  it('answers with exactly what the pipeline answers over MCP, errors included', async () => {
    const { modelContext, host, bridge } = setUp();
    const pipeline = listPipeline(host);
    await bridge.update({ pipeline, role: 'editor', ready: true });
    const bad = { titles: [], colour: 'red' };
    const viaWebMcp = await modelContext.call('add_items', bad);
    const viaPipeline = await listPipeline(createListHost(['Milk'])).invoke('add_items', bad, {
      role: 'editor',
    });
    expect(viaWebMcp).toEqual(viaPipeline.result);
    expect(viaWebMcp.content[0]?.text.split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      '2 problems with the arguments of add_items.',
    ]);
    expect(host.items.toArray()).toEqual(['Milk']);
  });

  it('applies a write as one undo step, and refuses one the tool refuses', async () => {
    const { modelContext, host, bridge } = setUp();
    await bridge.update({ pipeline: listPipeline(host), role: 'editor', ready: true });
    const added = await modelContext.call('add_items', { titles: ['Tea', 'Eggs'] });
    expect(added.isError).toBe(false);
    expect(host.items.toArray()).toEqual(['Milk', 'Tea', 'Eggs']);

    const refused = await modelContext.call('add_items', { titles: ['Jam', 'Tea'] });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toMatch(
      /^Nothing was changed\.\nSome items are on the list already\./,
    );
    expect(host.items.toArray()).toEqual(['Milk', 'Tea', 'Eggs']);

    await modelContext.call('undo');
    expect(host.items.toArray()).toEqual(['Milk']);
  });

  it('refuses at once a tool that needs a gesture when the page has had none, and runs it after one', async () => {
    let activated = false;
    const { modelContext, host, bridge } = setUp(() => activated);
    await bridge.update({ pipeline: listPipeline(host), role: 'viewer', ready: true });

    const refused = await modelContext.call('play');
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain(
      'play needs a user gesture, and this page has had none yet',
    );
    expect(host.played).toEqual([]);
    expect((await modelContext.call('list_items')).isError).toBe(false);

    activated = true;
    const played = await modelContext.call('play');
    expect(played.structuredContent).toEqual({ playing: ['Milk'] });
    expect(host.played).toEqual([['Milk']]);
  });

  it('lets a gesture tool through where the browser cannot tell (no navigator.userActivation)', async () => {
    const modelContext = createFakeModelContext();
    const host = createListHost(['Milk']);
    const bridge = createWebMcpBridge(modelContext, { requireUserActivation: ['play'], scope: {} });
    await bridge.update({ pipeline: listPipeline(host), role: 'viewer', ready: true });
    expect((await modelContext.call('play')).isError).toBe(false);
  });

  it('reads navigator.userActivation from the scope by default', async () => {
    const modelContext = createFakeModelContext();
    const host = createListHost([]);
    const userActivation = { hasBeenActive: false };
    const bridge = createWebMcpBridge(modelContext, {
      requireUserActivation: ['play'],
      scope: { navigator: { userActivation } },
    });
    await bridge.update({ pipeline: listPipeline(host), role: 'viewer', ready: true });
    expect((await modelContext.call('play')).isError).toBe(true);
    userActivation.hasBeenActive = true;
    expect((await modelContext.call('play')).isError).toBe(false);
  });

  it('answers a call that raced a withdrawal with a refusal, not a write', async () => {
    const { modelContext, host, bridge } = setUp();
    const pipeline = listPipeline(host);
    await bridge.update({ pipeline, role: 'editor', ready: true });
    const addItems = modelContext.tools.get('add_items');
    await bridge.update({ pipeline, role: 'editor', ready: false });
    const late = await addItems?.execute({ titles: ['Tea'] });
    expect(late?.content[0]?.text).toMatch(
      /^Nothing was changed\.\nadd_items is not available now/,
    );
    expect(host.items.toArray()).toEqual(['Milk']);
  });

  it('runs a call as the latest role: a tool left over from the editor’s set is refused to a viewer', async () => {
    const { modelContext, host, bridge } = setUp();
    const pipeline = listPipeline(host);
    await bridge.update({ pipeline, role: 'editor', ready: true });
    const addItems = modelContext.tools.get('add_items');
    await bridge.update({ pipeline, role: 'viewer', ready: true });
    const late = await addItems?.execute({ titles: ['Tea'] });
    expect(late?.content[0]?.text).toMatch(/The viewer role may not call add_items/);
    expect(host.items.toArray()).toEqual(['Milk']);
  });

  it('reports a tool the browser refused to register, and registers the rest', async () => {
    const { modelContext, host, bridge } = setUp();
    await modelContext.registerTool({
      name: 'play',
      title: 'Play',
      description: 'Another script’s tool of the same name.',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true, untrustedContentHint: false },
      execute: async () => ({ content: [], isError: false }),
    });
    const report = await bridge.update({
      pipeline: listPipeline(host),
      role: 'viewer',
      ready: true,
    });
    expect(report.registered).toEqual(['list_items', 'wait_for_items']);
    expect(report.failed).toEqual([
      { name: 'play', message: 'InvalidStateError: Tool play is registered already' },
    ]);
  });

  it('does not let a throwing onInvocation hook turn an applied write into an error', async () => {
    const { modelContext, host, bridge } = setUp();
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await bridge.update({
      pipeline: listPipeline(host),
      role: 'editor',
      ready: true,
      onInvocation: () => {
        throw new Error('activity feed broke');
      },
    });
    const added = await modelContext.call('add_items', { titles: ['Tea'] });
    expect(added.isError).toBe(false);
    expect(host.items.toArray()).toEqual(['Milk', 'Tea']);
    expect(report).toHaveBeenCalled();
    report.mockRestore();
  });

  it('passes the abort signal Chromium gives execute on to the pipeline', async () => {
    const { modelContext, host, bridge } = setUp();
    const pipeline = listPipeline(host);
    const invoke = vi.spyOn(pipeline, 'invoke');
    await bridge.update({ pipeline, role: 'viewer', ready: true });
    const cancel = new AbortController();
    await modelContext.tools.get('list_items')?.execute({}, { signal: cancel.signal });
    await modelContext.tools.get('list_items')?.execute({}, undefined);
    expect(invoke.mock.calls.map((call) => call[2])).toEqual([
      { role: 'viewer', signal: cancel.signal },
      { role: 'viewer' },
    ]);
  });

  it('lets a tool give up when the agent cancels the call (the execute signal aborts)', async () => {
    const { modelContext, host, bridge } = setUp();
    await bridge.update({ pipeline: listPipeline(host), role: 'viewer', ready: true });
    const cancel = new AbortController();
    const waiting = modelContext.tools
      .get('wait_for_items')
      ?.execute({ count: 5 }, { signal: cancel.signal });
    cancel.abort();
    expect((await waiting)?.isError).toBe(true);
    expect(host.abandoned).toEqual([5]);
  });
});

function roleOf(policy: string | AccessPolicy): string {
  return typeof policy === 'string' ? policy : policy.role;
}
