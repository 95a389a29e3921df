/**
 * A file from disk as a score: MusicXML (`.musicxml`, `.xml`) or compressed
 * MusicXML (`.mxl`), read by `@scorelane/musicxml`'s `importMusicXml` from
 * its bytes (the zip is recognised by its bytes, unpacked with fflate, no
 * Node API). A refusal says what is wrong, in words for the status line.
 */
import { importMusicXml } from '@scorelane/musicxml';
import type { Score } from '@scorelane/score-model';
import * as Y from 'yjs';
import type { ImportedHead } from './score-file-head.ts';

/** The file name endings the editor opens. */
export const OPENABLE_EXTENSIONS = ['.musicxml', '.xml', '.mxl'] as const;

/** An imported file: the score, and what the importer warns about (already in words). */
export type ScoreFileImport =
  | { readonly ok: true; readonly score: Score; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** How many of a refusal's problems the message lists. */
const LISTED_PROBLEMS = 3;

function isOpenable(name: string): boolean {
  const lower = name.toLowerCase();
  return OPENABLE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * Imports file `name` from its `bytes` into `doc` (empty), or says why not;
 * a refused file writes nothing.
 *
 * @example
 * ```ts
 * const opened = importScoreFile('song.mxl', new Uint8Array(await file.arrayBuffer()), new Y.Doc());
 * if (!opened.ok) showStatus(page, opened.message, true);
 * ```
 */
export function importScoreFile(name: string, bytes: Uint8Array, doc: Y.Doc): ScoreFileImport {
  if (!isOpenable(name)) {
    return {
      ok: false,
      message: `${name} is not a MusicXML file: open a ${OPENABLE_EXTENSIONS.join(', ')} file.`,
    };
  }
  const imported = importMusicXml(bytes, { doc });
  if (!imported.ok) {
    const listed = imported.problems.slice(0, LISTED_PROBLEMS).map((problem) => problem.message);
    const more = imported.problems.length - listed.length;
    const rest = more > 0 ? ` (and ${more} more)` : '';
    return {
      ok: false,
      message: `${name} cannot be opened: ${listed.join(' ')}${rest} The current score is unchanged.`,
    };
  }
  return {
    ok: true,
    score: imported.score,
    warnings: imported.warnings.map((warning) => warning.message),
  };
}

/** A file imported elsewhere (in a worker): the Y.Doc update that holds it, or why it could not be opened. */
export type ImportedUpdate =
  | { readonly ok: true; readonly update: Uint8Array; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly message: string };

/**
 * Imports a file where it is given to (in a worker, or in this thread);
 * `onHead`, when given, may hear the head of a long file first (its first
 * measures imported on their own, see `score-file-head.ts`), and the whole
 * file is imported once the promise it answers (the first page shown)
 * settles.
 */
export type ScoreFileImporter = (
  name: string,
  bytes: Uint8Array,
  onHead?: (head: ImportedHead) => Promise<unknown> | undefined,
) => Promise<ImportedUpdate>;

/**
 * Imports `bytes` into a Y.Doc of its own and returns it as an update, to
 * apply to the page's document ({@link importScoreFile}'s checks and words).
 *
 * @example
 * ```ts
 * const imported = importAsUpdate('song.mxl', bytes);
 * if (imported.ok) Y.applyUpdate(doc, imported.update);
 * ```
 */
export function importAsUpdate(name: string, bytes: Uint8Array): ImportedUpdate {
  const doc = new Y.Doc();
  const imported = importScoreFile(name, bytes, doc);
  if (!imported.ok) return imported;
  return { ok: true, update: Y.encodeStateAsUpdate(doc), warnings: imported.warnings };
}
