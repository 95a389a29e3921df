/**
 * `npm run bench -w @scorelane/score-model`: load a generated 2,000-measure,
 * 16-part score, read 64 measures, plan and apply a 32-measure rewrite, and
 * compare that rewrite with the same one on a 50-measure score. A write must
 * cost in proportion to what it changes, not to the size of the score. Then
 * the whole-score read an exporter makes (see whole-score-read.ts).
 */
import { type Lane, parsePitch, rational, serialize } from '@scorelane/lanes-seq';
import * as Y from 'yjs';
import {
  apply,
  createScore,
  keySignature,
  plan,
  readMeasures,
  type Score,
  type ScoreInit,
  type UnitInit,
} from '../src/index.ts';
import { benchWholeScoreRead } from './whole-score-read.ts';

const PARTS = 16;
const PITCHES = ['C4', 'D4', 'E4', 'F4', 'G4', 'A4', 'B4', 'C5'].map((text) => parsePitch(text)!);

function generated(measures: number): ScoreInit {
  const key = keySignature({ step: 'C', alter: 0 }, 'major')!;
  const units: UnitInit[] = [];
  for (let measure = 1; measure <= measures; measure++) {
    for (let part = 1; part <= PARTS; part++) {
      units.push({
        part,
        staff: 1,
        measure,
        content: {
          voices: [
            {
              voice: 1,
              events: [0, 1, 2, 3]
                .map((beat) => ({
                  kind: 'note' as const,
                  pitch: PITCHES[(measure + part + beat) % PITCHES.length]!,
                  duration: rational(1, 4),
                  grace: false,
                  tie: false,
                  attachments: beat === 0 ? { dynamics: 'mf' } : undefined,
                }))
                .map(({ attachments, ...event }) =>
                  attachments ? { ...event, attachments } : event,
                ),
            },
          ],
        },
      });
    }
  }
  return {
    title: `Generated ${measures}`,
    parts: Array.from({ length: PARTS }, (_, index) => ({
      name: `Part ${index + 1}`,
      staves: 1,
      clefs: ['treble' as const],
      program: index,
    })),
    measures: Array.from({ length: measures }, () => ({ time: { beats: 4, beatType: 4 }, key })),
    units,
  };
}

function rewriteText(start: number, count: number): string {
  const lanes: Lane[] = [];
  for (let measure = start; measure < start + count; measure++) {
    for (let part = 1; part <= PARTS; part++) {
      lanes.push({
        part,
        staff: 1,
        voice: 1,
        measure,
        events: [
          {
            kind: 'note',
            pitch: PITCHES[(measure * 3 + part) % 8]!,
            duration: rational(1, 2),
            grace: false,
            tie: false,
          },
          {
            kind: 'note',
            pitch: PITCHES[(measure + part * 5) % 8]!,
            duration: rational(1, 2),
            grace: false,
            tie: false,
          },
        ],
      });
    }
  }
  return serialize({ lanes });
}

/**
 * `count` lanes that each leave a problem: half a measure of 4/4 in each
 * part, measure and voice of a 32-measure rewrite, in turn (past v16 the
 * voice itself is refused).
 */
function badLanes(count: number): string {
  const lines: string[] = [];
  for (let index = 0; index < count; index++) {
    const part = (index % PARTS) + 1;
    const measure = (Math.floor(index / PARTS) % 32) + 1;
    const voice = Math.floor(index / (PARTS * 32)) + 1;
    lines.push(`P${part} s1 v${voice} m${measure}: C4=1/2`);
  }
  return `${lines.join('\n')}\n`;
}

/** Ms of planning `text` on `score`, which refuses it. */
function refusedPlanMs(score: Score, text: string): number {
  const planned = time(() => plan(score, { start: 1, text }));
  if (planned.value.ok) throw new Error('bad lanes were accepted');
  return planned.ms;
}

