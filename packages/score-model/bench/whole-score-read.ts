/**
 * The whole-score read an exporter makes (`scoreContent`), timed against
 * `JSON.parse` of the same units' stored JSON in the same process: on a
 * document read for the first time (a fresh Y.Doc from the same update each
 * round) and read again unchanged. Rounds interleave the three, in turn
 * first, with the heap collected before each; allocation is what the heap
 * grew by plus what collections during the read freed.
 */
import { GCProfiler, getHeapStatistics } from 'node:v8';
import * as Y from 'yjs';
import { createScore, openScore, type Score, scoreContent } from '../src/index.ts';
import { quartetScore } from './quartet-score.ts';

const MEASURES = 1000;
const ROUNDS = 11;

/** One timed run: its ms, and the bytes it allocated. */
interface Run {
  readonly ms: number;
  readonly bytes: number;
}

function timed(work: () => unknown): Run {
  (globalThis as { gc?: () => void }).gc?.();
  const profiler = new GCProfiler();
  profiler.start();
  const before = getHeapStatistics().used_heap_size;
  const begin = performance.now();
  work();
  const ms = performance.now() - begin;
  const after = getHeapStatistics().used_heap_size;
  const freed = (profiler.stop()?.statistics ?? []).reduce(
    (sum, gc) =>
      sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
    0,
  );
  return { ms, bytes: after - before + freed };
}

const spread = (values: readonly number[], digits: number, unit: string) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => `${sorted[index]!.toFixed(digits)}${unit}`;
  return `min ${at(0)}  median ${at(Math.floor(sorted.length / 2))}  max ${at(sorted.length - 1)}`;
};

/** Prints the rows: ms, MB allocated, and the ratio to `JSON.parse` of each round. */
export function benchWholeScoreRead(): void {
  const source = createScore(new Y.Doc(), quartetScore(MEASURES), { origin: 'bench' });
  const update = Y.encodeStateAsUpdate(source.doc);
  const units = [...source.doc.getMap('scorelane.units').values()];
  const json = JSON.stringify(units);
  const fresh = (): Score => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, update);
    return openScore(doc);
  };
  const events = scoreContent(source).units!.reduce(
    (count, unit) =>
      count + unit.content.voices.reduce((sum, voice) => sum + voice.events.length, 0),
    0,
  );
  const runs = { json: [] as Run[], first: [] as Run[], again: [] as Run[] };
  for (let round = 0; round < ROUNDS + 1; round++) {
    const score = fresh();
    const steps: (() => void)[] = [
      () => runs.json.push(timed(() => JSON.parse(json))),
      () => {
        runs.first.push(timed(() => scoreContent(score)));
        runs.again.push(timed(() => scoreContent(score)));
      },
    ];
    if (round % 2 === 1) steps.reverse();
    for (const step of steps) step();
    if (round === 0) for (const list of Object.values(runs)) list.length = 0; // warm-up
  }
  const row = (label: string, value: string) => console.log(`${label.padEnd(52)} ${value}`);
  console.log(
    `\nwhole-score read (scoreContent), ${MEASURES} measures x 4 parts, ${events.toLocaleString('en-US')} events with attachments, ${ROUNDS} rounds interleaved`,
  );
  const ms = (list: Run[]) => list.map((run) => run.ms);
  const mb = (list: Run[]) => list.map((run) => run.bytes / 1e6);
  row(
    `JSON.parse of the units' JSON (${(json.length / 1e6).toFixed(1)} MB), baseline`,
    spread(ms(runs.json), 1, ' ms'),
  );
  row('  allocated', spread(mb(runs.json), 1, ' MB'));
  for (const [label, list] of [
    ['scoreContent, first read of the doc', runs.first],
    ['scoreContent, read again, doc unchanged', runs.again],
  ] as const) {
    row(label, spread(ms(list), 1, ' ms'));
    row('  allocated', spread(mb(list), 2, ' MB'));
    row(
      '  time / JSON.parse of the same round',
      spread(
        list.map((run, index) => run.ms / runs.json[index]!.ms),
        2,
        'x',
      ),
    );
  }
}
