/**
 * Files: Open… (or a file dropped on the page) opens MusicXML or `.mxl` from
 * disk as a new document of this page; the MusicXML, .lanes and MIDI buttons
 * download the score through the person's `export_score` tool, the same file
 * an agent gets. A file that cannot be opened is refused with the reason, and
 * the current score stays.
 */
import { type DownloadFormat, type ExportOutput, exportedFile } from './exported-file.ts';
import type { InvokeTool } from './lanes-pane.ts';
import { openedFile } from './opened-file.ts';
import { handOverFile } from './opened-file-handover.ts';
import { importInWorker } from './worker-import.ts';

/** The elements the controls drive. */
export interface FileControlElements {
  readonly open: HTMLInputElement;
  readonly status: HTMLElement;
  readonly musicxml: HTMLButtonElement;
  readonly lanes: HTMLButtonElement;
  readonly midi: HTMLButtonElement;
}

/** Shows `lines` in the file status, red when they tell of a refusal. */
function showFileStatus(status: HTMLElement, lines: readonly string[], error: boolean): void {
  status.replaceChildren(
    ...lines.map((line) => {
      const paragraph = document.createElement('p');
      paragraph.textContent = line;
      return paragraph;
    }),
  );
  status.classList.toggle('error', error);
}

/** Checks `file` and, if it imports, starts the page again on it (without `?doc=`: on this page only). */
async function openFile(file: File, status: HTMLElement): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  showFileStatus(status, [`Reading ${file.name}…`], false);
  // Checked in a worker: a large file takes a while, and the page keeps answering.
  const checked = await importInWorker(file.name, bytes);
  if (!checked.ok) {
    showFileStatus(status, [checked.message], true);
    return;
  }
  const kept = handOverFile({ name: file.name, bytes });
  if (!kept.ok) {
    showFileStatus(status, [kept.message], true);
    return;
  }
  showFileStatus(status, [`Opening ${file.name}…`], false);
  location.assign(location.pathname);
}

/** Downloads the score in `format` through `export_score`; a refusal is shown. */
async function download(
  format: DownloadFormat,
  invoke: InvokeTool,
  status: HTMLElement,
): Promise<void> {
  const invocation = await invoke('export_score', { format });
  if (!invocation.ok) {
    const answer = invocation.result.content[0];
    showFileStatus(status, [answer && 'text' in answer ? String(answer.text) : ''], true);
    return;
  }
  const file = exportedFile(invocation.output as unknown as ExportOutput);
  const url = URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** What this load opened, and its import warnings. */
function showOpenedFile(status: HTMLElement): void {
  const opened = openedFile();
  if (opened === null) return;
  const count = opened.warnings.length;
  const summary =
    count === 0
      ? `Opened ${opened.name}.`
      : `Opened ${opened.name}, with ${count} import warning${count === 1 ? '' : 's'}:`;
  showFileStatus(status, [summary, ...opened.warnings], false);
}

/**
 * Binds Open…, dropping a file on the page, and the download buttons;
 * `invoke` calls the person's tools.
 *
 * @example
 * ```ts
 * bindFileControls(page.files, (name, args) => personTools.invoke(name, args, { role }));
 * ```
 */
export function bindFileControls(elements: FileControlElements, invoke: InvokeTool): void {
  showOpenedFile(elements.status);
  elements.open.addEventListener('change', () => {
    const file = elements.open.files?.[0];
    elements.open.value = '';
    if (file !== undefined) void openFile(file, elements.status);
  });
  document.addEventListener('dragover', (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  document.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files[0];
    if (file === undefined) return;
    event.preventDefault();
    void openFile(file, elements.status);
  });
  const buttons: Record<DownloadFormat, HTMLButtonElement> = {
    musicxml: elements.musicxml,
    lanes: elements.lanes,
    midi: elements.midi,
  };
  for (const [format, button] of Object.entries(buttons) as [DownloadFormat, HTMLButtonElement][]) {
    button.addEventListener('click', () => void download(format, invoke, elements.status));
  }
}
