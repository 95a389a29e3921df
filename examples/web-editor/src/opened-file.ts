/**
 * The file this load of the page opens instead of the example, when the
 * previous load handed one over (see `opened-file-handover.ts`), and what its
 * import warned about, for the page to show.
 */
import * as Y from 'yjs';
import type { OpenedDocument } from './open-document.ts';
import { type HandOverStorage, takeHandedOverFile } from './opened-file-handover.ts';
import type { ScoreFileImporter } from './score-file-import.ts';

/** A file opened from disk: its name and the importer's warnings. */
export interface OpenedFile {
  readonly name: string;
  readonly warnings: readonly string[];
}

let openedThisLoad: OpenedFile | null = null;

/**
 * Imports the handed-over file into `doc` (empty) as a document of this page
 * only, through `importer` (the page's: in a worker, see `worker-import.ts`);
 * `null` when no file was handed over.
 *
 * @example
 * ```ts
 * const opened = (await openHandedOverFile(doc, sessionStorage, importInWorker)) ?? openExample(doc);
 * ```
 */
export async function openHandedOverFile(
  doc: Y.Doc,
  storage: HandOverStorage,
  importer: ScoreFileImporter,
): Promise<OpenedDocument | null> {
  const file = takeHandedOverFile(storage);
  if (file === null) return null;
  performance.mark('scorelane:import-start');
  const imported = await importer(file.name, file.bytes);
  performance.mark('scorelane:imported');
  if (!imported.ok) return { ok: false, message: imported.message };
  Y.applyUpdate(doc, imported.update);
  performance.mark('scorelane:applied');
  openedThisLoad = { name: file.name, warnings: imported.warnings };
  return { ok: true, doc, name: `${file.name} (on this page only)`, role: 'editor' };
}

/**
 * The file this load opened, or `null` when it opened something else.
 *
 * @example
 * ```ts
 * openedFile()?.warnings; // ['Part 1, measure 3: ...']
 * ```
 */
export function openedFile(): OpenedFile | null {
  return openedThisLoad;
}
