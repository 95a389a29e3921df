/**
 * Writing a file whole or not at all: the bytes go to a temporary file in the
 * same folder (`FILE.<pid>.tmp`), are flushed to the disk (fsync), and only
 * then take the file's name (a rename, or a hard link where the file must
 * not be replaced). A crash or a kill at any moment leaves either the old
 * file or the new one, never an empty or partial one; at worst a temporary
 * file stays behind, which {@link staleTemporaryFiles} finds on the next
 * start.
 */
import { link, open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The temporary file this process writes `path` through.
 *
 * @example
 * ```ts
 * temporaryPathOf('song.musicxml'); // 'song.musicxml.4242.tmp' in process 4242
 * ```
 */
export function temporaryPathOf(path: string): string {
  return `${path}.${process.pid}.tmp`;
}

/** Writes `content` to `path` and flushes it to the disk before closing it. */
async function writeSynced(path: string, content: string | Uint8Array): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder's entries (the rename) to the disk, where the system allows it. */
async function syncFolder(folder: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Some systems (Windows) cannot open or sync a folder; the rename itself is still atomic.
  } finally {
    await handle?.close();
  }
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

/**
 * Replaces `path` with `content`, atomically: temporary file, fsync, rename.
 *
 * @example
 * ```ts
 * await replaceFileAtomically('song.lanes', text);
 * ```
 */
export async function replaceFileAtomically(
  path: string,
  content: string | Uint8Array,
): Promise<void> {
  const temporary = temporaryPathOf(path);
  try {
    await writeSynced(temporary, content);
    await rename(temporary, path);
  } catch (error) {
    await removeQuietly(temporary);
    throw error;
  }
  await syncFolder(dirname(path));
}

/**
 * Creates `path` holding `content`, atomically, unless it exists: temporary
 * file, fsync, then a hard link to the name (which fails rather than replace
 * a file that is there). Where the file system has no hard links, a rename
 * after a check takes its place.
 *
 * @returns false when `path` existed already (it is left as it was).
 * @example
 * ```ts
 * await createFileAtomically('song.musicxml.orig', openedBytes); // true the first time
 * ```
 */
export async function createFileAtomically(
  path: string,
  content: string | Uint8Array,
): Promise<boolean> {
  const temporary = temporaryPathOf(path);
  try {
    await writeSynced(temporary, content);
    const created = await linkOrRename(temporary, path);
    await syncFolder(dirname(path));
    return created;
  } finally {
    await removeQuietly(temporary);
  }
}

async function linkOrRename(temporary: string, path: string): Promise<boolean> {
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
  }
  const exists = await open(path, 'r').then(
    async (handle) => {
      await handle.close();
      return true;
    },
    () => false,
  );
  if (exists) return false;
  await rename(temporary, path);
  return true;
}