function time<T>(run: () => T): { ms: number; value: T } {
  const begin = process.hrtime.bigint();
  const value = run();
  return { ms: Number(process.hrtime.bigint() - begin) / 1e6, value };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Plans and applies a 32-measure rewrite of all parts from `start`; returns the ms of each. */
function rewrite(score: Score, start: number): { plan: number; apply: number } {
  const text = rewriteText(start, 32);
  const planned = time(() => plan(score, { start, text }));
  if (!planned.value.ok) throw new Error(planned.value.problems[0]?.message);
  const applied = time(() =>
    apply(score, (planned.value as { plan: Parameters<typeof apply>[1] }).plan),
  );
  if (!applied.value.ok) throw new Error('apply refused');
  return { plan: planned.ms, apply: applied.ms };
}

function bench(): void {
  const heapBefore = heapMb();
  const loaded = time(() => createScore(new Y.Doc(), generated(2000), { origin: 'bench' }));
  const big = loaded.value;
  const heapAfter = heapMb();
  const update = Y.encodeStateAsUpdate(big.doc);

  const reads = Array.from(
    { length: 7 },
    (_, index) =>
      time(() => readMeasures(big, { start: 1000 + index * 64, end: 1063 + index * 64 })).ms,
  );

  const small = createScore(new Y.Doc(), generated(50), { origin: 'bench' });
  // Warm up on both, then alternate which goes first, rewriting the same
  // range each time on each score, so neither gains from the order.
  for (let run = 0; run < 3; run++) {
    rewrite(small, 10);
    rewrite(big, 1000);
  }
  const runs = 9;
  const bigRuns: { plan: number; apply: number }[] = [];
  const smallRuns: { plan: number; apply: number }[] = [];
  for (let run = 0; run < runs; run++) {
    if (run % 2 === 0) {
      smallRuns.push(rewrite(small, 10));
      bigRuns.push(rewrite(big, 1000));
    } else {
      bigRuns.push(rewrite(big, 1000));
      smallRuns.push(rewrite(small, 10));
    }
  }
  const bigTotal = median(bigRuns.map((r) => r.plan + r.apply));
  const smallTotal = median(smallRuns.map((r) => r.plan + r.apply));

  let oneMeasureUpdate = 0;
  const onUpdate = (bytes: Uint8Array) => {
    oneMeasureUpdate = bytes.byteLength;
  };
  big.doc.on('update', onUpdate);
  const one = plan(big, { start: 1500, parts: [1], text: 'P1 s1 v1 m1500: C5=1/2 E5=1/2\n' });
  if (!one.ok) throw new Error('one-measure rewrite refused');
  apply(big, one.plan);
  big.doc.off('update', onUpdate);

  // Refusing is linear in the problems: 2x and 4x the lanes take 2x and 4x the time.
  // Each round plans every size, so load on the machine weighs on all alike.
  const badTexts = [10_000, 20_000, 40_000].map((count) => ({ count, text: badLanes(count) }));
  const badRuns = badTexts.map(() => [] as number[]);
  for (let round = 0; round < 9; round++) {
    badTexts.forEach(({ text }, index) => {
      const ms = refusedPlanMs(small, text);
      if (round >= 2) badRuns[index]!.push(ms); // the first two rounds warm up
    });
  }
  const badMs = badTexts.map(({ count }, index) => ({ count, ms: median(badRuns[index]!) }));

  const row = (label: string, value: string) => console.log(`${label.padEnd(52)} ${value}`);
  console.log('@scorelane/score-model bench (2,000 measures x 16 parts, 4 notes a unit)');
  row('load (createScore, one transaction)', `${loaded.ms.toFixed(1)} ms`);
  row(
    'heap held by the loaded score',
    `${(heapAfter - heapBefore).toFixed(1)} MB${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for a steadier figure)'}`,
  );
  row('encoded document (Y.encodeStateAsUpdate)', `${(update.byteLength / 1024).toFixed(0)} KB`);
  row('read 64 measures x 16 parts (median of 7)', `${median(reads).toFixed(2)} ms`);
  row(
    'plan 32 measures x 16 parts (median of 9)',
    `${median(bigRuns.map((r) => r.plan)).toFixed(2)} ms`,
  );
  row(
    'apply 32 measures x 16 parts (median of 9)',
    `${median(bigRuns.map((r) => r.apply)).toFixed(2)} ms`,
  );
  row('same rewrite on a 50-measure score (plan + apply)', `${smallTotal.toFixed(2)} ms`);
  row('ratio 2,000-measure / 50-measure rewrite', `${(bigTotal / smallTotal).toFixed(2)}x`);
  row('Yjs update of a one-measure rewrite', `${oneMeasureUpdate} bytes`);
  for (const { count, ms } of badMs) {
    const ratio = ms / badMs[0]!.ms;
    row(
      `plan ${count.toLocaleString('en-US')} bad lanes, refused (median of 7)`,
      `${ms.toFixed(1)} ms, ${ratio.toFixed(2)}x the 10,000 (linear: ${(count / 10_000).toFixed(0)}x)`,
    );
  }
}

bench();
benchWholeScoreRead();
