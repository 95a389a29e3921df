/**
 * The real-score check: imports and exports every MusicXML file of a folder
 * and asks an independent reader, MuseScore 3's engine (`webmscore`), whether
 * the export plays the same notes as the original: MIDI pitch, onset and
 * duration of every note of its MIDI (tied notes as one, grace notes too);
 * of a file MuseScore cannot open itself, whether it opens the export
 * (counted with the ones that sound the same). Prints how many sound the same, the first difference of
 * each that does not, the import warnings, whether importing the export and
 * exporting it again writes the same text (and where it first moves when
 * not), and the import time beside a bare XML parse (saxes, no handlers) of
 * the same bytes. With `--round-trip`, MuseScore is left out: only import,
 * export and the second round trip are checked, in seconds a file instead
 * of a minute, for a corpus of hundreds (it then fails when a file is
 * refused or moves on its second round trip).
 *
 * Run: npm run check:scores -- DIR [--round-trip]     (from the repository root or this package)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { exportMusicXml, importMusicXml, type MusicXmlProblem } from '../src/index.ts';
import { inMeasures, measureStarts } from '../src/measure-timeline.test-support.ts';
import { museScoreNotes } from '../src/musescore.test-support.ts';
import { decodeText } from '../src/read-input.ts';
import { readScore } from '../src/score-snapshot.ts';
import { firstDifference } from '../src/sounding-notes.test-support.ts';

/** The XML text of a file, as import reads it (an `.mxl` unzipped). */
function xmlText(name: string, bytes: Uint8Array): string {
  let xml = bytes;
  if (name.endsWith('.mxl')) {
    const entries = unzipSync(bytes);
    const score = Object.keys(entries).find((entry) => !entry.startsWith('META-INF/'));
    if (!score) throw new Error(`${name}: no score in the archive`);
    xml = entries[score]!;
  }
  const decoded = decodeText(xml);
  if (!decoded.ok) throw new Error(`${name}: ${decoded.problems[0]?.message}`);
  return decoded.text;
}

function bareParseMs(text: string): number {
  const start = performance.now();
  const parser = new SaxesParser();
  parser.on('error', () => undefined);
  parser.write(text).close();
  return performance.now() - start;
}

/**
 * Where a second round trip moves the export: the first line at which
 * `export(import(exported))` differs from `exported`, or `undefined` when
 * it writes the same text again.
 */
function secondTripMoves(exported: string): string | undefined {
  const again = importMusicXml(exported);
  if (!again.ok) return `its export is refused: ${again.problems[0]?.message}`;
  const second = exportMusicXml(again.score);
  if (second === exported) return undefined;
  const before = exported.split('\n');
  const after = second.split('\n');
  let line = 0;
  while (before[line] === after[line]) line++;
  return `line ${line + 1} moves: ${before[line]?.trim()} -> ${after[line]?.trim()}`;
}

function summarize(warnings: readonly MusicXmlProblem[]): string {
  const counts = new Map<string, number>();
  for (const warning of warnings) counts.set(warning.code, (counts.get(warning.code) ?? 0) + 1);
  return [...counts].map(([code, count]) => `${code} x${count}`).join(', ');
}

