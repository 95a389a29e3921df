/**
 * The import worker: a MusicXML or `.mxl` file is parsed and imported here,
 * off the page's main thread (a 400-bar file takes seconds on a slow
 * machine), and sent back as a Y.Doc update (`worker-import.ts` is the
 * page's side). Asked for a head, it first imports the file's first measures
 * on their own and sends them (`score-file-head.ts`), and imports the whole
 * file once the page says it has shown its first page from them: the two
 * would otherwise share the machine with Verovio's loading and engraving.
 */
import { importHead } from './score-file-head.ts';
import { importAsUpdate } from './score-file-import.ts';
import type {
  ContinueRequest,
  HeadResponse,
  ImportRequest,
  ImportResponse,
} from './worker-import.ts';

/** The request whose whole file waits for the page to have shown its head's first page. */
let waiting: ImportRequest | null = null;

function importWhole({ name, bytes }: ImportRequest): void {
  let response: ImportResponse;
  try {
    response = importAsUpdate(name, bytes);
  } catch (error) {
    response = { ok: false, message: `${name} cannot be opened: ${String(error)}` };
  }
  const transfer = response.ok ? [response.update.buffer as ArrayBuffer] : [];
  self.postMessage(response, { transfer });
}

self.addEventListener('message', (event: MessageEvent<ImportRequest | ContinueRequest>) => {
  if ('continue' in event.data) {
    if (waiting !== null) importWhole(waiting);
    waiting = null;
    return;
  }
  const { name, bytes, headMeasures } = event.data;
  const head = headMeasures === undefined ? null : importHead(name, bytes, headMeasures);
  if (head === null) {
    importWhole(event.data);
    return;
  }
  // The first page comes first: the whole file is imported once the page says it is shown.
  waiting = event.data;
  const response: HeadResponse = { head };
  self.postMessage(response, { transfer: [head.update.buffer as ArrayBuffer] });
});
