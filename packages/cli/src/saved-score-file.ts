/**
 * A score file that an MCP session edits in place: after every write that
 * moved the score, the whole score is written back (to a temporary file
 * beside it, then renamed over it, so a crash never leaves half a score), and
 * the first save keeps the file as it was opened beside it as `FILE.orig`.
 */
import { writeFile } from 'node:fs/promises';
import type { Score } from '@scorelane/score-model';
import { saveScore } from './score-file-io.ts';

/**
 * The file a session saves to.
 *
 * @example
 * ```ts
 * const file = savedScoreFile('song.musicxml', await readFile('song.musicxml'), score);
 * await file.save(); // song.musicxml.orig holds the opened bytes; song.musicxml the score now
 * ```
 */
export interface SavedScoreFile {
  readonly path: string;
  /** Where the opened file is kept: `path` + `.orig`. */
  readonly originalPath: string;
  /** Writes the score to `path`; the first call keeps the opened bytes at `originalPath` first. */
  save(): Promise<void>;
}

/**
 * Binds a score to the file it was opened from. `opened` is the file's bytes
 * as read. An existing `FILE.orig` is never overwritten: it already holds an
 * earlier original.
 *
 * @example
 * ```ts
 * const file = savedScoreFile(path, opened, score);
 * ```
 */
export function savedScoreFile(path: string, opened: Uint8Array, score: Score): SavedScoreFile {
  const originalPath = `${path}.orig`;
  let originalKept = false;
  return {
    path,
    originalPath,
    async save() {
      if (!originalKept) {
        await keepOriginal(originalPath, opened);
        originalKept = true;
      }
      await saveScore(path, score);
    },
  };
}

async function keepOriginal(originalPath: string, opened: Uint8Array): Promise<void> {
  try {
    await writeFile(originalPath, opened, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
