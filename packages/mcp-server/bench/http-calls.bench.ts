/**
 * Tool calls per second over loopback Streamable HTTP, with 1 and 8
 * concurrent SDK clients: catalogs served by this package (through the local
 * guards, the batch check, the pipeline and the per-document queue) against a
 * bare SDK server with a no-op tool (`createMcpHandler` + `toNodeHandler`,
 * nothing in front), in the same process. The catalogs: the score tools'
 * `read_measures` (8 measures of a two-part score) and the tests' notes
 * catalog's read tool on a real Y.Doc.
 *
 * Run: npm run bench -w @scorelane/mcp-server
 */
import { createServer } from 'node:http';
import type { Client } from '@modelcontextprotocol/client';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { parseScoreFile } from '@scorelane/lanes-seq';
import { scoreFromLanes } from '@scorelane/score-model';
import { createScoreTools } from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import * as Y from 'yjs';
import * as z from 'zod';
import { serveCatalogHttp } from '../src/index.ts';
import { LOOPBACK_HOST, listenOnLoopback } from '../src/loopback-port.ts';
import { httpClient } from '../test/clients.ts';
import { createNotes } from '../test/notes-catalog.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
/** Each row is measured this many times, interleaved with the others; the median is printed. */
const ROUNDS = 3;

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
    name: 'notes read_notes (2 of 20 notes)',
    url: endpoint.url,
    call: { name: 'read_notes', arguments: { keys: ['note-3', 'note-7'] } },
    close: () => endpoint.close(),
  };
}

/** Eight bars of a melody over a bass line, repeated to 32 measures. */
function scoreText(): string {
  const melody = [
    'E5=1/4 E5=1/4 F5=1/4 G5=1/4',
    'G5=1/4 F5=1/4 E5=1/4 D5=1/4',
    'C5=1/4 C5=1/4 D5=1/4 E5=1/4',
    'E5=3/8 D5=1/8 D5=1/2',
  ];
  const lines = [
    '%% title: Bench',
    '%% part P1 name="Violin" staves=1 clefs=treble',
    '%% part P2 name="Cello" staves=1 clefs=bass',
    '%% measures 32',
    '%% time m1 4/4',
    '%% key m1 C major',
  ];
  for (let m = 1; m <= 32; m += 1) {
    lines.push(`P1 s1 v1 m${m}: ${melody[(m - 1) % melody.length]}`);
    lines.push(`P2 s1 v1 m${m}: C3=1/2 G2=1/2`);
  }
  return `${lines.join('\n')}\n`;
}

async function scoreCatalogServer(): Promise<Target> {
  const file = parseScoreFile(scoreText());
  if (!file.ok) throw new Error('the bench score does not parse');
  const score = scoreFromLanes(file.score.header, file.score.document, { doc: new Y.Doc() });
  const tools = createScoreTools({ score, undo: createUndoController(score.doc) });
  const endpoint = await serveCatalogHttp(
    { pipeline: tools.pipeline, role: 'editor', name: 'scorelane', version: '1.0.0' },
    { port: 0 },
  );
  return {
    name: 'score read_measures (8 of 32 measures)',
    url: endpoint.url,
    call: { name: 'read_measures', arguments: { start_measure: 9, end_measure: 16 } },
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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const targets = [await bareSdkServer(), await scoreCatalogServer(), await catalogServer()];
console.log(
  `MCP over loopback HTTP, median of ${ROUNDS} runs of ${SECONDS} s per row, node ${process.version}\n`,
);
console.log('server                                   clients   calls/s');
const rates = new Map<string, number>();
for (const clients of [1, 8]) {
  const samples = new Map<string, number[]>();
  for (const target of targets) await callsPerSecond(target, clients, 0.5);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      const rate = await callsPerSecond(target, clients, SECONDS);
      samples.set(target.name, [...(samples.get(target.name) ?? []), rate]);
    }
  }
  for (const target of targets) {
    const rate = median(samples.get(target.name) ?? []);
    rates.set(`${target.name}/${clients}`, rate);
    console.log(
      `${target.name.padEnd(40)} ${String(clients).padStart(7)} ${rate.toFixed(0).padStart(9)}`,
    );
  }
}
const [bare, ...served] = targets;
console.log('\nratio to the bare SDK server with the same clients (1 means as fast):');
for (const target of served) {
  for (const clients of [1, 8]) {
    const ratio = rates.get(`${target.name}/${clients}`)! / rates.get(`${bare!.name}/${clients}`)!;
    console.log(
      `  ${target.name}, ${clients} client${clients === 1 ? ': ' : 's:'} ${ratio.toFixed(2)}x`,
    );
  }
}
await Promise.all(targets.map((target) => target.close()));
