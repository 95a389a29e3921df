/**
 * `npm run bench -w @scorelane/cli`: write calls per second over stdio to
 * `scorelane mcp FILE` (saving) against `scorelane mcp FILE --no-save`, on a
 * generated MusicXML score of about 2.4 MB, in the same run, interleaved:
 * each round measures both for `BENCH_SECONDS` (default 4) seconds. Prints
 * each round and the min/median/max of the ratio saving / --no-save.
 */
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { parsePitch, rational } from '@scorelane/lanes-seq';
import { exportMusicXml } from '@scorelane/musicxml';
import { createScore, keySignature, type UnitInit } from '@scorelane/score-model';
import * as Y from 'yjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 3;
const PARTS = 16;
const MEASURES = 190;
const PITCHES = ['C4', 'D4', 'E4', 'F4', 'G4', 'A4', 'B4', 'C5'].map((text) => parsePitch(text)!);

/** A 16-part score of quarter notes, exported as MusicXML. */
function generatedMusicXml(): string {
  const units: UnitInit[] = [];
  for (let measure = 1; measure <= MEASURES; measure++) {
    for (let part = 1; part <= PARTS; part++) {
      const events = [0, 1, 2, 3].map((beat) => ({
        kind: 'note' as const,
        pitch: PITCHES[(measure + part + beat) % PITCHES.length]!,
        duration: rational(1, 4),
        grace: false,
        tie: false,
      }));
      units.push({ part, staff: 1, measure, content: { voices: [{ voice: 1, events }] } });
    }
  }
  const key = keySignature({ step: 'C', alter: 0 }, 'major')!;
  const score = createScore(new Y.Doc(), {
    title: 'Bench',
    parts: Array.from({ length: PARTS }, (_, index) => ({
      name: `Part ${index + 1}`,
      staves: 1,
      clefs: ['treble' as const],
    })),
    measures: Array.from({ length: MEASURES }, () => ({ time: { beats: 4, beatType: 4 }, key })),
    units,
  });
  return exportMusicXml(score);
}

const packageDir = fileURLToPath(new URL('..', import.meta.url));

async function connect(file: string, ...flags: string[]): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/bin.ts', 'mcp', file, ...flags],
      cwd: packageDir,
      stderr: 'ignore',
    }),
  );
  return client;
}

let version = 0;
/** Write calls per second for `SECONDS`: rewrites of one measure, each different from the last. */
async function writesPerSecond(client: Client): Promise<number> {
  const started = performance.now();
  let calls = 0;
  while (performance.now() - started < SECONDS * 1000) {
    const pitch = ['E4', 'G4'][version++ % 2];
    const result = await client.callTool({
      name: 'rewrite_measures',
      arguments: {
        start_measure: 100,
        parts: [3],
        lanes_seq: `P3 s1 v1 m100: ${pitch}=1/4 D4=1/4 C4=1/2\n`,
      },
    });
    if (result.isError) throw new Error(JSON.stringify(result.content));
    calls += 1;
  }
  return calls / ((performance.now() - started) / 1000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

const dir = await mkdtemp(join(tmpdir(), 'scorelane-bench-'));
const saved = join(dir, 'saved.musicxml');
const unsaved = join(dir, 'unsaved.musicxml');
const text = generatedMusicXml();
await writeFile(saved, text);
await writeFile(unsaved, text);
const size = (await stat(saved)).size;
const saving = await connect(saved);
const notSaving = await connect(unsaved, '--no-save');
// Warm up both.
await writesPerSecond(saving);
await writesPerSecond(notSaving);
await sleep(3000);

const ratios: number[] = [];
console.log(
  `scorelane mcp over stdio, ${(size / 1e6).toFixed(2)} MB MusicXML (${MEASURES} measures x ${PARTS} parts), ${SECONDS} s per row`,
);
for (let round = 1; round <= ROUNDS; round++) {
  const withSaving = await writesPerSecond(saving);
  // Let the last coalesced save finish, so it does not run into the other row.
  await sleep(3000);
  const without = await writesPerSecond(notSaving);
  ratios.push(withSaving / without);
  console.log(
    `round ${round}: saving ${withSaving.toFixed(1)} writes/s, --no-save ${without.toFixed(1)} writes/s, ratio ${(withSaving / without).toFixed(2)}`,
  );
}
const [min, median, max] = [sorted(ratios)[0]!, sorted(ratios)[1]!, sorted(ratios)[2]!];
console.log(
  `writes/s saving / --no-save: min ${min.toFixed(2)}, median ${median.toFixed(2)}, max ${max.toFixed(2)} (goal: at least 0.5)`,
);
await Promise.all([saving.close(), notSaving.close()]);
