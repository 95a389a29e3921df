/**
 * `npm run bench -w @scorelane/collab-server`: 50 provider clients on one
 * document over loopback, each rewriting its own measure every 100 ms for
 * 20 s, against servers in child processes (as `npm start` runs them):
 *
 * 1. one instance whose SQLite database is in memory (the baseline: what
 *    Hocuspocus and Yjs cost without storage);
 * 2. one instance with a SQLite file on disk;
 * 3. with PostgreSQL installed (its binaries on PATH or in
 *    /usr/lib/postgresql/N/bin) and redis-server: one instance on PostgreSQL, then
 *    two instances on PostgreSQL joined by Redis, the clients dealt between
 *    them (the watching client on the first, so half the writes it sees
 *    crossed Redis).
 *
 * Prints writes per second and the p50/p95 time from a write to its arrival
 * at another client for each run, and the ratios: on disk to in memory, and
 * two instances to one (both on PostgreSQL, in the same run).
 *
 * LOAD_SECONDS, LOAD_CLIENTS and LOAD_INTERVAL_MS change the run;
 * DURABILITY=full fsyncs every SQLite write.
 */
import { tempDatabase } from '../test/fixtures.ts';
import { type LoadOptions, type LoadResult, runLoad } from '../test/load-run.ts';
import { postgresBinaries, startPostgres } from '../test/postgres-process.ts';
import { startRedis, stopChild } from '../test/redis-process.ts';
import { type ServerProcess, spawnServer } from '../test/server-process.ts';

const options: LoadOptions = {
  clients: Number(process.env.LOAD_CLIENTS ?? 50),
  durationMs: Number(process.env.LOAD_SECONDS ?? 20) * 1000,
  intervalMs: Number(process.env.LOAD_INTERVAL_MS ?? 100),
};
const durability = process.env.DURABILITY === 'full' ? 'full' : 'normal';

/** One run against `count` instances in child processes (each its own core when there are enough). */
async function run(
  database: string,
  env: Record<string, string> = {},
  count = 1,
): Promise<LoadResult> {
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < count; i++) {
      servers.push(await spawnServer(database, { DOC: 'bench', DURABILITY: durability, ...env }));
    }
    return await runLoad(
      servers.map((server) => server.url),
      'bench',
      servers[0]!.editToken,
      options,
    );
  } finally {
    for (const server of servers) await stopChild(server.child);
  }
}

function row(label: string, result: LoadResult): string {
  return `${label.padEnd(34)} ${result.writesPerSecond.toFixed(0).padStart(7)} writes/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   ${result.converged && result.lost === 0 ? 'converged, no write lost' : `NOT CONVERGED (${result.lost} lost)`}`;
}

function ratios(label: string, run: LoadResult, base: LoadResult): string {
  return `${label}: writes/s x${(run.writesPerSecond / base.writesPerSecond).toFixed(2)}, p50 x${(run.p50 / base.p50).toFixed(2)}, p95 x${(run.p95 / base.p95).toFixed(2)}`;
}

const results: LoadResult[] = [];
console.log(
  `${options.clients} clients, one write each per ${options.intervalMs} ms, ${options.durationMs / 1000} s per run, durability ${durability}`,
);
const baseline = await run(':memory:');
results.push(baseline);
console.log(row('in-memory database', baseline));
const db = tempDatabase();
try {
  const onDisk = await run(db.path);
  results.push(onDisk);
  console.log(row('SQLite file on disk', onDisk));
  console.log(ratios('on disk / in memory', onDisk, baseline));
} finally {
  db.remove();
}

if (postgresBinaries() === undefined) {
  console.log('PostgreSQL is not installed: the runs on PostgreSQL and Redis are left out.');
} else {
  const postgres = await startPostgres();
  const redis = await startRedis();
  try {
    const one = await run(await postgres.createDatabase());
    results.push(one);
    console.log(row('PostgreSQL, one instance', one));
    const two = await run(await postgres.createDatabase(), { REDIS_URL: redis.url }, 2);
    results.push(two);
    console.log(row('PostgreSQL + Redis, two instances', two));
    console.log(ratios('two instances / one instance', two, one));
    console.log(ratios('PostgreSQL one instance / in memory', one, baseline));
  } finally {
    await redis.stop();
    await postgres.remove();
  }
}
if (results.some((result) => !result.converged || result.lost > 0)) process.exitCode = 1;