/** Checks one file; returns whether it sounds the same, and the times. */
async function checkFile(
  folder: string,
  name: string,
  withMuseScore: boolean,
): Promise<{
  same: boolean;
  steady: boolean;
  importMs: number;
  parseMs: number;
  bytes: number;
}> {
  const bytes = readFileSync(join(folder, name));
  const text = xmlText(name, bytes);
  const parseMs = bareParseMs(text);
  const start = performance.now();
  const result = importMusicXml(bytes);
  const importMs = performance.now() - start;
  const times = { importMs, parseMs, bytes: bytes.length };
  if (!result.ok) {
    console.log(`REFUSED  ${name}: ${result.problems[0]?.code}: ${result.problems[0]?.message}`);
    return { same: false, steady: false, ...times };
  }
  const exported = exportMusicXml(result.score);
  const moves = secondTripMoves(exported);
  if (!withMuseScore) {
    if (moves) console.log(`MOVES    ${name}: a second import and export: ${moves}`);
    return { same: true, steady: moves === undefined, ...times };
  }
  const original = await museScoreNotes(text);
  const ours = await museScoreNotes(exported);
  // Both readings are named by the measures of the original, as imported.
  const starts = measureStarts(readScore(result.score).measures);
  // A file MuseScore cannot open itself leaves nothing to compare with: its export must open.
  const difference = !ours.loaded
    ? `MuseScore cannot open the export: ${ours.errors.join(' ')}`
    : original.loaded
      ? firstDifference(inMeasures(original.notes, starts), inMeasures(ours.notes, starts))
      : undefined;
  if (!original.loaded && ours.loaded)
    console.log(
      `opens    ${name}: MuseScore cannot open the original (${original.errors.join(' ')}); it opens the export (${ours.notes.length} notes)`,
    );
  const warned = result.warnings.length > 0 ? `  [warnings: ${summarize(result.warnings)}]` : '';
  const divisions = /<divisions>(\d+)<\/divisions>/.exec(exported)?.[1];
  if (original.loaded || difference)
    console.log(
      `${difference ? 'DIFFERS' : 'same   '}  ${name} (${original.notes.length} notes, export divisions ${divisions})${warned}`,
    );
  if (difference) console.log(`         first difference: ${difference}`);
  if (moves) console.log(`         a second import and export: ${moves}`);
  for (const warning of result.warnings.slice(0, 3)) console.log(`         ${warning.message}`);
  return { same: difference === undefined, steady: moves === undefined, ...times };
}

const USAGE =
  'Usage: npm run check:scores -- DIR [--round-trip]   (a folder of .musicxml, .xml or .mxl files; --round-trip leaves MuseScore out)';

async function main(): Promise<void> {
  const options = process.argv.slice(2).filter((given) => given.startsWith('--'));
  const folders = process.argv.slice(2).filter((given) => !given.startsWith('--'));
  const unknown = options.filter((option) => option !== '--round-trip');
  const argument = folders[0];
  if (!argument || folders.length > 1 || unknown.length > 0) {
    if (unknown.length > 0) console.error(`Unknown option ${unknown.join(', ')}.`);
    console.error(USAGE);
    process.exit(2);
  }
  const withMuseScore = !options.includes('--round-trip');
  const folder = resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  const names = readdirSync(folder)
    .filter((name) => /\.(xml|musicxml|mxl)$/i.test(name))
    .sort();
  if (names.length === 0) {
    console.error(`No .musicxml, .xml or .mxl files in ${folder}.`);
    process.exit(2);
  }
  let same = 0;
  let steady = 0;
  let importMs = 0;
  let parseMs = 0;
  let bytes = 0;
  for (const name of names) {
    const checked = await checkFile(folder, name, withMuseScore);
    if (checked.same) same++;
    if (checked.steady) steady++;
    importMs += checked.importMs;
    parseMs += checked.parseMs;
    bytes += checked.bytes;
  }
  if (withMuseScore)
    console.log(
      `\n${same} of ${names.length} sound the same through MuseScore's engine (webmscore) after import and export.`,
    );
  console.log(
    `${withMuseScore ? '' : '\n'}${steady} of ${names.length} export the same text again after importing their export (the others: "a second import and export" above).`,
  );
  console.log(
    `Import of the ${names.length} files (${(bytes / 1e6).toFixed(1)} MB): ${importMs.toFixed(0)} ms; bare saxes parse of the same bytes: ${parseMs.toFixed(0)} ms (import / parse: ${(importMs / parseMs).toFixed(1)}x).`,
  );
  if (withMuseScore ? same < names.length : steady < names.length) process.exitCode = 1;
}

await main();
