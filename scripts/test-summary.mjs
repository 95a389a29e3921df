#!/usr/bin/env node
// Adds up the vitest JSON results each package wrote (CI=true). A test file
// that fails to load counts as a failure, and so does a package with a test
// script that wrote no results.
//
//   node scripts/test-summary.mjs
//       prints one closing line, `tests: N passed, N failed, N skipped`.
//   node scripts/test-summary.mjs --record RUNS --label LABEL
//       prints `LABEL: N passed, N failed, N skipped` for this run and adds
//       it to the file RUNS (one JSON line per run), for .ci/run, which tests
//       under more than one Node version.
//   node scripts/test-summary.mjs --total RUNS
//       prints each recorded run again, then the closing line for all of
//       them together.
//   --browser (with any form above)
//       reads the browser tests' results instead: `test-results.browser.json`
//       of each package with a `test:browser` script (`npm run test:browser`).
//   --packages-only (with any form above)
//       counts the libraries under packages/ alone (the Node 24 run of
//       .ci/run tests only them).
//   --packed (with any form above)
//       reads the packaging tests' results instead (`npm run test:packed`),
//       which the repository's root writes to scripts/test/packed/.
//
// Every form exits 1 when anything failed or no test ran at all.
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** Where each kind of run writes its results, and the script that runs it. */
const KINDS = {
  unit: { script: 'test', file: 'test-results.json' },
  browser: { script: 'test:browser', file: 'test-results.browser.json' },
  packed: { script: 'test:packed', file: 'scripts/test/packed/test-results.json', root: true },
};

/** How much of a failure's message is kept: enough to tell what broke. */
const MESSAGE_CHARACTERS = 400;

/**
 * Each failed test (or test file that failed to load) of one vitest JSON
 * result, as `file > test: message`, so that the closing lines of a CI log
 * name what failed even when the log is read only from its end.
 */
function failuresIn(results) {
  const failures = [];
  for (const suite of results.testResults) {
    const file = suite.name.split('/').slice(-3).join('/');
    const failed = suite.assertionResults.filter((test) => test.status === 'failed');
    if (suite.status === 'failed' && failed.length === 0) {
      failures.push(`${file}: ${firstLines(suite.message)}`);
    }
    for (const test of failed) {
      failures.push(`${file} > ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
    }
  }
  return failures;
}

/** The start of an error message on one line, without terminal colours. */
function firstLines(message = '') {
  const plain = message
    .replace(/\u001b\[[0-9;]*m/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > MESSAGE_CHARACTERS ? `${plain.slice(0, MESSAGE_CHARACTERS)}...` : plain;
}

/** Adds one vitest JSON result file to the totals. */
function addResults(totals, file) {
  const results = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = results.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  ).length;
  totals.passed += results.numPassedTests;
  totals.failed += results.numFailedTests + brokenFiles;
  totals.failures.push(...failuresIn(results));
  totals.skipped += results.numPendingTests + (results.numTodoTests ?? 0);
}

/** This checkout's results: counts, and the packages that wrote none. */
function collectResults(kind) {
  const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
  const missing = [];
  if (kind.root) {
    if (existsSync(kind.file)) addResults(totals, kind.file);
    else missing.push(kind.file);
    totals.failed += missing.length;
    return { totals, missing };
  }
  for (const group of groups) {
    if (!existsSync(group)) continue;
    for (const name of readdirSync(group)) {
      const manifest = join(group, name, 'package.json');
      if (
        !existsSync(manifest) ||
        !JSON.parse(readFileSync(manifest, 'utf8')).scripts?.[kind.script]
      )
        continue;
      const file = join(group, name, kind.file);
      if (!existsSync(file)) {
        missing.push(`${group}/${name}`);
        continue;
      }
      addResults(totals, file);
    }
  }
  totals.failed += missing.length;
  return { totals, missing };
}

const counts = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed, ${skipped} skipped`;

const isGreen = ({ passed, failed }) => failed === 0 && passed > 0;

function recordRun(runsFile, label, kind) {
  const { totals, missing } = collectResults(kind);
  for (const where of missing) console.log(`${label}: no test results from ${where}`);
  for (const failure of totals.failures) console.log(`${label}: FAILED ${failure}`);
  console.log(`${label}: ${counts(totals)}`);
  appendFileSync(runsFile, `${JSON.stringify({ label, ...totals })}\n`);
  return isGreen(totals);
}

function printTotal(runsFile) {
  const runs = existsSync(runsFile)
    ? readFileSync(runsFile, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line))
    : [];
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const run of runs) {
    for (const failure of run.failures ?? []) console.log(`${run.label}: FAILED ${failure}`);
    console.log(`${run.label}: ${counts(run)}`);
    total.passed += run.passed;
    total.failed += run.failed;
    total.skipped += run.skipped;
  }
  console.log(`tests: ${counts(total)}`);
  return isGreen(total) && runs.every(isGreen);
}

function printThisCheckout(kind) {
  const { totals, missing } = collectResults(kind);
  for (const where of missing) console.log(`no test results from ${where}`);
  for (const failure of totals.failures) console.log(`FAILED ${failure}`);
  console.log(`tests: ${counts(totals)}`);
  return isGreen(totals);
}

const { values } = parseArgs({
  options: {
    record: { type: 'string' },
    label: { type: 'string' },
    total: { type: 'string' },
    browser: { type: 'boolean' },
    packed: { type: 'boolean' },
    'packages-only': { type: 'boolean' },
  },
});
const kind = values.browser ? KINDS.browser : values.packed ? KINDS.packed : KINDS.unit;
const groups = values['packages-only'] ? ['packages'] : ['packages', 'examples'];
let green;
if (values.record !== undefined) green = recordRun(values.record, values.label ?? 'tests', kind);
else if (values.total !== undefined) green = printTotal(values.total);
else green = printThisCheckout(kind);
process.exit(green ? 0 : 1);
