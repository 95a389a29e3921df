/**
 * Reading and writing scores by their file's extension: `.lanes` score files
 * and plain lanes-seq, MusicXML (`.musicxml`, `.xml`, `.mxl`), and MIDI
 * (`.mid`, written only).
 */

import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  formatIssue,
  type LanesDocument,
  parse,
  parseScoreFile,
  serializeScoreFile,
} from '@scorelane/lanes-seq';
import {
  type ExportLimit,
  exportMusicXmlWithinLimit,
  exportMxlWithinLimit,
  importMusicXml,
  type MusicXmlProblem,
} from '@scorelane/musicxml';
import {
  exportMidi,
  SCORE_TEXT_FIELDS,
  type Score,
  scoreFromLanes,
  scoreInfo,
  scoreToLanes,
} from '@scorelane/score-model';
import type { ImportWarning } from '@scorelane/score-tools';
import * as Y from 'yjs';
import { UsageError } from './arguments.ts';
import { replaceFileAtomically } from './atomic-file.ts';

/** A file that cannot be read or written, with a message that says why in plain words. */
export class FileError extends Error {
  override readonly name = 'FileError';
}

const FILE_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'does not exist',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'is inside something that is not a folder',
  EACCES: 'cannot be opened: permission denied',
  EPERM: 'cannot be opened: permission denied',
};

/** Runs a file-system call; turns its errors into a FileError naming the path. */
async function onFile<T>(path: string, action: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (typeof code !== 'string') throw error;
    throw new FileError(`Cannot ${action} ${path}: it ${FILE_ERRORS[code] ?? `failed (${code})`}.`);
  }
}

/**
 * Whether `path` names something on disk; `false` only when nothing is
 * there (any other failure says so when the file is opened).
 *
 * @example
 * ```ts
 * if (!(await fileExists('new.musicxml'))) io.err('create it first');
 * ```
 */
export async function fileExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT';
  }
}

/**
 * Reads a text file, or throws a FileError that says plainly why not.
 *
 * @example
 * ```ts
 * const text = await readTextFile('bars.txt');
 * ```
 */
export function readTextFile(path: string): Promise<string> {
  return onFile(path, 'read', () => readFile(path, 'utf8'));
}

/** What a file holds once read; problems and warnings are lines ready to print. */
export type LoadedFile =
  | {
      readonly kind: 'score';
      readonly score: Score;
      readonly warnings: readonly string[];
      /** The same warnings with the measure and part each is about, for `get_score_info`. */
      readonly placedWarnings: readonly ImportWarning[];
    }
  | { readonly kind: 'lanes'; readonly document: LanesDocument; readonly text: string }
  | { readonly kind: 'invalid'; readonly problems: readonly string[] };

type Format = 'lanes' | 'musicxml' | 'mxl' | 'midi';

const FORMATS: Readonly<Record<string, Format>> = {
  '.lanes': 'lanes',
  '.musicxml': 'musicxml',
  '.xml': 'musicxml',
  '.mxl': 'mxl',
  '.mid': 'midi',
  '.midi': 'midi',
};

/** The format a path names by its extension. @throws UsageError for any other extension. */
function formatOf(path: string): Format {
  const format = FORMATS[extname(path).toLowerCase()];
  if (format === undefined) {
    throw new UsageError(
      `${path}: scorelane reads .lanes, .musicxml, .xml and .mxl files, and writes those and .mid.`,
    );
  }
  return format;
}

/** Refuses, before any work is done, a path whose extension names no format scorelane writes. */
export function checkWritable(path: string): void {
  formatOf(path);
}

