import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';

/**
 * What the agent endpoint's `tools/list` may cost an agent's context, in o200k
 * tokens, for the names, titles, descriptions, input schemas and annotations
 * of every tool it lists (issue 28's budget, whatever the catalog holds).
 */
const TOOLS_BUDGET = 4_000;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("what the collaboration server's agent endpoint costs an agent's context", () => {
  it(`lists the editor's tools in at most ${TOOLS_BUDGET} o200k tokens without output schemas, and the viewer's in fewer`, async () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    const server = await startTestServer(db.path);
    cleanups.push(server.close);
    const links = await server.links('live');
    const listed: Record<string, { tokens: number; names: string[] }> = {};
    for (const [role, link] of [
      ['edit', links.edit],
      ['view', links.view],
    ] as const) {
      const url = new URL(links.mcp);
      url.searchParams.delete('token');
      const client = new Client({ name: 'budget', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { Authorization: `Bearer ${tokenOf(link)}` } },
        }),
      );
      cleanups.push(() => client.close());
      const { tools } = await client.listTools();
      const withoutOutput = tools.map(({ outputSchema: _output, ...tool }) => tool);
      listed[role] = {
        tokens: countTokens(JSON.stringify(withoutOutput)),
        names: tools.map((tool) => tool.name),
      };
    }
    expect(listed.edit!.names).toEqual(
      expect.arrayContaining(['rewrite_measures', 'set_clef', 'add_part']),
    );
    expect(listed.edit!.tokens).toBeLessThanOrEqual(TOOLS_BUDGET);
    expect(listed.view!.names).not.toContain('rewrite_measures');
    expect(listed.view!.tokens).toBeLessThan(listed.edit!.tokens);
  });
});
