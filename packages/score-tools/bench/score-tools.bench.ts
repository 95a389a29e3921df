/**
 * `npm run bench -w @scorelane/score-tools`, every row measured in the same
 * run, printed as min/median/max of the ratio over the rounds. Within a
 * round the two sides of a row alternate call by call, each pair of calls in
 * an order drawn at random (seeded, so a run repeats its orders): a garbage
 * collection that comes every few calls cannot lock onto one side, as it
 * could with a fixed a, b, b, a. Each call is timed in CPU time of this
 * process (user + system), so load from other processes on a shared machine
 * neither lands on one side nor counts at all:
 *
 * - `get_score_info` on a generated 8,000-measure, 16-part score against the
 *   same call on a 100-measure, 16-part one: called again with nothing
 *   changed, and called after a one-measure rewrite (so its cache is brought
 *   up to date from the change).
 * - `read_measures` (8 measures) and `rewrite_measures` (4 measures of one
 *   part) through the catalog (argument and output checks, musical warnings,
 *   undo step, selection, ledger, revisions, audit) against the bare
 *   `readMeasures`, and `plan` and `apply`, of the same range on the same
 *   score, at 100 and 8,000 measures. The bare rewrite records no undo step;
 *   so the rewrite is also measured against the bare `plan` and `apply` run
 *   as one step of the same undo controller (`runAsStep`).
 * - The same rewrite recorded in the shared activity log against it without.
 */
import { apply, plan, readMeasures, type Score } from '@scorelane/score-model';
import { createUndoController, type UndoController } from '@scorelane/undo';
import { seededRandom } from '../../../scripts/bench/seeded-random.ts';
import { generatedScore } from '../src/generated-score.test-support.ts';
import { createScoreTools, openActivityLog, type ScoreTools } from '../src/index.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** CPU milliseconds of both sides together per row and round: enough calls that collections even out. */
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 1000);
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
  readonly undo: UndoController<unknown>;
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
  return { measures, score, undo, tools, logged };
}

let version = 0;

function bareRewrite({ score }: Subject): void {
  const planned = plan(score, { start: START, parts: [3], text: lanes(version++) });
  if (!planned.ok) throw new Error('bench rewrite refused');
  const applied = apply(score, planned.plan);
  if (!applied.ok) throw new Error('bench apply refused');
}

/** The bare rewrite as one step of the subject's undo controller, as the tools apply it. */
function undoneRewrite({ score, undo }: Subject): void {
  const planned = plan(score, { start: START, parts: [3], text: lanes(version++) });
  if (!planned.ok) throw new Error('bench rewrite refused');
  const applied = undo.runAsStep({ actor: 'agent', label: 'bench rewrite' }, () =>
    apply(score, planned.plan),
  );
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
  undoneRewrite: async (s: Subject) => undoneRewrite(s),
  toolRewrite: (s: Subject) => expectOk(s.tools.invoke('rewrite_measures', rewriteArgs())),
  loggedRewrite: (s: Subject) => expectOk(s.logged.invoke('rewrite_measures', rewriteArgs())),
};
type Work = keyof typeof work;

/** Milliseconds of CPU time this process has used so far. */
function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

const coin = seededRandom(26);

/**
 * CPU milliseconds per call of each side, the two alternating call by call,
 * each pair of calls in a random order (so neither always runs first, and no
 * collection every so many calls keeps landing on the same side): at least
 * 3 calls each and `budget` ms of both together.
 */
async function pair(
  a: [Work, Subject],
  b: [Work, Subject],
  budget = ROUND_MS,
): Promise<[number, number]> {
  const spent = [0, 0];
  let calls = 0;
  while (calls < 3 || spent[0]! + spent[1]! < budget) {
    for (const side of coin() < 0.5 ? [0, 1] : [1, 0]) {
      const [name, s] = side === 0 ? a : b;
      const started = cpuMs();
      await work[name](s);
      spent[side]! += cpuMs() - started;
    }
    calls += 1;
  }
  return [spent[0]! / calls, spent[1]! / calls];
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
    label: 'rewrite_measures tools / bare in an undo step, 100',
    a: ['toolRewrite', small],
    b: ['undoneRewrite', small],
    goal: 'at most 1.3',
  },
  {
    label: 'rewrite_measures tools / bare in an undo step, 8000',
    a: ['toolRewrite', large],
    b: ['undoneRewrite', large],
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
for (const row of rows) await pair(row.a, row.b, 300);
const ratios = rows.map(() => [] as number[]);
const absolute = rows.map(() => [] as [number, number][]);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, row] of rows.entries()) {
    const [a, b] = await pair(row.a, row.b);
    ratios[index]!.push(a / b);
    absolute[index]!.push([a, b]);
  }
}

const fixed = (value: number) => value.toFixed(2);
console.log(
  `16 parts; ${ROUNDS} rounds; CPU time per call, the two sides of a row alternating call by call in a random order (at least 3 calls each, ${ROUND_MS} ms together)`,
);
for (const [index, row] of rows.entries()) {
  const sorted = [...ratios[index]!].sort((x, y) => x - y);
  const middle = [...absolute[index]!].sort((x, y) => x[0] / x[1] - y[0] / y[1])[
    Math.floor(ROUNDS / 2)
  ]!;
  console.log(
    `${row.label.padEnd(48)} min ${fixed(sorted[0]!)}  median ${fixed(sorted[Math.floor(ROUNDS / 2)]!)}  max ${fixed(sorted.at(-1)!)}  (${middle[0].toFixed(3)} / ${middle[1].toFixed(3)} ms CPU; goal ${row.goal})`,
  );
}
