/**
 * PostgreSQL lost while the server runs, with a real server stopped under a
 * real client: no update that was not stored is acknowledged, applied or
 * relayed; the client is told (its socket closes with 4503) and keeps the
 * change; once PostgreSQL is back its provider sends it again and it is
 * stored. An agent's write in the outage is answered as not stored.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CLOSE_STORAGE_UNAVAILABLE, openDocumentStore } from '../src/index.ts';
import { startTestServer, tokenOf, units } from './fixtures.ts';
import { type PostgresProcess, startPostgres } from './postgres-process.ts';
import { connectClient, until, untilAwareness } from './provider-client.ts';
import { postgresLeftOut } from './store-backends.ts';

describe.skipIf(postgresLeftOut())('PostgreSQL lost while the server runs', () => {
  let postgres: PostgresProcess;
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(() => postgres.remove());

  it('acknowledges no unstored update, tells the client, and stores the change once PostgreSQL is back', async () => {
    const database = await postgres.createDatabase();
    const warnings: string[] = [];
    const server = await startTestServer(database, { onWarning: (line) => warnings.push(line) });
    const links = await server.links('outage');
    const token = tokenOf(links.edit);
    const writer = await connectClient(server.url, 'outage', token);
    const watcher = await connectClient(server.url, 'outage', token);
    const bystander = await connectClient(server.url, 'outage', token);
    const agent = new Client({ name: 'outage-agent', version: '1.0.0' });
    try {
      const mcp = new URL(links.mcp);
      mcp.searchParams.delete('token');
      await agent.connect(
        new StreamableHTTPClientTransport(mcp, {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      units(writer.doc).set('before', { voices: [] });
      await writer.acknowledged();
      const told = new Promise<{ code: number; reason: string }>((resolve) => {
        const onClose = ({ event }: { event: { code: number; reason: string } }) => {
          if (event.code !== CLOSE_STORAGE_UNAVAILABLE) return;
          writer.provider.configuration.websocketProvider.off('close', onClose);
          resolve(event);
        };
        writer.provider.configuration.websocketProvider.on('close', onClose);
      });

      await postgres.stop();
      units(writer.doc).set('during', { voices: [] });
      expect((await told).reason).toContain('not stored');
      expect(writer.provider.unsyncedChanges).toBeGreaterThan(0);
      // A later frame of another connection reaches the watcher: had "during" been relayed, it would be there.
      bystander.provider.setAwarenessField('marker', 'after the refusal');
      const bystanderId = bystander.provider.awareness!.clientID;
      await untilAwareness(
        watcher,
        () =>
          (watcher.provider.awareness!.getStates().get(bystanderId) as { marker?: string })
            ?.marker === 'after the refusal',
      );
      expect(units(watcher.doc).has('during')).toBe(false);
      const refused = await agent.callTool({
        name: 'rewrite_measures',
        arguments: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n' },
      });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('not stored');
      expect(warnings.some((line) => line.startsWith('Refused an update of "outage"'))).toBe(true);

      await postgres.restart();
      await writer.acknowledged();
      await until(watcher.doc, () => units(watcher.doc).has('during'));
      // The agent's held write goes to the database with the next one.
      const next = await agent.callTool({
        name: 'rewrite_measures',
        arguments: { start_measure: 3, parts: [1], lanes_seq: 'P1 s1 v1 m3: E5=1/2 E5=1/2\n' },
      });
      expect(next.isError).toBe(false);
      const store = await openDocumentStore({ database });
      const stored = new Y.Doc();
      for (const update of await store.updates('outage')) Y.applyUpdate(stored, update);
      await store.close();
      expect(units(stored).has('before')).toBe(true);
      expect(units(stored).has('during')).toBe(true);
      expect(units(stored).toJSON()).toEqual(units(watcher.doc).toJSON());
    } finally {
      await agent.close().catch(() => {});
      writer.destroy();
      watcher.destroy();
      bystander.destroy();
      await server.close();
    }
  });
});
