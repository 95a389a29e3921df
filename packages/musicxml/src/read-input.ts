/**
 * From what a caller hands over (text, the bytes of a file, or a compressed
 * `.mxl` archive) to the text of one MusicXML document.
 */
import { strFromU8, unzipSync } from 'fflate';
import type { MusicXmlProblem } from './problem.ts';
import { child, childElements, parseXml } from './xml-tree.ts';

/** The MusicXML text in the input, or why there is none. */
export type InputText =
  | { readonly ok: true; readonly text: string; readonly compressed: boolean }
  | { readonly ok: false; readonly problems: readonly MusicXmlProblem[] };

function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4
  );
}

/**
 * Text from bytes: UTF-16 by its byte-order mark, else the declared encoding, else UTF-8.
 *
 * @example
 * ```ts
 * decodeText(new TextEncoder().encode('<a/>')); // "<a/>"
 * ```
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  let label = 'utf-8';
  if (declared && /^(iso-8859-1|latin1|windows-1252|us-ascii)$/i.test(declared)) label = 'latin1';
  return new TextDecoder(label).decode(bytes);
}

function refuse(message: string): InputText {
  return { ok: false, problems: [{ code: 'unreadable-archive', message }] };
}

/** The score inside an `.mxl` archive: the first rootfile of `META-INF/container.xml`. */
function readArchive(bytes: Uint8Array): InputText {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    return refuse(
      `The file looks like a compressed MusicXML (.mxl) archive, but its zip cannot be read (${error instanceof Error ? error.message : String(error)}). Export it again, or save it as uncompressed .musicxml.`,
    );
  }
  let path: string | undefined;
  const container = files['META-INF/container.xml'];
  if (container) {
    const parsed = parseXml(strFromU8(container));
    if (parsed.ok) {
      const rootfiles = child(parsed.root, 'rootfiles');
      const first = rootfiles ? childElements(rootfiles, 'rootfile')[0] : undefined;
      path = first?.a?.['full-path'];
    }
  }
  path ??= Object.keys(files).find(
    (name) => !name.startsWith('META-INF/') && /\.(musicxml|xml)$/i.test(name),
  );
  const entry = path === undefined ? undefined : files[path];
  if (!entry) {
    return refuse(
      'The .mxl archive holds no MusicXML score: META-INF/container.xml names none and no .musicxml or .xml file is inside. Export the score again from its program.',
    );
  }
  return { ok: true, text: decodeText(entry), compressed: true };
}

/**
 * The MusicXML text of an input: a string as it is, bytes decoded, an `.mxl`
 * archive unpacked.
 *
 * @example
 * ```ts
 * readInput(readFileSync('score.mxl')); // { ok: true, text: '<?xml ...', compressed: true }
 * ```
 */
export function readInput(input: string | Uint8Array): InputText {
  if (typeof input === 'string') return { ok: true, text: input, compressed: false };
  if (isZip(input)) return readArchive(input);
  return { ok: true, text: decodeText(input), compressed: false };
}
