/**
 * Run as a child process by `hostile-files.test.ts`, with a capped heap:
 * builds one hostile file, imports it, and prints what the import said as
 * one line of JSON. A file the reader does not bound kills the child (heap
 * out of memory) instead.
 */
import { importMusicXml } from './import-musicxml.ts';

const HEAD =
  '<?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>x</part-name></score-part></part-list><part id="P1">';
const FIRST =
  '<measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes><note><rest/><duration>4</duration></note></measure>';
const TAIL = '</part></score-partwise>';

/** The hostile files, each under the 64 MiB the reader takes. */
const FILES: Record<string, () => string> = {
  // 20 million open <a>: 60 MB.
  deep: () => HEAD + '<a>'.repeat(20_000_000),
  // 63 MiB of <x/> in one measure: 16.5 million elements.
  wide: () => `${HEAD}<measure number="1">${'<x/>'.repeat(16_500_000)}</measure>${TAIL}`,
  // 200,000 measures of 4/4: 12 MB.
  measures: () =>
    HEAD +
    FIRST +
    '<measure><note><rest/><duration>4</duration></note></measure>'.repeat(200_000) +
    TAIL,
};

const build = FILES[process.argv[2] ?? ''];
if (build === undefined) throw new TypeError(`Name a file: ${Object.keys(FILES).join(', ')}.`);
const result = importMusicXml(new TextEncoder().encode(build()));
process.stdout.write(
  `${JSON.stringify(result.ok ? { ok: true } : { ok: false, code: result.problems[0]?.code, message: result.problems[0]?.message })}\n`,
);
