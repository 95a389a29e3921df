#!/usr/bin/env node
// Adds up the vitest JSON results each package wrote (CI=true) and prints one
// closing line, `tests: N passed, N failed, N skipped`. A test file that fails
// to load counts as a failure, and so does a package with a test script that
// wrote no results. Browser tests (`npm run test:browser`) write
// `test-results.browser.json`, added in when present. Exits 1 when anything
// failed or no test ran at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];
for (const group of ['packages', 'examples']) {
  if (!existsSync(group)) continue;
  for (const name of readdirSync(group)) {
    const manifest = join(group, name, 'package.json');
    if (!existsSync(manifest) || !JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test)
      continue;
    const file = join(group, name, 'test-results.json');
    if (!existsSync(file)) {
      missing.push(`${group}/${name}`);
      continue;
    }
    addResults(file);
    const browserFile = join(group, name, 'test-results.browser.json');
    if (existsSync(browserFile)) addResults(browserFile);
  }
}
function addResults(file) {
  const results = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = results.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  ).length;
  totals.passed += results.numPassedTests;
  totals.failed += results.numFailedTests + brokenFiles;
  totals.skipped += results.numPendingTests + (results.numTodoTests ?? 0);
}

for (const where of missing) console.log(`no test results from ${where}`);
totals.failed += missing.length;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
