/**
 * `npm run bench -w @scorelane/score-tools`, every row measured in the same
 * run, interleaved round by round, printed as min/median/max of the ratio
 * over the rounds:
 *
 * - `get_score_info` on a generated 8,000-measure, 16-part score against the
 *   same call on a 100-measure, 16-part one: called again with nothing
 *   changed, and called after a one-measure rewrite (so its cache is brought
 *   up to date from the change).
 * - `read_measures` (8 measures) and `rewrite_measures` (4 measures of one
 *   part) through the catalog (argument checks, musical warnings, undo step,
 *   selection, audit) against the bare `readMeasures`, and `plan` and
 *   `apply`, of the same range on the same score, at 100 and 8,000 measures.
 * - The same rewrite recorded in the shared activity log against it without.
 */
import { apply, plan, readMeasures, type Score } from '@scorelane/score-model';
import { createUndoController } from '@scorelane/undo';
import { generatedScore } from '../src/generated-score.test-support.ts';
import { createScoreTools, openActivityLog, type ScoreTools } from '../src/index.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const START = 41;

/** Four measures of part 3, in one of two versions so every write changes something. */
function lanes(version: number): string {
  const pitch = version % 2 === 0 ? 'E4' : 'G4';
  return Array.from(
    { length: 4 },
    (_, index) => `P3 s1 v1 m${START + index}: ${pitch}=1/4 D4=1/4 C4=1/2\n`,
  ).join('');
}

interface Subject {
  readonly measures: number;
  readonly score: Score;
  readonly tools: ScoreTools;
  readonly logged: ScoreTools;
}

function subject(measures: number): Subject {
  const score = generatedScore(measures, 16);
  const undo = createUndoController(score.doc, { maxSteps: 100 });
  const tools = createScoreTools({ score, undo, onAudit: () => undefined });
  const logged = createScoreTools({
    score,
    undo,
    activity: { log: openActivityLog(score.doc), by: { kind: 'agent', via: 'mcp' } },
  });
  return { measures, score, tools, logged };
}

let version = 0;

function bareRewrite({ score }: Subject): void {
  const planned = plan(score, { start: START, parts: [3], text: lanes(version++) });
  if (!planned.ok) throw new Error('bench rewrite refused');
  const applied = apply(score, planned.plan);
  if (!applied.ok) throw new Error('bench apply refused');
}

async function expectOk(call: Promise<{ ok: boolean; result: { content: { text?: string }[] } }>) {
  const done = await call;
  if (!done.ok) throw new Error(done.result.content[0]?.text);
}

const rewriteArgs = () => ({ start_measure: START, parts: [3], lanes_seq: lanes(version++) });

const work = {
  infoAgain: (s: Subject) => expectOk(s.tools.invoke('get_score_info', {})),
  infoAfterChange: async (s: Subject) => {
    bareRewrite(s);
    await expectOk(s.tools.invoke('get_score_info', {}));
  },
  bareRead: async (s: Subject) => {
    const read = readMeasures(s.score, { start: START, end: START + 7 });
    if (!read.ok) throw new Error('bench read refused');
  },
  toolRead: (s: Subject) =>
    expectOk(s.tools.invoke('read_measures', { start_measure: START, end_measure: START + 7 })),
  bareRewrite: async (s: Subject) => bareRewrite(s),
  toolRewrite: (s: Subject) => expectOk(s.tools.invoke('rewrite_measures', rewriteArgs())),
  loggedRewrite: (s: Subject) => expectOk(s.logged.invoke('rewrite_measures', rewriteArgs())),
};
type Work = keyof typeof work;

/** Milliseconds per call of `name` on `s`: at least 3 calls and 150 ms. */
async function time(name: Work, s: Subject): Promise<number> {
  const started = performance.now();
  let calls = 0;
  while (calls < 3 || performance.now() - started < 150) {
    await work[name](s);
    calls += 1;
  }
  return (performance.now() - started) / calls;
}

const small = subject(100);
const large = subject(8000);
// get_score_info after a change also pays for the bare rewrite that makes the change.
const rows: { label: string; a: [Work, Subject]; b: [Work, Subject]; goal: string }[] = [
  {
    label: 'get_score_info again, 8000 / 100 measures',
    a: ['infoAgain', large],
    b: ['infoAgain', small],
    goal: 'at most 5',
  },
  {
    label: 'rewrite + get_score_info, 8000 / 100 measures',
    a: ['infoAfterChange', large],
    b: ['infoAfterChange', small],
    goal: 'at most 5',
  },
  {
    label: 'read_measures tools / bare, 100 measures',
    a: ['toolRead', small],
    b: ['bareRead', small],
    goal: 'at most 1.3',
  },
  {
    label: 'read_measures tools / bare, 8000 measures',
    a: ['toolRead', large],
    b: ['bareRead', large],
    goal: 'at most 1.3',
  },
  {
    label: 'rewrite_measures tools / bare, 100 measures',
    a: ['toolRewrite', small],
    b: ['bareRewrite', small],
    goal: 'at most 1.3',
  },
  {
    label: 'rewrite_measures tools / bare, 8000 measures',
    a: ['toolRewrite', large],
    b: ['bareRewrite', large],
    goal: 'at most 1.3',
  },
  {
    label: 'rewrite_measures logged / not, 100 measures',
    a: ['loggedRewrite', small],
    b: ['toolRewrite', small],
    goal: 'about 1',
  },
];

// Warm up every path.
for (const row of rows) {
  await time(row.a[0], row.a[1]);
  await time(row.b[0], row.b[1]);
}
const ratios = rows.map(() => [] as number[]);
const absolute = rows.map(() => [] as [number, number][]);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, row] of rows.entries()) {
    const a = await time(row.a[0], row.a[1]);
    const b = await time(row.b[0], row.b[1]);
    ratios[index]!.push(a / b);
    absolute[index]!.push([a, b]);
  }
}

const fixed = (value: number) => value.toFixed(2);
console.log(`16 parts; ${ROUNDS} rounds, each row at least 3 calls and 150 ms, interleaved`);
for (const [index, row] of rows.entries()) {
  const sorted = [...ratios[index]!].sort((x, y) => x - y);
  const middle = [...absolute[index]!].sort((x, y) => x[0] / x[1] - y[0] / y[1])[
    Math.floor(ROUNDS / 2)
  ]!;
  console.log(
    `${row.label.padEnd(48)} min ${fixed(sorted[0]!)}  median ${fixed(sorted[Math.floor(ROUNDS / 2)]!)}  max ${fixed(sorted.at(-1)!)}  (${middle[0].toFixed(3)} / ${middle[1].toFixed(3)} ms; goal ${row.goal})`,
  );
}
