/**
 * `npm run bench -w @scorelane/score-tools`: a rewrite call through the
 * catalog (argument checks, plan, musical warnings, one undo step, selection,
 * audit) against the bare `plan` and `apply` of the same rewrite, on the same
 * score in the same run; and the same call recorded in the shared activity
 * log (`activity`) against it without. Prints milliseconds per call and
 * their ratios.
 */
import { apply, plan, type Score } from '@scorelane/score-model';
import { createUndoController } from '@scorelane/undo';
import { generatedScore } from '../src/generated-score.test-support.ts';
import { createScoreTools, openActivityLog } from '../src/index.ts';

const MEASURES = 200;
const ROUNDS = 7;
const CALLS = 40;
const START = 101;

/** Four measures of part 3, in one of two versions so every write changes something. */
function lanes(version: number): string {
  const pitch = version % 2 === 0 ? 'E4' : 'G4';
  return Array.from(
    { length: 4 },
    (_, index) => `P3 s1 v1 m${START + index}: ${pitch}=1/4 D4=1/4 C4=1/2\n`,
  ).join('');
}

function bare(score: Score, version: number): void {
  const planned = plan(score, { start: START, parts: [3], text: lanes(version) });
  if (!planned.ok) throw new Error('bench rewrite refused');
  const applied = apply(score, planned.plan);
  if (!applied.ok) throw new Error('bench apply refused');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const score = generatedScore(MEASURES, 16);
const undo = createUndoController(score.doc, { maxSteps: 100 });
let audited = 0;
const tools = createScoreTools({ score, undo, onAudit: () => (audited += 1) });
const log = openActivityLog(score.doc);
const logged = createScoreTools({
  score,
  undo,
  activity: { log, by: { kind: 'agent', via: 'mcp' } },
});

let version = 0;
async function throughCatalog(through = tools): Promise<void> {
  const call = await through.invoke('rewrite_measures', {
    start_measure: START,
    parts: [3],
    lanes_seq: lanes(version++),
  });
  if (!call.ok) throw new Error(call.result.content[0]?.text);
}

// Warm up both paths, then alternate rounds so both see the same machine load.
for (let index = 0; index < 10; index++) {
  bare(score, version++);
  await throughCatalog();
  await throughCatalog(logged);
}
const bareTimes: number[] = [];
const catalogTimes: number[] = [];
const loggedTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  let started = performance.now();
  for (let index = 0; index < CALLS; index++) bare(score, version++);
  bareTimes.push((performance.now() - started) / CALLS);
  started = performance.now();
  for (let index = 0; index < CALLS; index++) await throughCatalog();
  catalogTimes.push((performance.now() - started) / CALLS);
  started = performance.now();
  for (let index = 0; index < CALLS; index++) await throughCatalog(logged);
  loggedTimes.push((performance.now() - started) / CALLS);
}

const bareMs = median(bareTimes);
const catalogMs = median(catalogTimes);
console.log(`score: ${MEASURES} measures x 16 parts; rewrite of 4 measures of one part`);
console.log(`bare plan + apply:        ${bareMs.toFixed(3)} ms per rewrite`);
console.log(
  `rewrite_measures (tools): ${catalogMs.toFixed(3)} ms per call (${audited} audited calls)`,
);
console.log(`ratio catalog / bare:     ${(catalogMs / bareMs).toFixed(2)}`);
const loggedMs = median(loggedTimes);
console.log(
  `with the activity log:    ${loggedMs.toFixed(3)} ms per call (${log.entries().length} entries kept of ${log.cap})`,
);
console.log(`ratio logged / catalog:   ${(loggedMs / catalogMs).toFixed(2)}`);
