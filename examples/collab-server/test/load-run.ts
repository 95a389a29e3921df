/**
 * The load run that the load test and `npm run bench` share: N provider
 * clients on one document, each rewriting its own measure (its unit of the
 * violin part) every `intervalMs` for `durationMs`, over loopback only. It
 * measures how long each write takes to reach another client (the first
 * client watches everyone else's writes), and checks at the end that every
 * client holds the same document with every client's last write in it.
 */
import { performance } from 'node:perf_hooks';
import { ROOT_NAMES } from '@scorelane/score-model';
import type * as Y from 'yjs';
import { measureIds, units } from './fixtures.ts';
import { connectClient, type TestClient, until } from './provider-client.ts';

/** What one run is. */
export interface LoadOptions {
  readonly clients: number;
  readonly durationMs: number;
  readonly intervalMs: number;
}

/** What one run measured. */
export interface LoadResult {
  readonly writes: number;
  readonly writesPerSecond: number;
  /** Milliseconds from a write to its arrival at the watching client. */
  readonly p50: number;
  readonly p95: number;
  /** Writes the watching client saw arrive (others may be merged into later ones). */
  readonly arrivals: number;
  /** Whether every client ended with the same units, each holding every client's last write. */
  readonly converged: boolean;
  readonly lost: number;
}

interface LoadValue {
  readonly voices: readonly unknown[];
  readonly load: { readonly client: number; readonly seq: number; readonly sentAt: number };
}

/**
 * Runs the load against the document `name` of the server at `url` (`token`
 * is its edit token); with several URLs (instances joined by Redis) the
 * clients are dealt among them in turn, the watching one on the first.
 */
export async function runLoad(
  url: string | readonly string[],
  name: string,
  token: string,
  options: LoadOptions,
): Promise<LoadResult> {
  const urls = typeof url === 'string' ? [url] : url;
  const clients: TestClient[] = [];
  try {
    for (let i = 0; i < options.clients; i++) {
      clients.push(await connectClient(urls[i % urls.length]!, name, token));
    }
    const keys = await measuresFor(clients[0]!, options.clients);
    await Promise.all(
      clients.map((client) =>
        until(client.doc, () => measureIds(client.doc).length >= options.clients),
      ),
    );
    const latencies: number[] = [];
    watchArrivals(clients[0]!.doc, latencies);
    const sent = await writeFor(clients, keys, options);
    await Promise.all(clients.map((client) => client.acknowledged()));
    const expected = (doc: Y.Doc) =>
      keys.every(
        (key, client) => (units(doc).get(key) as LoadValue | undefined)?.load.seq === sent[client],
      );
    await Promise.all(clients.map((client) => until(client.doc, () => expected(client.doc))));
    const first = unitsText(clients[0]!.doc);
    const converged = clients.every((client) => unitsText(client.doc) === first);
    const lost = keys.filter(
      (key, client) => (units(clients[0]!.doc).get(key) as LoadValue).load.seq !== sent[client],
    ).length;
    const writes = sent.reduce((sum, count) => sum + count, 0);
    latencies.sort((a, b) => a - b);
    return {
      writes,
      writesPerSecond: writes / (options.durationMs / 1000),
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      arrivals: latencies.length,
      converged,
      lost,
    };
  } finally {
    for (const client of clients) client.destroy();
  }
}

/** Makes the score at least `count` measures long (copying the last measure's signatures); the unit key of each client's measure. */
async function measuresFor(client: TestClient, count: number): Promise<string[]> {
  const doc = client.doc;
  const order = doc.getArray<string>(ROOT_NAMES.measureOrder);
  const measures = doc.getMap<unknown>(ROOT_NAMES.measures);
  const partId = doc.getArray<string>(ROOT_NAMES.partOrder).get(0);
  doc.transact(() => {
    const last = measures.get(order.get(order.length - 1));
    for (let i = order.length; i < count; i++) {
      const id = `load-m${i + 1}`;
      measures.set(id, last);
      order.push([id]);
    }
  });
  await client.acknowledged();
  return order
    .toArray()
    .slice(0, count)
    .map((measureId) => `${partId}/1/${measureId}`);
}

/** Each client rewrites its own unit every interval until the time is up; returns how many writes each made. */
async function writeFor(
  clients: readonly TestClient[],
  keys: readonly string[],
  options: LoadOptions,
): Promise<number[]> {
  const sent = clients.map(() => 0);
  const end = performance.now() + options.durationMs;
  await Promise.all(
    clients.map(async (client, index) => {
      // Spread the clients over the interval so their writes do not all land at once.
      await sleep((options.intervalMs * index) / clients.length);
      while (performance.now() < end) {
        sent[index]! += 1;
        const value: LoadValue = {
          voices: [{ voice: 1, events: [{ kind: 'rest', duration: [1, 1] }] }],
          load: { client: index, seq: sent[index]!, sentAt: performance.now() },
        };
        units(client.doc).set(keys[index]!, value);
        await sleep(options.intervalMs);
      }
    }),
  );
  return sent;
}

function watchArrivals(doc: Y.Doc, latencies: number[]): void {
  units(doc).observe((event) => {
    if (event.transaction.local) return;
    const now = performance.now();
    for (const key of event.keysChanged) {
      const value = units(doc).get(key) as LoadValue | undefined;
      if (value?.load !== undefined) latencies.push(now - value.load.sentAt);
    }
  });
}

/** The units as text, keys sorted (peers may list a Y.Map's keys in different orders). */
function unitsText(doc: Y.Doc): string {
  return JSON.stringify(Object.entries(units(doc).toJSON()).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
