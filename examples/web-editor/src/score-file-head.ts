/**
 * The head of a long MusicXML file: its first measures of every part, as a
 * file of its own. The import worker imports the head first and sends it to
 * the page, which engraves its first page from it while the whole file is
 * still being imported (`import-worker.ts`); the page's document only ever
 * gets the whole file's import. A compressed `.mxl`, a timewise file, a file
 * not in UTF-8 or one no longer than the head has no head: it is imported
 * whole, as before.
 */
import { type ImportedUpdate, importAsUpdate } from './score-file-import.ts';

/** How many measures the head of a long file holds: more than a first page of the widest window. */
export const HEAD_MEASURES = 56;

/** A head imported on its own: the Y.Doc update that holds it, and how many measures it has. */
export interface ImportedHead {
  readonly update: Uint8Array;
  readonly measures: number;
}

/** Where each element `<name ...>` (not `<name-more ...>`) starts in `text`, from `from` to `to`. */
function startTags(text: string, name: string, from: number, to: number): number[] {
  const pattern = new RegExp(`<${name}[\\s>/]`, 'g');
  pattern.lastIndex = from;
  const starts: number[] = [];
  for (let match = pattern.exec(text); match !== null && match.index < to; ) {
    starts.push(match.index);
    match = pattern.exec(text);
  }
  return starts;
}

/**
 * The first `measures` measures of every part of the partwise MusicXML file
 * `bytes`, as a MusicXML file; `null` when it has no head to cut (compressed,
 * timewise, not UTF-8, or no part longer than `measures`).
 *
 * @example
 * ```ts
 * const head = musicXmlHead(bytes, 56); // the first 56 bars of a 400-bar file, or null
 * ```
 */
export function musicXmlHead(bytes: Uint8Array, measures: number): Uint8Array | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (!text.includes('<score-partwise')) return null;
  const pieces: string[] = [];
  let kept = 0;
  let cut = false;
  for (const partStart of startTags(text, 'part', 0, text.length)) {
    if (partStart < kept) continue;
    const partEnd = text.indexOf('</part>', partStart);
    if (partEnd < 0) return null;
    const cutAt = startTags(text, 'measure', partStart, partEnd)[measures];
    if (cutAt === undefined) continue;
    pieces.push(text.slice(kept, cutAt));
    kept = partEnd;
    cut = true;
  }
  if (!cut) return null;
  pieces.push(text.slice(kept));
  return new TextEncoder().encode(pieces.join(''));
}

/**
 * The head of file `name` (its first `measures` measures) imported on its
 * own, or `null` when the file has none or the head does not import.
 *
 * @example
 * ```ts
 * const head = importHead('long.musicxml', bytes, HEAD_MEASURES);
 * if (head !== null) Y.applyUpdate(headDoc, head.update);
 * ```
 */
export function importHead(name: string, bytes: Uint8Array, measures: number): ImportedHead | null {
  const head = musicXmlHead(bytes, measures);
  if (head === null) return null;
  let imported: ImportedUpdate;
  try {
    imported = importAsUpdate(name, head);
  } catch {
    return null;
  }
  return imported.ok ? { update: imported.update, measures } : null;
}
