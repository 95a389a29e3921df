/**
 * Import and export against two baselines measured in the same process, file
 * by file, round by round: import against a bare saxes parse of the same
 * MusicXML text (saxes is the XML parser import is built on), export against
 * musicxml-io's `serialize` of its own parse of the same file. Then the
 * refusal of each hostile file (up to 60 MB), against the import of the
 * whole test suite.
 *
 * The corpora: the MusicXML test suite in this package's fixtures, and each
 * folder `SCORELANE_CORPORA` names (several separated by `:`, `;` on
 * Windows): every `.musicxml`, `.xml` and `.mxl` file in it. Real scores stay
 * outside the repository. `SCORELANE_BENCH_ROUNDS` sets the rounds (at least
 * 3, 5 when unset) after one round of warm-up. The heap is collected before
 * each timed operation (`--expose-gc`), so no operation is charged for the
 * garbage another made.
 *
 * Run: SCORELANE_CORPORA=piano-scores:string-quartets npm run bench -w @scorelane/musicxml
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as ioParse, serialize as ioSerialize } from 'musicxml-io';
import { SaxesParser } from 'saxes';
import { measure } from '../../../scripts/bench/measure.ts';
import { HOSTILE_FILES } from '../src/hostile-files.test-support.ts';
import { exportMusicXml, importMusicXml } from '../src/index.ts';
import { readInput } from '../src/read-input.ts';

/** One file: its bytes as import takes them, and its MusicXML text (an `.mxl` unpacked). */
interface BenchFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly text: string;
}

/** The time one round spent on each operation, in ms, summed over the corpus's files. */
interface RoundTimes {
  parse: number;
  import: number;
  export: number;
  ioParse: number;
  ioSerialize: number;
  /** Our export of the files musicxml-io reads, for the export ratio. */
  ourExportOfIoFiles: number;
}

const ROUNDS = Math.max(3, Number(process.env.SCORELANE_BENCH_ROUNDS ?? 5) || 5);

function scoreFiles(folder: string): BenchFile[] {
  return readdirSync(folder)
    .filter((name) => /\.(xml|musicxml|mxl)$/.test(name))
    .sort()
    .flatMap((name) => {
      const bytes = new Uint8Array(readFileSync(join(folder, name)));
      const input = readInput(bytes);
      return input.ok ? [{ name, bytes, text: input.text }] : [];
    });
}

/** `global.gc` when node runs with `--expose-gc` (as `npm run bench` does). */
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/**
 * The ms `work` takes, from a collected heap: each operation pays for the
 * garbage it makes, not for the garbage of the one before it.
 */
function time(work: () => unknown): number {
  collectGarbage();
  const start = performance.now();
  work();
  return performance.now() - start;
}

function bareParse(text: string): void {
  const parser = new SaxesParser();
  parser.on('error', () => undefined);
  parser.write(text).close();
}

/** musicxml-io's parse of a file, or `undefined` for one it does not read (score-timewise, ...). */
function ioParsed(text: string): ReturnType<typeof ioParse> | undefined {
  try {
    return ioParse(text);
  } catch {
    return undefined;
  }
}

/** One round: each file parsed, imported, exported and through musicxml-io, one after the other. */
function round(files: readonly BenchFile[], ioReads: readonly boolean[]): RoundTimes {
  const times: RoundTimes = {
    parse: 0,
    import: 0,
    export: 0,
    ioParse: 0,
    ioSerialize: 0,
    ourExportOfIoFiles: 0,
  };
  files.forEach((file, index) => {
    times.parse += time(() => bareParse(file.text));
    let imported: ReturnType<typeof importMusicXml> | undefined;
    times.import += time(() => {
      imported = importMusicXml(file.bytes);
    });
    if (!imported?.ok) return;
    const { score } = imported;
    const exportMs = time(() => exportMusicXml(score));
    times.export += exportMs;
    if (!ioReads[index]) return;
    let ioScore: ReturnType<typeof ioParse> | undefined;
    times.ioParse += time(() => {
      ioScore = ioParse(file.text);
    });
    times.ioSerialize += time(() => ioSerialize(ioScore!));
    times.ourExportOfIoFiles += exportMs;
  });
  return times;
}

function spread(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const show = (value: number) => `${value.toFixed(2)}x`;
  return `${show(sorted[0]!)} / ${show(sorted[Math.floor(sorted.length / 2)]!)} / ${show(sorted[sorted.length - 1]!)}`;
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** Benchmarks one corpus and prints its rows; returns the median import time of a round. */
function benchCorpus(label: string, files: readonly BenchFile[]): number {
  const ioReads = files.map((file) => ioParsed(file.text) !== undefined);
  round(files, ioReads);
  const rounds = Array.from({ length: ROUNDS }, () => round(files, ioReads));
  const megabytes = files.reduce((sum, file) => sum + file.text.length, 0) / 1e6;
  const imported = files.filter((file) => importMusicXml(file.bytes).ok).length;
  const ioCount = ioReads.filter(Boolean).length;
  console.log(
    `\n${label}: ${files.length} files, ${megabytes.toFixed(2)} MB of MusicXML text, ${imported} import, musicxml-io reads ${ioCount}; ${ROUNDS} rounds`,
  );
  console.log('  operation                         ms per round (median)');
  for (const [name, key] of [
    ['saxes parse, no handlers', 'parse'],
    ['importMusicXml', 'import'],
    ['exportMusicXml', 'export'],
    ['musicxml-io parse', 'ioParse'],
    ['musicxml-io serialize', 'ioSerialize'],
  ] as const) {
    console.log(
      `  ${name.padEnd(32)} ${median(rounds.map((r) => r[key]))
        .toFixed(0)
        .padStart(8)}`,
    );
  }
  console.log('  ratio (min / median / max over the rounds; lower is better)');
  console.log(`  import / saxes parse            ${spread(rounds.map((r) => r.import / r.parse))}`);
  console.log(
    `  export / musicxml-io serialize  ${spread(rounds.map((r) => r.ourExportOfIoFiles / r.ioSerialize))}`,
  );
  return median(rounds.map((r) => r.import));
}

console.log(`musicxml benchmark, node ${process.version}`);
const suite = new URL('../test/fixtures/musicxml-testsuite/', import.meta.url);
const suiteImportMs = benchCorpus('the MusicXML test suite', scoreFiles(fileURLToPath(suite)));
for (const folder of (process.env.SCORELANE_CORPORA ?? '').split(delimiter).filter(Boolean)) {
  benchCorpus(basename(folder), scoreFiles(folder));
}

console.log('\nhostile files, refused (ms, and ratio to importing the whole suite):');
for (const [name, build] of Object.entries(HOSTILE_FILES)) {
  const bytes = new TextEncoder().encode(build());
  const refuseMs = measure(() => {
    if (importMusicXml(bytes).ok) throw new Error(`${name} was not refused`);
  }, 0);
  console.log(
    `  ${name.padEnd(9)} ${(bytes.length / 1e6).toFixed(1).padStart(5)} MB ${refuseMs.toFixed(0).padStart(7)} ms ${(refuseMs / suiteImportMs).toFixed(2).padStart(7)}x`,
  );
}
