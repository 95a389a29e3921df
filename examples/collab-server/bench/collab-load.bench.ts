/**
 * `npm run bench -w @scorelane/collab-server`: 50 provider clients on one
 * document over loopback, each rewriting its own measure every 100 ms for
 * 20 s, against a server (in a child process) that keeps the document in a SQLite file on disk,
 * and the same run against one whose database is in memory (the baseline:
 * what Hocuspocus and Yjs cost without the disk). Prints writes per second
 * and the p50/p95 time from a write to its arrival at another client, and
 * the on-disk run's ratios to the baseline.
 *
 * LOAD_SECONDS, LOAD_CLIENTS and LOAD_INTERVAL_MS change the run;
 * DURABILITY=full fsyncs every write.
 */
import { tempDatabase } from '../test/fixtures.ts';
import { type LoadOptions, type LoadResult, runLoad } from '../test/load-run.ts';
import { stopChild } from '../test/redis-process.ts';
import { spawnServer } from '../test/server-process.ts';

const options: LoadOptions = {
  clients: Number(process.env.LOAD_CLIENTS ?? 50),
  durationMs: Number(process.env.LOAD_SECONDS ?? 20) * 1000,
  intervalMs: Number(process.env.LOAD_INTERVAL_MS ?? 100),
};
const durability = process.env.DURABILITY === 'full' ? 'full' : 'normal';

/** One run against a server in a child process (its own core), as `npm start` runs it. */
async function run(database: string): Promise<LoadResult> {
  const server = await spawnServer(database, { DOC: 'bench', DURABILITY: durability });
  try {
    return await runLoad(server.url, 'bench', server.editToken, options);
  } finally {
    await stopChild(server.child);
  }
}

function row(label: string, result: LoadResult): string {
  return `${label.padEnd(22)} ${result.writesPerSecond.toFixed(0).padStart(7)} writes/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   ${result.converged && result.lost === 0 ? 'converged, no write lost' : `NOT CONVERGED (${result.lost} lost)`}`;
}

console.log(
  `${options.clients} clients, one write each per ${options.intervalMs} ms, ${options.durationMs / 1000} s per run, durability ${durability}`,
);
const baseline = await run(':memory:');
console.log(row('in-memory database', baseline));
const db = tempDatabase();
try {
  const onDisk = await run(db.path);
  console.log(row('SQLite file on disk', onDisk));
  console.log(
    `on disk / in memory: writes/s x${(onDisk.writesPerSecond / baseline.writesPerSecond).toFixed(2)}, p50 x${(onDisk.p50 / baseline.p50).toFixed(2)}, p95 x${(onDisk.p95 / baseline.p95).toFixed(2)}`,
  );
  if (!baseline.converged || !onDisk.converged || baseline.lost + onDisk.lost > 0)
    process.exitCode = 1;
} finally {
  db.remove();
}
