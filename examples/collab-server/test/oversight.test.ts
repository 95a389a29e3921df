import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { openScore } from '@scorelane/score-model';
import {
  createScoreTools,
  OVERSIGHT_ROOT,
  openActivityLog,
  openOversightSettings,
  openProposalStore,
} from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';
import { connectClient, until } from './provider-client.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const M2 = { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n' };

async function agent(mcpUrl: string, token: string, name = 'claude-code'): Promise<Client> {
  const url = new URL(mcpUrl);
  url.searchParams.delete('token');
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  cleanups.push(() => client.close());
  return client;
}

/** A person's tools on their client's doc: they write at once and decide proposals. */
function personTools(doc: Y.Doc, name: string) {
  const undo = createUndoController(doc);
  return createScoreTools({
    score: openScore(doc, { origin: undo.origin }),
    undo,
    actor: 'person',
    activity: { log: openActivityLog(doc), by: { kind: 'person', via: 'editor', name } },
    oversight: {
      settings: openOversightSettings(doc),
      proposals: openProposalStore(doc),
      agent: false,
    },
  });
}

const structured = (result: Awaited<ReturnType<Client['callTool']>>) =>
  result.structuredContent as Record<string, unknown>;

describe('the document’s oversight, for MCP agents on the server', () => {
  it('review mode a person set holds an agent’s write as a proposal, which survives a restart and another person accepts', async () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    let server = await startTestServer(db.path);
    const links = await server.links('live');
    const edit = tokenOf(links.edit);
    const ada = await connectClient(server.url, 'live', edit);
    openOversightSettings(ada.doc).setReviewMode(true, 'Ada');
    await ada.acknowledged();
    const mcp = await agent(links.mcp, edit);
    const held = await mcp.callTool({ name: 'rewrite_measures', arguments: M2 });
    expect(held.isError, JSON.stringify(held.content)).toBe(false);
    expect(structured(held).status).toBe('awaiting_review');
    const id = (structured(held).review as { id: string }).id;
    const proposals = openProposalStore(ada.doc);
    await until(ada.doc, () => proposals.get(id) !== undefined);
    expect(proposals.get(id)).toMatchObject({
      tool: 'rewrite_measures',
      proposed_by: { kind: 'agent', via: 'mcp', name: 'claude-code' },
      state: 'pending',
    });
    await mcp.close();
    ada.destroy();
    await server.close();

    server = await startTestServer(db.path);
    cleanups.push(server.close);
    const bob = await connectClient(server.url, 'live', edit);
    cleanups.push(bob.destroy);
    const bobs = personTools(bob.doc, 'Bob');
    expect(bobs.proposals!.get(id)?.state).toBe('pending');
    expect(bobs.proposals!.accept(id)).toMatchObject({ ok: true, proposal: { state: 'accepted' } });
    await bob.acknowledged();
    expect(openActivityLog(bob.doc).entries().at(-1)).toMatchObject({
      by: { kind: 'person', via: 'editor', name: 'Bob' },
      proposed_by: { kind: 'agent', via: 'mcp', name: 'claude-code' },
      summary: '1 unit in m2, part 1, accepted in review',
    });
    const again = await agent((await server.links('live')).mcp, edit);
    const status = await again.callTool({
      name: 'get_proposal_status',
      arguments: { proposal_id: id },
    });
    expect(structured(status)).toMatchObject({ state: 'accepted', decided_by: 'Bob' });
    const read = await again.callTool({
      name: 'read_measures',
      arguments: { start_measure: 2, end_measure: 2, parts: [1] },
    });
    expect(String(structured(read).lanes_seq)).toContain('P1 s1 v1 m2: D5=1/2 D5\n');
  });

  it('the agents’ scope a person set refuses an MCP write outside it with out_of_scope', async () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    const server = await startTestServer(db.path);
    cleanups.push(server.close);
    const links = await server.links('live');
    const ada = await connectClient(server.url, 'live', tokenOf(links.edit));
    cleanups.push(ada.destroy);
    openOversightSettings(ada.doc).setAgentScope(
      { kind: 'range', measures: { start: 5, end: 5 }, parts: [1] },
      'Ada',
    );
    await ada.acknowledged();
    const mcp = await agent(links.mcp, tokenOf(links.edit));
    const outside = await mcp.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 4, parts: [1], lanes_seq: 'P1 s1 v1 m4: D5=1\n' },
    });
    expect(outside.isError).toBe(true);
    const text = (outside.content as { text: string }[])[0]?.text ?? '';
    expect(text.split('\n')[0]).toBe('Nothing was changed.');
    expect(text).toContain('outside your scope (measure 5, part 1)');
    const inside = await mcp.callTool({
      name: 'rewrite_measures',
      arguments: { start_measure: 5, parts: [1], lanes_seq: 'P1 s1 v1 m5: D5=1\n' },
    });
    expect(inside.isError, JSON.stringify(inside.content)).toBe(false);
  });

  it('a viewer’s forged change of the settings never lands: not on the server, not on an editor’s page, not for agents', async () => {
    const db = tempDatabase();
    cleanups.push(db.remove);
    const server = await startTestServer(db.path);
    cleanups.push(server.close);
    const links = await server.links('live');
    const viewer = await connectClient(server.url, 'live', tokenOf(links.view));
    const editor = await connectClient(server.url, 'live', tokenOf(links.edit));
    cleanups.push(viewer.destroy, editor.destroy);
    const answered = new Promise<void>((resolve) => {
      const answer = () => {
        viewer.provider.off('message', answer);
        resolve();
      };
      viewer.provider.on('message', answer);
    });
    // A tampered page writes the settings it may not change.
    const forged = openOversightSettings(viewer.doc);
    forged.setReviewMode(true, 'Mallory');
    forged.setAgentScope({ kind: 'nothing' }, 'Mallory');
    await answered;
    // An editor's later write of the score arrives everywhere; the viewer's settings never do.
    const settings = openOversightSettings(editor.doc);
    const mcp = await agent(links.mcp, tokenOf(links.edit));
    const applied = await mcp.callTool({ name: 'rewrite_measures', arguments: M2 });
    expect(applied.isError, JSON.stringify(applied.content)).toBe(false);
    expect(structured(applied).status).toBe('applied');
    await until(editor.doc, () => openActivityLog(editor.doc).entries().length === 1);
    expect(settings.reviewMode()).toBe(false);
    expect(settings.agentScope()).toEqual({ kind: 'score' });
    const live = server.hocuspocus.documents.get('live')!;
    expect(live.getMap(OVERSIGHT_ROOT).size).toBe(0);
    expect(viewer.provider.unsyncedChanges).toBeGreaterThan(0);
  });
});
