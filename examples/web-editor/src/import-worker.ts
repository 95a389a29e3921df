/**
 * The import worker: a MusicXML or `.mxl` file is parsed and imported here,
 * off the page's main thread (a 400-bar file takes seconds on a slow
 * machine), and sent back as a Y.Doc update (`worker-import.ts` is the
 * page's side).
 */
import { importAsUpdate } from './score-file-import.ts';
import type { ImportRequest, ImportResponse } from './worker-import.ts';

self.addEventListener('message', (event: MessageEvent<ImportRequest>) => {
  const { name, bytes } = event.data;
  let response: ImportResponse;
  try {
    response = importAsUpdate(name, bytes);
  } catch (error) {
    response = { ok: false, message: `${name} cannot be opened: ${String(error)}` };
  }
  const transfer = response.ok ? [response.update.buffer as ArrayBuffer] : [];
  self.postMessage(response, { transfer });
});
