#!/usr/bin/env node
// Adds up the vitest JSON results each package wrote (CI=true) and prints one
// closing line, `tests: N passed, N failed, N skipped`; exits 1 when any test
// failed or when no package reported a single test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const totals = { passed: 0, failed: 0, skipped: 0, packages: 0 };
for (const group of ['packages', 'examples']) {
  if (!existsSync(group)) continue;
  for (const name of readdirSync(group)) {
    const file = join(group, name, 'test-results.json');
    if (!existsSync(file)) continue;
    const results = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += results.numPassedTests;
    totals.failed += results.numFailedTests;
    totals.skipped += results.numPendingTests + (results.numTodoTests ?? 0);
    totals.packages++;
  }
}
console.log(`test packages: ${totals.packages}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