function describeMusicXmlProblem(problem: MusicXmlProblem): string {
  const where = [
    problem.part !== undefined ? `part ${problem.part}` : '',
    problem.measure !== undefined ? `measure ${problem.measure}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  // Most messages name their place already ("Part 1, measure 2: ...").
  const placed = /^Part \d+/.test(problem.message);
  return `${where && !placed ? `${where}: ` : ''}${problem.message}`;
}

/**
 * Reads a score or a lanes-seq file by its extension: a `.lanes` file with
 * `%%` directives is a score, one without is plain lanes-seq; MusicXML files
 * are imported whole, with whatever the model does not read kept aside.
 *
 * @throws UsageError for an extension scorelane does not read; a FileError, one plain line, when it cannot be read.
 */
export async function loadFile(path: string, origin = 'scorelane-cli'): Promise<LoadedFile> {
  const format = formatOf(path);
  if (format === 'midi') {
    throw new UsageError(`${path}: scorelane writes MIDI files but does not read them.`);
  }
  if (format === 'musicxml' || format === 'mxl') {
    const bytes = await onFile(path, 'read', () => readFile(path));
    const imported = importMusicXml(new Uint8Array(bytes), {
      doc: new Y.Doc(),
      origin,
    });
    return imported.ok
      ? {
          kind: 'score',
          score: imported.score,
          warnings: imported.warnings.map(describeMusicXmlProblem),
          placedWarnings: imported.warnings.map((warning) => ({
            message: describeMusicXmlProblem(warning),
            ...(warning.measure === undefined ? {} : { measure: warning.measure }),
            ...(warning.part === undefined ? {} : { part: warning.part }),
          })),
        }
      : { kind: 'invalid', problems: imported.problems.map(describeMusicXmlProblem) };
  }
  const text = await readTextFile(path);
  if (/^\uFEFF?[ \t]*%%/m.test(text)) {
    const file = parseScoreFile(text);
    if (!file.ok) return { kind: 'invalid', problems: file.issues.map(formatIssue) };
    const score = scoreFromLanes(file.score.header, file.score.document, {
      doc: new Y.Doc(),
      origin,
    });
    return { kind: 'score', score, warnings: [], placedWarnings: [] };
  }
  const parsed = parse(text);
  return parsed.ok
    ? { kind: 'lanes', document: parsed.document, text }
    : { kind: 'invalid', problems: parsed.issues.map(formatIssue) };
}

/**
 * What {@link saveScore} did: wrote the file, with warnings about what the
 * format could not hold (MIDI's pitch range), or refused to write it.
 *
 * @example
 * ```ts
 * const saved: SaveResult = await saveScore('ode.musicxml', score);
 * if (!saved.ok) console.error(saved.message);
 * ```
 */
export type SaveResult =
  | { readonly ok: true; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly message: string };

/**
 * Writes a score in the format its path names, whole or not at all: to a
 * temporary file beside it, flushed to the disk, then renamed over it.
 * MusicXML (and an `.mxl`'s score) past the size scorelane reads
 * (`MAX_SCORE_BYTES`, or `limit.maxBytes`) is refused and nothing is
 * written, since the file could not be opened again.
 *
 * @returns the save's result, with warnings about what the format could not
 *   hold (MIDI's pitch range, a `.lanes` header's texts besides the title).
 * @throws UsageError for a format scorelane cannot write.
 * @example
 * ```ts
 * const saved = await saveScore('ode.mxl', score);
 * ```
 */
export async function saveScore(
  path: string,
  score: Score,
  limit: ExportLimit = {},
): Promise<SaveResult> {
  checkWritable(path);
  const warnings: string[] = [];
  let content: string | Uint8Array;
  switch (formatOf(path)) {
    case 'musicxml':
    case 'mxl': {
      const exported =
        formatOf(path) === 'mxl'
          ? exportMxlWithinLimit(score, limit)
          : exportMusicXmlWithinLimit(score, limit);
      if (!exported.ok)
        return {
          ok: false,
          message: `${path}: ${exported.problems.map((problem) => problem.message).join(' ')}`,
        };
      content = exported.content;
      break;
    }
    case 'midi': {
      const midi = exportMidi(score);
      content = midi.bytes;
      for (const note of midi.unplayable) {
        warnings.push(
          `P${note.part} s${note.staff} v${note.voice} m${note.measure}: ${note.pitch} is outside MIDI's range and was left out.`,
        );
      }
      break;
    }
    default: {
      content = serializeScoreFile(scoreToLanes(score));
      const info = scoreInfo(score);
      const lost = SCORE_TEXT_FIELDS.filter(
        (field) => field !== 'title' && info[field] !== undefined,
      );
      if (lost.length > 0) {
        warnings.push(
          `a .lanes header holds only the title, so the ${lost.join(', ')} ${lost.length === 1 ? 'was' : 'were'} not saved; save as .musicxml to keep ${lost.length === 1 ? 'it' : 'them'}.`,
        );
      }
    }
  }
  await onFile(path, 'write', () => replaceFileAtomically(path, content));
  return { ok: true, warnings };
}

/**
 * What a file or a format could not hold, for the error stream: every
 * warning on a line of its own when `verbose` (or when there is only one),
 * otherwise one line with the count and the first.
 *
 * @example
 * ```ts
 * warningLines('a.musicxml', ['first', 'second'], false);
 * // 'a.musicxml: 2 warnings; the first: first (--verbose lists them all)\n'
 * ```
 */
export function warningLines(path: string, warnings: readonly string[], verbose: boolean): string {
  if (verbose || warnings.length <= 1)
    return warnings.map((warning) => `${path}: warning: ${warning}\n`).join('');
  return `${path}: ${warnings.length} warnings; the first: ${warnings[0]} (--verbose lists them all)\n`;
}
