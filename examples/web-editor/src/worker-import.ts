/**
 * Importing a file in a worker: the page's side of `import-worker.ts`. The
 * page stays responsive (and shows that it is working) while a large file is
 * parsed; what comes back is applied to the page's Y.Doc in one update.
 */
import type { ImportedUpdate, ScoreFileImporter } from './score-file-import.ts';

/** A request to the worker. */
export interface ImportRequest {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** The worker's answer. */
export type ImportResponse = ImportedUpdate;

/**
 * Imports `bytes` (a file named `name`) in a new worker, ended once it answers.
 *
 * @example
 * ```ts
 * const imported = await importInWorker('song.mxl', bytes);
 * if (imported.ok) Y.applyUpdate(doc, imported.update);
 * ```
 */
export const importInWorker: ScoreFileImporter = (name, bytes) =>
  new Promise((resolve) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
    const done = (response: ImportResponse) => {
      worker.terminate();
      resolve(response);
    };
    worker.addEventListener('message', (event: MessageEvent<ImportResponse>) => done(event.data));
    worker.addEventListener('error', (event) =>
      done({ ok: false, message: `${name} cannot be opened: ${event.message}` }),
    );
    worker.postMessage({ name, bytes } satisfies ImportRequest);
  });
