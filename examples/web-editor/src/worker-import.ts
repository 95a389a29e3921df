/**
 * Importing a file in a worker: the page's side of `import-worker.ts`. The
 * page stays responsive (and shows that it is working) while a large file is
 * parsed; what comes back is applied to the page's Y.Doc in one update. Given
 * `onHead`, the page hears the head of a long file first (its first
 * {@link HEAD_MEASURES} measures, imported on their own), to engrave its
 * first page from; the whole file is imported once the promise `onHead`
 * answers settles.
 */
import { HEAD_MEASURES, type ImportedHead } from './score-file-head.ts';
import type { ImportedUpdate, ScoreFileImporter } from './score-file-import.ts';

/** A request to the worker: the file, and how many measures its head holds when one is wanted. */
export interface ImportRequest {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly headMeasures?: number;
}

/** The page's word to the worker that the head's first page is shown: import the whole file now. */
export interface ContinueRequest {
  readonly continue: true;
}

/** The worker's first answer, when a head was asked for and the file has one. */
export interface HeadResponse {
  readonly head: ImportedHead;
}

/** The worker's last answer: the whole file. */
export type ImportResponse = ImportedUpdate;

/**
 * Imports `bytes` (a file named `name`) in a new worker, ended once it
 * answers; `onHead` (when given) hears the head of a long file before, and
 * the whole file waits for what it answers.
 *
 * @example
 * ```ts
 * const imported = await importInWorker('song.mxl', bytes, (head) => engraveFirstPage(head));
 * if (imported.ok) Y.applyUpdate(doc, imported.update);
 * ```
 */
export const importInWorker: ScoreFileImporter = (name, bytes, onHead) =>
  new Promise((resolve) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
    const done = (response: ImportResponse) => {
      worker.terminate();
      resolve(response);
    };
    worker.addEventListener('message', (event: MessageEvent<HeadResponse | ImportResponse>) => {
      if (!('head' in event.data)) {
        done(event.data);
        return;
      }
      const shown = onHead?.(event.data.head);
      const go: ContinueRequest = { continue: true };
      void Promise.resolve(shown).finally(() => worker.postMessage(go));
    });
    worker.addEventListener('error', (event) =>
      done({ ok: false, message: `${name} cannot be opened: ${event.message}` }),
    );
    const request: ImportRequest = {
      name,
      bytes,
      ...(onHead ? { headMeasures: HEAD_MEASURES } : {}),
    };
    worker.postMessage(request);
  });
