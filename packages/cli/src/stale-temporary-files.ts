/**
 * The temporary files an earlier session left beside a score file when it
 * was killed mid-save (`FILE.<pid>.tmp`, `FILE.orig.<pid>.tmp`): found on
 * start, removed when the process that wrote them is gone, and named.
 */
import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** What {@link removeStaleTemporaryFiles} found. */
export interface StaleTemporaryFiles {
  /** Removed: their process is gone, so they can only be remnants of a kill. */
  readonly removed: readonly string[];
  /** Left alone: the process that writes them is running (another session on the same file), or they could not be removed. */
  readonly kept: readonly string[];
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of `path` (and of `path.orig`) whose writing
 * process no longer runs. They never hold the only copy of anything: a save
 * renames its temporary file only once it is whole, so a temporary file that
 * is left is a save that did not happen.
 *
 * @example
 * ```ts
 * const stale = await removeStaleTemporaryFiles('song.musicxml');
 * stale.removed; // ['/music/song.musicxml.4242.tmp'] after a kill of process 4242
 * ```
 */
export async function removeStaleTemporaryFiles(path: string): Promise<StaleTemporaryFiles> {
  const folder = dirname(path);
  const pattern = new RegExp(`^${escapeForPattern(basename(path))}(?:\\.orig)?\\.(\\d+)\\.tmp$`);
  const names = await readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  const kept: string[] = [];
  for (const name of names.sort()) {
    const match = pattern.exec(name);
    if (!match) continue;
    const file = join(folder, name);
    if (isRunning(Number(match[1]))) {
      kept.push(file);
      continue;
    }
    try {
      await unlink(file);
      removed.push(file);
    } catch {
      kept.push(file);
    }
  }
  return { removed, kept };
}
