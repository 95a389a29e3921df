/**
 * Opening a file starts the editor again on it: the file (checked first, so a
 * refused one never gets here) is handed over through the tab's
 * `sessionStorage` to the next load of the page, which imports it into its
 * fresh Y.Doc, with a fresh undo history, selection and tool registration,
 * exactly as it opens the example. The next load takes the file out again, so
 * a later reload opens the example.
 */

/** What a page load hands to the next one. */
export interface HandedOverFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const FILE_KEY = 'scorelane.opened-file';

/** The storage of the tab (a parameter for the tests). */
export type HandOverStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Bytes as a string of one UTF-16 unit each (what `sessionStorage` can hold). */
function toBinaryString(bytes: Uint8Array): string {
  let text = '';
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) {
    text += String.fromCharCode(...bytes.subarray(at, at + chunk));
  }
  return text;
}

function fromBinaryString(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let at = 0; at < text.length; at++) bytes[at] = text.charCodeAt(at);
  return bytes;
}

/**
 * Keeps `file` for the next load of the page; answers why not when the tab's
 * storage cannot hold it (browsers allow a few MB).
 *
 * @example
 * ```ts
 * const kept = handOverFile({ name: 'song.mxl', bytes });
 * if (kept.ok) location.assign(location.pathname);
 * ```
 */
export function handOverFile(
  file: HandedOverFile,
  storage: HandOverStorage = sessionStorage,
): { readonly ok: true } | { readonly ok: false; readonly message: string } {
  try {
    storage.setItem(
      FILE_KEY,
      JSON.stringify({ name: file.name, bytes: toBinaryString(file.bytes) }),
    );
    return { ok: true };
  } catch {
    const megabytes = (file.bytes.length / 1_048_576).toFixed(1);
    return {
      ok: false,
      message: `${file.name} (${megabytes} MB) is too large for this page to open; compress it as .mxl or open a smaller file. The current score is unchanged.`,
    };
  }
}

/**
 * The file the previous load handed over, taken out of storage; `null` when
 * there is none.
 *
 * @example
 * ```ts
 * const file = takeHandedOverFile(); // { name: 'song.mxl', bytes } once, then null
 * ```
 */
export function takeHandedOverFile(
  storage: HandOverStorage = sessionStorage,
): HandedOverFile | null {
  const kept = storage.getItem(FILE_KEY);
  if (kept === null) return null;
  storage.removeItem(FILE_KEY);
  const { name, bytes } = JSON.parse(kept) as { name: string; bytes: string };
  return { name, bytes: fromBinaryString(bytes) };
}
