/**
 * Saving a score at the end of a command: why it could not be saved, or
 * what its format could not hold, on the error stream.
 */
import type { ExportLimit } from '@scorelane/musicxml';
import type { Score } from '@scorelane/score-model';
import type { CommandIo } from './io.ts';
import { saveScore, warningLines } from './score-file-io.ts';

/**
 * Saves `score` to `path` (see `saveScore`). A refused save is one line on
 * `io.err` and answers false, nothing written; a save answers true after
 * listing its warnings on `io.err`.
 *
 * @example
 * ```ts
 * if (!(await saveAndReport(io, 'out.musicxml', score, false))) return 1;
 * ```
 */
export async function saveAndReport(
  io: CommandIo,
  path: string,
  score: Score,
  verbose: boolean,
  limit: ExportLimit = {},
): Promise<boolean> {
  const saved = await saveScore(path, score, limit);
  if (!saved.ok) {
    io.err(`${saved.message}\n`);
    return false;
  }
  io.err(warningLines(path, saved.warnings, verbose));
  return true;
}
