/**
 * The file this load of the page opens instead of the example, when the
 * previous load handed one over (see `opened-file-handover.ts`), and what its
 * import warned about, for the page to show.
 */
import { openScore, type Score } from '@scorelane/score-model';
import * as Y from 'yjs';
import type { OpenedDocument } from './open-document.ts';
import { type HandOverStorage, takeHandedOverFile } from './opened-file-handover.ts';
import type { ImportedHead } from './score-file-head.ts';
import type { ScoreFileImporter } from './score-file-import.ts';

/** A file opened from disk: its name and the importer's warnings. */
export interface OpenedFile {
  readonly name: string;
  readonly warnings: readonly string[];
}

/** The head of a long file, as a score of its own (never the page's document): its first `measures` measures. */
export interface OpenedHead {
  readonly score: Score;
  readonly measures: number;
}

let openedThisLoad: OpenedFile | null = null;

/**
 * Imports the handed-over file into `doc` (empty) as a document of this page
 * only, through `importer` (the page's: in a worker, see `worker-import.ts`);
 * `null` when no file was handed over. `onHead`, when given, hears the head
 * of a long file first, imported on its own, while `doc` waits for the whole
 * file; when it answers a promise (the first page engraved from the head),
 * the whole file is imported (by an importer that waits, as the worker does)
 * and applied to `doc` (one long task) only once it settles.
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
  onHead?: (head: OpenedHead) => Promise<unknown> | undefined,
): Promise<OpenedDocument | null> {
  const file = takeHandedOverFile(storage);
  if (file === null) return null;
  performance.mark('scorelane:import-start');
  let headShown: Promise<unknown> | undefined;
  const headHeard =
    onHead &&
    ((head: ImportedHead) => {
      performance.mark('scorelane:head-imported');
      const headDoc = new Y.Doc();
      Y.applyUpdate(headDoc, head.update);
      headShown = onHead({ score: openScore(headDoc), measures: head.measures });
      return headShown;
    });
  const imported = await importer(file.name, file.bytes, headHeard);
  performance.mark('scorelane:imported');
  if (!imported.ok) return { ok: false, message: imported.message };
  await headShown;
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
