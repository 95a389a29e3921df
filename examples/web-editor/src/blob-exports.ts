/**
 * Where a browser agent's `export_score` keeps its file: a `blob:` URL of
 * this page, which the agent (in this browser, on this origin) can fetch or
 * hand to the person as a download, instead of the whole file in its
 * context. The page keeps the latest export of each format and revokes the
 * one it replaces, so a long session does not hold every file it made.
 */
import type { ScoreFileHost } from '@scorelane/score-tools';

/**
 * A file host over `blob:` URLs; `urls` creates and revokes them (the
 * page's `URL`, by default).
 *
 * @example
 * ```ts
 * createScoreTools({ score, undo, files: blobExports() });
 * ```
 */
export function blobExports(
  urls: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'> = URL,
): ScoreFileHost {
  const latest = new Map<string, string>();
  return {
    keep: (file) => {
      const kind = file.name.slice(file.name.lastIndexOf('.'));
      const previous = latest.get(kind);
      if (previous !== undefined) urls.revokeObjectURL(previous);
      // A copy into a fresh ArrayBuffer: a Blob takes no view of shared memory.
      const uri = urls.createObjectURL(
        new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }),
      );
      latest.set(kind, uri);
      return { uri, name: file.name };
    },
  };
}
