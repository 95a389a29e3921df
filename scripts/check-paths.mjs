#!/usr/bin/env node
// Fails when a tracked file names a path outside the repository: a relative
// path that climbs above the repository's root from where the file stands
// (four `../` steps from `packages/x/src`), the design folder `shared` beside
// the checkout reached from any depth, or an absolute path of a machine (`/work/...`, `/home/...`,
// `C:\Users\...`). The repository must stand alone in a fresh clone.
// Skipped: lock files (they name registry URLs, nothing of this machine), and
// this script, whose own examples name the paths it looks for (built from
// pieces, so that no plain search finds them here either).
// Run by `npm run lint`; `node scripts/check-paths.mjs` alone works too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

const SKIPPED = /(^|\/)(package-lock\.json|npm-shrinkwrap\.json)$|^scripts\/check-paths\.mjs$/;
const ABSOLUTE =
  /(^|[^A-Za-z0-9_.:/~-])(\/(?:work|home|Users|root|tmp|var|opt|mnt|srv|private)\/[^\s'"`)]*|[A-Za-z]:\\(?:Users|work)\\[^\s'"`)]*)/g;
const CLIMB = /(?:\.\.\/)+[^\s'"`)]*/g;
const SIBLING = /\.\.\/shared\b/;
/** One step up, for the messages and examples below. */
const UP = '..' + '/';

/** The problems of one file's text, as `line: what` strings. */
function outsidePaths(path, text) {
  const depth = dirname(path) === '.' ? 0 : dirname(path).split('/').length;
  const found = [];
  text.split('\n').forEach((line, index) => {
    const before = found.length;
    for (const match of line.matchAll(ABSOLUTE)) {
      found.push(`${index + 1}: absolute machine path ${match[2]}`);
    }
    for (const match of line.matchAll(CLIMB)) {
      const climbs = match[0].match(/\.\.\//g).length;
      if (climbs > depth) found.push(`${index + 1}: ${match[0]} climbs out of the repository`);
    }
    // The design folder beside the checkout, from any depth.
    if (found.length === before && SIBLING.test(line)) {
      found.push(`${index + 1}: ${UP}shared names a folder beside the repository`);
    }
  });
  return found;
}

function selfCheck() {
  const cases = [
    ['packages/a/src/x.ts', `new URL('${UP.repeat(4)}shared/LANES-SEQ.md', import.meta.url)`, 1],
    ['packages/a/src/x.ts', "new URL('../test/fixtures/', import.meta.url)", 0],
    ['README.md', `see ${UP}shared/DESIGN.md`, 1],
    ['packages/a/README.md', `see ${UP}shared/DESIGN.md`, 1],
    ['packages/a/README.md', 'read /work/shared/DESIGN.md', 1],
    ['docs/a.md', 'C:\\Users\\me\\score.xml', 1],
    ['docs/a.md', 'https://example.com/home/page and scripts/test/x.ts', 0],
  ];
  for (const [path, text, count] of cases) {
    if (outsidePaths(path, text).length !== count) {
      throw new Error(`check-paths is broken: ${JSON.stringify(text)} in ${path}`);
    }
  }
}

function main() {
  selfCheck();
  const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && !SKIPPED.test(path));
  let problems = 0;
  for (const path of files) {
    let bytes;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // deleted in the work tree, not yet committed
    }
    if (bytes.includes(0)) continue; // binary
    for (const problem of outsidePaths(path, bytes.toString('utf8'))) {
      console.error(`${path}:${problem}`);
      problems++;
    }
  }
  if (problems > 0) {
    console.error(
      `${problems} path(s) outside the repository: everything the code, tests and docs need lives inside it.`,
    );
    process.exit(1);
  }
  console.log(`check-paths: ${files.length} tracked files name no path outside the repository.`);
}

main();
