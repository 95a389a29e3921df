/**
 * `npm run dev` joins a server: Vite's dev server with `collabProxy`
 * forwards the Hocuspocus socket and `/mcp` to a real collaboration server
 * (SQLite in memory, an OS-picked port), while a page request to `/` stays
 * Vite's. The clients are the real provider and the MCP SDK client.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type CollabServer, startCollabServer } from '@scorelane/collab-server';
import { ROOT_NAMES } from '@scorelane/score-model';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collabProxy } from '../collab-proxy.ts';
import { connectMcpAgent } from './browser/mcp-agent.ts';
import { joinAsPeer } from './browser/node-peer.ts';

const DOC = 'example';

describe('the dev server’s proxy to the collaboration server', () => {
  let server: CollabServer;
  let vite: ViteDevServer;
  let devUrl: string;
  let token: string;

  beforeAll(async () => {
    server = await startCollabServer({ database: ':memory:', port: 0 });
    token = new URL((await server.links(DOC)).edit).searchParams.get('token') ?? '';
    vite = await createServer({
      configFile: false,
      root: fileURLToPath(new URL('..', import.meta.url)),
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, proxy: collabProxy(server.httpUrl) },
    });
    await vite.listen();
    const address = vite.httpServer?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('Vite’s dev server did not listen.');
    const { port } = address;
    devUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await vite?.close();
    await server?.close();
  });

  it('forwards /mcp: an SDK MCP client lists the document’s tools through the dev port', async () => {
    const agent = await connectMcpAgent(devUrl, DOC, token);
    try {
      const { tools } = await agent.listTools();
      expect(tools.map((tool) => tool.name)).toContain('rewrite_measures');
    } finally {
      await agent.close();
    }
  });

  it('forwards the socket at /: the provider syncs the server’s document through the dev port', async () => {
    const peer = await joinAsPeer(devUrl.replace('http:', 'ws:'), DOC, token);
    try {
      expect(peer.doc.getMap(ROOT_NAMES.units).size).toBeGreaterThan(0);
    } finally {
      peer.destroy();
    }
  });

  it('leaves a page request to / with Vite', async () => {
    const response = await fetch(`${devUrl}/?doc=${DOC}&token=${token}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('/@vite/client');
  });
});
