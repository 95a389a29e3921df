/**
 * An agent on `/mcp` appears in the document's awareness, as a person's page
 * does: named "MCP agent", with the measures it selected.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';
import { connectClient } from './provider-client.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The awareness states a person's client sees, without its own. */
function othersOf(client: Awaited<ReturnType<typeof connectClient>>): unknown[] {
  const awareness = client.provider.awareness!;
  return [...awareness.getStates()]
    .filter(([id]) => id !== awareness.clientID)
    .map(([, state]) => state);
}

/** Waits until `check` holds after an awareness change of `client`. */
function untilAwareness(
  client: Awaited<ReturnType<typeof connectClient>>,
  check: () => boolean,
): Promise<void> {
  const awareness = client.provider.awareness!;
  return new Promise((resolve) => {
    const test = () => {
      if (!check()) return;
      awareness.off('change', test);
      resolve();
    };
    awareness.on('change', test);
    test();
  });
}

describe('the agent’s presence', () => {
  it('shows an MCP agent and its selection to the people on the document', async () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    const server = await startTestServer(db.path);
    cleanups.push(server.close);
    const links = server.links('seen');
    const person = await connectClient(server.url, 'seen', tokenOf(links.edit));
    cleanups.push(person.destroy);

    const url = new URL(links.mcp);
    url.searchParams.delete('token');
    const agent = new Client({ name: 'test-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { Authorization: `Bearer ${tokenOf(links.edit)}` } },
      }),
    );
    cleanups.push(() => agent.close());
    const selected = await agent.callTool({
      name: 'select_measures',
      arguments: { start_measure: 3, end_measure: 4 },
    });
    expect(selected.isError, JSON.stringify(selected.content)).toBe(false);

    const agentState = {
      user: { name: 'MCP agent', color: '#ef6c00' },
      selection: { start_measure: 3, end_measure: 4 },
    };
    await untilAwareness(person, () =>
      othersOf(person).some((state) => JSON.stringify(state) === JSON.stringify(agentState)),
    );
    expect(othersOf(person)).toEqual([agentState]);
  });
});
