import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { openActivityLog } from '@scorelane/score-tools';
import { afterEach, describe, expect, it } from 'vitest';
import type { CollabServerOptions } from '../src/index.ts';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';
import { connectClient, until, untilAwareness } from './provider-client.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(options: Partial<CollabServerOptions> = {}) {
  const db = tempDatabase();
  cleanups.push(db.remove);
  const server = await startTestServer(db.path, options);
  cleanups.push(server.close);
  const links = await server.links('live');
  return { server, links, edit: tokenOf(links.edit) };
}

interface Agent {
  readonly client: Client;
  readonly transport: StreamableHTTPClientTransport;
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** An SDK client named `name` on the document's endpoint (extra link parameters in `query`). */
async function agent(mcpUrl: string, token: string, name: string, query = ''): Promise<Agent> {
  const url = new URL(`${mcpUrl}${query}`);
  url.searchParams.delete('token');
  const client = new Client({ name, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return {
    client,
    transport,
    async call(tool, args) {
      const result = await client.callTool({ name: tool, arguments: args });
      if (result.isError) throw new Error(JSON.stringify(result.content));
      return result.structuredContent as Record<string, unknown>;
    },
  };
}

/** Checks `test` every 25 ms until it holds (the test's own timeout bounds the wait). */
async function pollUntil(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 25));
}

const rewrite = (measure: number, events: string) => ({
  start_measure: measure,
  parts: [1],
  lanes_seq: `P1 s1 v1 m${measure}: ${events}\n`,
});

async function violinBar(mcp: Agent, measure: number): Promise<string | undefined> {
  const read = await mcp.call('read_measures', { start_measure: measure, end_measure: measure });
  return new RegExp(`^P1 s1 v1 m${measure}: .*$`, 'm').exec(String(read.lanes_seq))?.[0];
}

describe('one session per MCP agent', () => {
  it("gives each client its own undo history: agent 1's undo never reverts agent 2's step", async () => {
    const { server, links, edit } = await setUp();
    const one = await agent(links.mcp, edit, 'agent-one');
    const two = await agent(links.mcp, edit, 'agent-two');
    expect(one.transport.sessionId).toBeDefined();
    expect(one.transport.sessionId).not.toBe(two.transport.sessionId);
    expect(
      server
        .agentSessions('live')
        .map((session) => session.agent.name)
        .sort(),
    ).toEqual(['agent-one', 'agent-two']);
    const before3 = await violinBar(one, 3);
    await one.call('rewrite_measures', rewrite(2, 'D5=1'));
    await two.call('rewrite_measures', rewrite(3, 'E5=1'));
    const undone = await one.call('undo', {});
    expect(undone.summary).toMatch(/^Undid your step "rewrite_measures from m2/);
    expect(await violinBar(one, 2)).toBe('P1 s1 v1 m2: A5=1/4 G5 F#5 E5');
    expect(await violinBar(one, 3)).toBe('P1 s1 v1 m3: E5=1');
    // Agent 1 has nothing of its own left to undo; agent 2's step stays.
    const again = await one.client.callTool({ name: 'undo', arguments: {} });
    expect(again.isError).toBe(true);
    expect(await violinBar(two, 3)).toBe('P1 s1 v1 m3: E5=1');
    await two.call('undo', {});
    expect(await violinBar(two, 3)).toBe(before3);
  });

  it('names each agent in the activity log and on the presence list, in colours of their own (the link’s name wins)', async () => {
    const { server, links, edit } = await setUp();
    const person = await connectClient(server.url, 'live', edit);
    cleanups.push(person.destroy);
    const log = openActivityLog(person.doc);
    const one = await agent(links.mcp, edit, 'claude-code');
    const two = await agent(links.mcp, edit, 'ignored', '&name=Arranger');
    await one.call('rewrite_measures', rewrite(2, 'D5=1'));
    await two.call('rewrite_measures', rewrite(3, 'E5=1'));
    await until(person.doc, () => log.entries().length === 2);
    expect(log.entries().map((entry) => entry.by)).toEqual([
      { kind: 'agent', via: 'mcp', name: 'claude-code' },
      { kind: 'agent', via: 'mcp', name: 'Arranger' },
    ]);
    const awareness = person.provider.awareness!;
    const agents = () =>
      [...awareness.getStates()]
        .filter(([id]) => id !== awareness.clientID)
        .map(([, state]) => (state as { user: { name: string; color: string } }).user);
    await untilAwareness(person, () => agents().length === 2);
    expect(
      agents()
        .map((user) => user.name)
        .sort(),
    ).toEqual(['Arranger (MCP agent)', 'claude-code (MCP agent)']);
    expect(new Set(agents().map((user) => user.color)).size).toBe(2);

    // The session ends (MCP's DELETE): its presence leaves, its id is no longer served.
    const ended = one.transport.sessionId;
    await one.transport.terminateSession();
    await untilAwareness(person, () => agents().length === 1);
    expect(agents().map((user) => user.name)).toEqual(['Arranger (MCP agent)']);
    expect(server.agentSessions('live')).toHaveLength(1);
    const stale = await fetch(new URL(links.mcp), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Session-Id': String(ended),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
    });
    expect(stale.status).toBe(404);
  });

  it('keeps idempotency keys per session: the same key from another agent is its own call', async () => {
    const { links, edit } = await setUp();
    const one = await agent(links.mcp, edit, 'agent-one');
    const two = await agent(links.mcp, edit, 'agent-two');
    await one.call('rewrite_measures', { ...rewrite(2, 'D5=1'), idempotency_key: 'k1' });
    const second = await two.client.callTool({
      name: 'rewrite_measures',
      arguments: { ...rewrite(3, 'E5=1'), idempotency_key: 'k1' },
    });
    expect(second.isError, JSON.stringify(second.content)).toBe(false);
    expect(await violinBar(two, 3)).toBe('P1 s1 v1 m3: E5=1');
  });

  it('bounds the sessions of a document, ends idle ones, and refuses requests without a session', async () => {
    const { server, links, edit } = await setUp({
      maxAgentSessionsPerDocument: 2,
      agentIdleMs: 300,
    });
    await agent(links.mcp, edit, 'agent-one');
    const two = await agent(links.mcp, edit, 'agent-two');
    await expect(agent(links.mcp, edit, 'agent-three')).rejects.toThrow(/503|holds 2 agent/);
    // Without a request for agentIdleMs, the sessions end and make room again.
    await pollUntil(() => server.agentSessions('live').length === 0);
    expect(two.transport.sessionId).toBeDefined();
    const three = await agent(links.mcp, edit, 'agent-three');
    expect((await three.client.listTools()).tools.length).toBeGreaterThan(0);
    const withoutSession = await fetch(new URL(links.mcp), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(withoutSession.status).toBe(400);
    expect(await withoutSession.text()).toContain('send initialize first');
  });
});
