/**
 * Run as a child process by `hostile-files.test.ts`, with a capped heap:
 * builds one hostile file, imports it, and prints what the import said as
 * one line of JSON. A file the reader does not bound kills the child (heap
 * out of memory) instead.
 */
import { HOSTILE_FILES } from './hostile-files.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

const build = HOSTILE_FILES[(process.argv[2] ?? '') as keyof typeof HOSTILE_FILES];
if (build === undefined)
  throw new TypeError(`Name a file: ${Object.keys(HOSTILE_FILES).join(', ')}.`);
const result = importMusicXml(new TextEncoder().encode(build()));
process.stdout.write(
  `${JSON.stringify(result.ok ? { ok: true } : { ok: false, code: result.problems[0]?.code, message: result.problems[0]?.message })}\n`,
);
