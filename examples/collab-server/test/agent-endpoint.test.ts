import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { openActivityLog } from '@scorelane/score-tools';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, tempDatabase, tokenOf, units } from './fixtures.ts';
import { connectClient, until, untilAwareness } from './provider-client.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const db = tempDatabase();
  cleanups.push(db.remove);
  const server = await startTestServer(db.path);
  cleanups.push(server.close);
  const links = await server.links('live');
  return { server, links };
}

async function agent(mcpUrl: string, token: string): Promise<Client> {
  const url = new URL(mcpUrl);
  url.searchParams.delete('token');
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  cleanups.push(() => client.close());
  return client;
}

/** The lanes-seq text of the violin in measure 2, as the person's client sees it. */
function violinBar2(text: string): string | undefined {
  return /^P1 s1 v1 m2: .*$/m.exec(text)?.[0];
}

describe('the agent endpoint on the live document', () => {
  it("edits the document a person has open; the agent's undo takes back its call and not the person's later edit", async () => {
    const { server, links } = await setUp();
    const person = await connectClient(server.url, 'live', tokenOf(links.edit));
    cleanups.push(person.destroy);
    const mcp = await agent(links.mcp, tokenOf(links.edit));

    const read = await mcp.callTool({
      name: 'read_measures',
      arguments: { start_measure: 2, end_measure: 2 },
    });
    expect(read.isError).toBe(false);
    const before = violinBar2((read.structuredContent as { lanes_seq: string }).lanes_seq);
    expect(before).toBe('P1 s1 v1 m2: A5=1/4 G5 F#5 E5');

    const unitKeys = new Set(units(person.doc).keys());
    const changed = new Promise<string>((resolve) =>
      units(person.doc).observe((event) => resolve([...event.keysChanged][0]!)),
    );
    const rewrite = await mcp.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n' },
    });
    expect(rewrite.isError, JSON.stringify(rewrite.content)).toBe(false);
    const agentKey = await changed;
    expect(unitKeys.has(agentKey)).toBe(true);

    // The person edits another unit after the agent's call.
    const personKey = [...unitKeys].find((key) => key !== agentKey)!;
    const personValue = units(person.doc).get(personKey);
    units(person.doc).set(personKey, {
      voices: [{ voice: 1, events: [{ kind: 'rest', duration: [1, 1] }] }],
    });
    await person.acknowledged();

    const undone = await mcp.callTool({ name: 'undo', arguments: {} });
    expect(undone.isError, JSON.stringify(undone.content)).toBe(false);
    const reread = await mcp.callTool({
      name: 'read_measures',
      arguments: { start_measure: 2, end_measure: 2 },
    });
    expect(violinBar2((reread.structuredContent as { lanes_seq: string }).lanes_seq)).toBe(before);
    await until(person.doc, () => JSON.stringify(units(person.doc).get(agentKey)).includes('A5'));
    expect(units(person.doc).get(personKey)).not.toEqual(personValue);
    expect(units(person.doc).get(personKey)).toEqual({
      voices: [{ voice: 1, events: [{ kind: 'rest', duration: [1, 1] }] }],
    });
  });

  it("records the agent's change in the document's shared activity log, which a person's client sees", async () => {
    const { server, links } = await setUp();
    const person = await connectClient(server.url, 'live', tokenOf(links.edit));
    cleanups.push(person.destroy);
    const log = openActivityLog(person.doc);
    const mcp = await agent(links.mcp, tokenOf(links.edit));

    const refused = await mcp.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2\n' },
    });
    expect(refused.isError).toBe(true);
    const rewrite = await mcp.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n' },
    });
    expect(rewrite.isError, JSON.stringify(rewrite.content)).toBe(false);
    await until(person.doc, () => log.entries().length > 0);
    expect(log.entries()).toEqual([
      expect.objectContaining({
        by: { kind: 'agent', via: 'mcp', name: 'test-agent' },
        tool: 'rewrite_measures',
        summary: '1 unit in m2, part 1',
        range: { start_measure: 2, end_measure: 2, parts: [1] },
      }),
    ]);
  });

  it("offers the view token's agent the viewer's tools only", async () => {
    const { links } = await setUp();
    const viewer = await agent(links.mcp, tokenOf(links.view));
    const names = (await viewer.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('read_measures');
    expect(names).not.toContain('rewrite_measures');
    const refused = await viewer.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n' },
    });
    expect(refused.isError).toBe(true);
  });

  it('refuses a request without a valid token (401) and one from a foreign origin (403), and goes on serving', async () => {
    const { links } = await setUp();
    const url = new URL(links.mcp);
    url.searchParams.delete('token');
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    });
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: initialize,
      });
    const noToken = await post({});
    expect(noToken.status).toBe(401);
    expect(await noToken.text()).not.toContain(tokenOf(links.edit));
    expect((await post({ Authorization: 'Bearer not-the-token' })).status).toBe(401);
    const foreign = await post({
      Authorization: `Bearer ${tokenOf(links.edit)}`,
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const crossSite = await post({
      Authorization: `Bearer ${tokenOf(links.edit)}`,
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    expect((await post({ Authorization: `Bearer ${tokenOf(links.edit)}` })).status).toBe(200);
    // The token may also come as the link's own parameter.
    const byLink = await fetch(links.mcp, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: initialize,
    });
    expect(byLink.status).toBe(200);
  });

  it('shows the agent to the people on the document under its own name and colour, with what it selected', async () => {
    const { server, links } = await setUp();
    const person = await connectClient(server.url, 'live', tokenOf(links.edit));
    cleanups.push(person.destroy);
    const mcp = await agent(links.mcp, tokenOf(links.edit));
    const selected = await mcp.callTool({
      name: 'select_measures',
      arguments: { start_measure: 3, end_measure: 4 },
    });
    expect(selected.isError, JSON.stringify(selected.content)).toBe(false);
    const agentState = {
      user: { name: 'test-agent (MCP agent)', color: '#ef6c00' },
      selection: { start_measure: 3, end_measure: 4 },
    };
    const awareness = person.provider.awareness!;
    const others = () =>
      [...awareness.getStates()].filter(([id]) => id !== awareness.clientID).map(([, s]) => s);
    await untilAwareness(person, () =>
      others().some((state) => JSON.stringify(state) === JSON.stringify(agentState)),
    );
    expect(others()).toEqual([agentState]);
  });
});
