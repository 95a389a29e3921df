/**
 * Import and export of the whole MusicXML test suite, against a bare parse
 * of the same bytes by saxes (the XML parser import is built on), in the same
 * process; and the refusal of each hostile file (up to 60 MB), against the
 * import of the whole suite.
 *
 * Run: npm run bench -w @scorelane/musicxml
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Score } from '@scorelane/score-model';
import { unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { measure } from '../../../scripts/bench/measure.ts';
import { HOSTILE_FILES } from '../src/hostile-files.test-support.ts';
import { exportMusicXml, importMusicXml } from '../src/index.ts';
import { decodeText } from '../src/read-input.ts';

const folder = new URL('../test/fixtures/musicxml-testsuite/', import.meta.url);
const names = readdirSync(folder).filter((name) => /\.(xml|musicxml|mxl)$/.test(name));
const files = names.map((name) => readFileSync(new URL(name, folder)));
/** The text of a file's bytes, as import decodes it. */
function textOf(bytes: Uint8Array): string {
  const decoded = decodeText(bytes);
  if (!decoded.ok) throw new Error(decoded.problems[0]?.message);
  return decoded.text;
}
/** The XML text inside each file (an .mxl unzipped), for the bare parse. */
const texts = files.map((bytes, index) => {
  if (!names[index]!.endsWith('.mxl')) return textOf(bytes);
  const entries = unzipSync(bytes);
  const score = Object.keys(entries).find((name) => !name.startsWith('META-INF/'))!;
  return textOf(entries[score]!);
});

function bareParse(): void {
  for (const text of texts) {
    const parser = new SaxesParser();
    parser.on('error', () => undefined);
    parser.write(text).close();
  }
}

const scores: Score[] = [];
function importAll(): void {
  scores.length = 0;
  for (const bytes of files) {
    const result = importMusicXml(bytes);
    if (result.ok) scores.push(result.score);
  }
}
importAll();
const imported = [...scores];
function exportAll(): void {
  for (const score of imported) exportMusicXml(score);
}

const totalBytes = files.reduce((sum, bytes) => sum + bytes.length, 0);
const parseMs = measure(bareParse);
const importMs = measure(importAll);
const exportMs = measure(exportAll);
const mb = totalBytes / 1e6;

console.log(
  `musicxml benchmark: ${files.length} files of the test suite (${mb.toFixed(2)} MB), ${imported.length} import, node ${process.version}\n`,
);
console.log('operation                          ms (median)     MB/s');
for (const [name, ms] of [
  ['saxes parse, no handlers', parseMs],
  ['importMusicXml (to a Y.Doc)', importMs],
  ['exportMusicXml', exportMs],
] as const) {
  console.log(
    `${name.padEnd(34)} ${ms.toFixed(1).padStart(10)} ${(mb / (ms / 1000)).toFixed(1).padStart(9)}`,
  );
}
console.log('\nratios to the bare parse of the same bytes (lower is better):');
console.log(`  import / parse: ${(importMs / parseMs).toFixed(2)}x`);
console.log(`  export / parse: ${(exportMs / parseMs).toFixed(2)}x`);

console.log('\nhostile files, refused (ms, and ratio to importing the whole suite):');
for (const [name, build] of Object.entries(HOSTILE_FILES)) {
  const bytes = new TextEncoder().encode(build());
  const refuseMs = measure(() => {
    if (importMusicXml(bytes).ok) throw new Error(`${name} was not refused`);
  }, 0);
  console.log(
    `  ${name.padEnd(9)} ${(bytes.length / 1e6).toFixed(1).padStart(5)} MB ${refuseMs.toFixed(0).padStart(7)} ms ${(refuseMs / importMs).toFixed(2).padStart(7)}x`,
  );
}
