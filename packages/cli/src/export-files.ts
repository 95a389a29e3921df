/**
 * Where `scorelane mcp` keeps the files `export_score` makes: beside the
 * served file (`song.musicxml` exports to `song.export.musicxml`,
 * `song.export.mxl`, `song.export.mid`), in a folder given with
 * `--export-dir`, or, for the built-in example, in a fresh temporary
 * folder. The served file is never the target, and each export replaces the
 * previous one of its format, atomically.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ScoreFileHost } from '@scorelane/score-tools';
import { replaceFileAtomically } from './atomic-file.ts';

/**
 * The file host of one session: exports named after `servedPath`'s stem,
 * written to `folder` (default: beside `servedPath`).
 *
 * @example
 * ```ts
 * const files = exportFilesBeside('/scores/song.musicxml');
 * await files.keep({ name: 'ode.mid', mimeType: 'audio/midi', bytes }); // /scores/song.export.mid
 * ```
 */
export function exportFilesBeside(servedPath: string, folder?: string): ScoreFileHost {
  const served = resolve(servedPath);
  const stem = basename(served, extname(served));
  const into = resolve(folder ?? dirname(served));
  return {
    keep: async (file) => {
      const name = `${stem}.export${extname(file.name)}`;
      const path = join(into, name);
      await replaceFileAtomically(path, file.bytes);
      return { uri: pathToFileURL(path).href, name };
    },
  };
}

/**
 * A fresh temporary folder for the exports of a session that serves no
 * file of the user's (the built-in example).
 *
 * @example
 * ```ts
 * const files = exportFilesBeside('example.lanes', await temporaryExportFolder());
 * ```
 */
export function temporaryExportFolder(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'scorelane-exports-'));
}
