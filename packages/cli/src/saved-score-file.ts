/**
 * A score file that an MCP session edits in place: a save writes the whole
 * score back (to a temporary file beside it, fsynced, then renamed over it,
 * so a crash never leaves half a score), and the first save keeps the file
 * as it was opened beside it as `FILE.orig`, written the same way.
 */
import { stat } from 'node:fs/promises';
import type { Score } from '@scorelane/score-model';
import { createFileAtomically, replaceFileAtomically } from './atomic-file.ts';
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
  /** Writes the score to `path`; the first call keeps the opened bytes at `originalPath` first. Rejects with the reason when the score is too large to read again (nothing is written). */
  save(): Promise<void>;
}

/**
 * Binds a score to the file it was opened from. `opened` is the file's bytes
 * as read. An existing `FILE.orig` is never overwritten: it already holds an
 * earlier original (an empty one, which only a kill of an earlier version
 * leaves, is replaced). `FILE.orig` is whole or absent, never empty or
 * partial: its bytes are fsynced under a temporary name before it gets its
 * own.
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
      const saved = await saveScore(path, score);
      // The saving pipeline tells the agent a failed save's reason, as it does a disk's.
      if (!saved.ok) throw new Error(saved.message);
    },
  };
}

/**
 * Keeps the opened bytes at `originalPath` unless an original is there. An
 * empty one is no original (a kill of an earlier version of scorelane, which
 * wrote it in place, left it so) and is replaced.
 */
async function keepOriginal(originalPath: string, opened: Uint8Array): Promise<void> {
  if (await createFileAtomically(originalPath, opened)) return;
  const existing = await stat(originalPath);
  if (existing.isFile() && existing.size === 0 && opened.length > 0) {
    await replaceFileAtomically(originalPath, opened);
  }
}
