/**
 * The import worker: a MusicXML or `.mxl` file is parsed and imported here,
 * off the page's main thread (a 400-bar file takes seconds on a slow
 * machine), and sent back as a Y.Doc update (`worker-import.ts` is the
 * page's side). Asked for a head, it first imports the file's first measures
 * on their own and sends them (`score-file-head.ts`), so the page can
 * engrave its first page while the whole file is imported.
 */
import { importHead } from './score-file-head.ts';
import { importAsUpdate } from './score-file-import.ts';
import type { HeadResponse, ImportRequest, ImportResponse } from './worker-import.ts';

self.addEventListener('message', (event: MessageEvent<ImportRequest>) => {
  const { name, bytes, headMeasures } = event.data;
  const head = headMeasures === undefined ? null : importHead(name, bytes, headMeasures);
  if (head !== null) {
    const response: HeadResponse = { head };
    self.postMessage(response, { transfer: [head.update.buffer as ArrayBuffer] });
  }
  let response: ImportResponse;
  try {
    response = importAsUpdate(name, bytes);
  } catch (error) {
    response = { ok: false, message: `${name} cannot be opened: ${String(error)}` };
  }
  const transfer = response.ok ? [response.update.buffer as ArrayBuffer] : [];
  self.postMessage(response, { transfer });
});
