/**
 * Where an export goes: the host keeps the file (beside the served score,
 * as a download, as a resource) and the agent gets a link to it, because a
 * whole score inline costs more context than any client allows a result.
 */

/**
 * The most bytes `export_score` puts inline in a result (`inline: true`, or
 * a host that keeps no files): about 16,000 tokens of MusicXML.
 *
 * @example
 * ```ts
 * MAX_INLINE_EXPORT_BYTES; // 65536
 * ```
 */
export const MAX_INLINE_EXPORT_BYTES = 64 * 1024;

/**
 * A file an export made, before the host keeps it.
 *
 * @example
 * ```ts
 * const file: ExportedFile = { name: 'ode.mid', mimeType: 'audio/midi', bytes: midi.bytes };
 * ```
 */
export interface ExportedFile {
  /** A plain file name (`ode.musicxml`), no folder. */
  readonly name: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array;
}

/**
 * Where the host kept a file: an absolute URI the agent's client can open or
 * read (`file:///home/ana/ode.musicxml`, `https://.../exports/1?token=...`,
 * `scorelane://exports/1/ode.mid`), and the name it was kept under.
 *
 * @example
 * ```ts
 * const kept: KeptFile = { uri: 'file:///tmp/ode-export.musicxml', name: 'ode-export.musicxml' };
 * ```
 */
export interface KeptFile {
  readonly uri: string;
  readonly name: string;
}

/**
 * A host that keeps exported files. `keep` may reject (a full disk); the
 * tool then answers that the file could not be kept, and nothing else changes.
 *
 * @example
 * ```ts
 * const files: ScoreFileHost = {
 *   keep: async (file) => {
 *     await writeFile(join(dir, file.name), file.bytes);
 *     return { uri: pathToFileURL(join(dir, file.name)).href, name: file.name };
 *   },
 * };
 * ```
 */
export interface ScoreFileHost {
  keep(file: ExportedFile): KeptFile | Promise<KeptFile>;
}
