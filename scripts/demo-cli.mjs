#!/usr/bin/env node
// The CLI demo (`npm run demo:cli`): what the `scorelane` command an agent's
// tools are built on does with the built-in example. Runs after `npm run build`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'scorelane-demo-'));

let surprises = 0;

/** Runs one command, shows it and what it printed, and notes an exit status other than the one the step expects. */
function scorelane(title, args, expectedStatus = 0) {
  console.log(
    `\n== ${title}\n$ scorelane ${args.map((arg) => (/\s/.test(arg) ? `'${arg}'` : arg)).join(' ')}`,
  );
  const run = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  process.stdout.write(run.stdout);
  process.stdout.write(run.stderr);
  console.log(`(exit ${run.status})`);
  if (run.status !== expectedStatus) {
    console.error(`demo: expected exit ${expectedStatus} from this step, got ${run.status}`);
    surprises++;
  }
}

try {
  const edited = join(work, 'ode-edited.lanes');
  scorelane('Read bars 1-2 of the built-in example (Ode to Joy, violin and piano)', [
    'read',
    'example',
    '--measures',
    '1-2',
  ]);
  // The agent's violin rewrites, from bar 2 of the example into `edited`.
  const rewriteViolin = (title, lanes, expectedStatus) =>
    scorelane(
      title,
      ['rewrite', 'example', '--start', '2', '--parts', '1', '--lanes-seq', lanes, '-o', edited],
      expectedStatus,
    );
  rewriteViolin(
    'An agent rewrites bar 2 of the violin, but its bar is a quarter short: refused',
    'P1 s1 v1 m2: A5=1/4 G5=1/4 F#5=1/4',
    1,
  );
  rewriteViolin(
    'Another try: a tie to the wrong pitch, and bar 3 does not add up: every problem listed',
    'P1 s1 v1 m2: A5=1/4 G5=1/4~ F#5=1/4 E5=1/4\nP1 s1 v1 m3: D5=1/3 D5=1/4',
    1,
  );
  if (existsSync(edited)) {
    console.error('demo: a refused rewrite wrote a file');
    surprises++;
  }
  rewriteViolin(
    'The agent fixes it: planned in full, then written',
    'P1 s1 v1 m2: A5=3/8 G5=1/8 F#5=1/4 E5=1/12 F#5=1/12 E5=1/12',
    0,
  );
  scorelane('Bar 2 now, with the piano untouched', ['read', edited, '--measures', '2']);
  scorelane('Every measure still fills its time signature', ['validate', edited]);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = surprises === 0 ? 0 : 1;
