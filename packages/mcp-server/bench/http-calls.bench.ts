/**
 * Tool calls per second over loopback Streamable HTTP, with 1 and 8
 * concurrent SDK clients: a catalog served by this package (its read tool on
 * a real Y.Doc, through the local guards, the batch check, the pipeline and
 * the per-document queue) against a bare SDK server with a no-op tool
 * (`createMcpHandler` + `toNodeHandler`, nothing in front), in the same
 * process.
 *
 * Run: npm run bench -w @scorelane/mcp-server
 */
import { createServer } from 'node:http';
import type { Client } from '@modelcontextprotocol/client';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { serveCatalogHttp } from '../src/index.ts';
import { LOOPBACK_HOST, listenOnLoopback } from '../src/loopback-port.ts';
import { httpClient } from '../test/clients.ts';
import { createNotes } from '../test/notes-catalog.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

interface Target {
  readonly name: string;
  readonly url: string;
  readonly call: { name: string; arguments: Record<string, unknown> };
  close(): Promise<void>;
}

async function bareSdkServer(): Promise<Target> {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'bare', version: '1.0.0' });
    server.registerTool('noop', { inputSchema: z.object({}) }, async () => ({
      content: [{ type: 'text', text: 'ok' }],
    }));
    return server;
  });
  const handle = toNodeHandler(handler);
  const server = createServer((req, res) => void handle(req as Parameters<typeof handle>[0], res));
  const port = await listenOnLoopback(server, 0);
  return {
    name: 'bare SDK server, no-op tool',
    url: `http://${LOOPBACK_HOST}:${port}/mcp`,
    call: { name: 'noop', arguments: {} },
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function catalogServer(): Promise<Target> {
  const { notes, pipeline } = createNotes();
  for (let i = 0; i < 20; i += 1) notes.write(`note-${i}`, `The text of note ${i}.`);
  const endpoint = await serveCatalogHttp(
    { pipeline, role: 'editor', name: 'notes', version: '1.0.0' },
    { port: 0 },
  );
  return {
    name: 'this package, read_notes (20 notes)',
    url: endpoint.url,
    call: { name: 'read_notes', arguments: { keys: ['note-3', 'note-7'] } },
    close: () => endpoint.close(),
  };
}

/** Calls per second with `clients` clients calling back to back for `seconds`. */
async function callsPerSecond(target: Target, clients: number, seconds: number): Promise<number> {
  const connected: Client[] = await Promise.all(
    Array.from({ length: clients }, () => httpClient(target.url)),
  );
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const counts = await Promise.all(
    connected.map(async (client) => {
      let count = 0;
      while (performance.now() < deadline) {
        const result = await client.callTool(target.call);
        if (result.isError === true) throw new Error(`${target.name}: the call failed`);
        count += 1;
      }
      return count;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(connected.map((client) => client.close()));
  return counts.reduce((sum, count) => sum + count, 0) / elapsed;
}

const targets = [await bareSdkServer(), await catalogServer()];
console.log(`MCP over loopback HTTP, ${SECONDS} s per row, node ${process.version}\n`);
console.log('server                                   clients   calls/s');
const rates = new Map<string, number>();
for (const clients of [1, 8]) {
  for (const target of targets) {
    await callsPerSecond(target, clients, 0.5);
    const rate = await callsPerSecond(target, clients, SECONDS);
    rates.set(`${target.name}/${clients}`, rate);
    console.log(
      `${target.name.padEnd(40)} ${String(clients).padStart(7)} ${rate.toFixed(0).padStart(9)}`,
    );
  }
}
console.log('\nratio, this package / bare SDK server (1 means as fast):');
for (const clients of [1, 8]) {
  const ours = rates.get(`${targets[1]!.name}/${clients}`)!;
  const bare = rates.get(`${targets[0]!.name}/${clients}`)!;
  console.log(`  ${clients} client${clients === 1 ? ' ' : 's'}: ${(ours / bare).toFixed(2)}x`);
}
await Promise.all(targets.map((target) => target.close()));
