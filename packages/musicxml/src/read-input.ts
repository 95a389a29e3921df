/**
 * From what a caller hands over (text, the bytes of a file, or a compressed
 * `.mxl` archive) to the text of one MusicXML document.
 */
import { strFromU8, Unzip, UnzipInflate } from 'fflate';
import { MAX_SCORE_BYTES } from './limits.ts';
import { inflatedNatively, plainZipEntries, type ZipEntry } from './native-unzip.ts';
import { utf16leNatively } from './native-utf16.ts';
import type { MusicXmlProblem } from './problem.ts';
import { child, childElements, parseXml } from './xml-tree.ts';

/** The MusicXML text in the input, or why there is none. */
export type InputText =
  | {
      readonly ok: true;
      readonly text: string;
      readonly compressed: boolean;
      readonly warnings?: readonly MusicXmlProblem[];
    }
  | { readonly ok: false; readonly problems: readonly MusicXmlProblem[] };

function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4
  );
}

/** Windows-1252's 0x80-0x9F (the WHATWG table); the rest of the range is Latin-1. */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Labels that WHATWG decodes as windows-1252 (ISO-8859-1 and ASCII among them). */
const WINDOWS_1252_LABELS =
  /^(windows-1252|cp1252|x-cp1252|iso-8859-1|iso8859-1|iso_8859-1|iso88591|iso-ir-100|l1|latin1|csisolatin1|ibm819|cp819|us-ascii|ascii|ansi_x3\.4-1968|iso-8859-1:1987)$/i;

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const step = 8192;
  for (let at = 0; at < bytes.length; at += step) {
    const chunk = bytes.subarray(at, at + step);
    let text = '';
    for (const byte of chunk)
      text +=
        byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
    out += text;
  }
  return out;
}

/** Decoded text, or why the bytes cannot be decoded. */
export type DecodedText =
  | { readonly ok: true; readonly text: string; readonly warnings: readonly MusicXmlProblem[] }
  | { readonly ok: false; readonly problems: readonly MusicXmlProblem[] };

/**
 * Text from bytes: by its byte-order mark (UTF-8, UTF-16), else the
 * encoding its XML declaration names, else UTF-8. Windows-1252 (and the
 * labels that mean it, ISO-8859-1 and ASCII) is decoded with its own table;
 * any other encoding the runtime's `TextDecoder` knows (Shift_JIS,
 * ISO-8859-2, GBK, ... with Node's full ICU) through it. An encoding it does
 * not know is refused (`unsupported-encoding`); bytes that are not valid in
 * the encoding are read as U+FFFD with a warning `encoding-errors`.
 *
 * @example
 * ```ts
 * decodeText(new TextEncoder().encode('<a/>')); // { ok: true, text: '<a/>', warnings: [] }
 * ```
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  let label: string;
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    label = 'utf-8';
    body = bytes.subarray(3);
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] === 0x3f && bytes[3] === 0)
    label = 'utf-16le';
  else if (bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0 && bytes[3] === 0x3f)
    label = 'utf-16be';
  else {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
    label = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1] ?? 'utf-8';
  }
  if (WINDOWS_1252_LABELS.test(label))
    return { ok: true, text: decodeWindows1252(body), warnings: [] };
  const fast = label === 'utf-16le' ? utf16leNatively(body) : undefined;
  if (fast !== undefined) return { ok: true, text: fast, warnings: [] };
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    return {
      ok: false,
      problems: [
        {
          code: 'unsupported-encoding',
          message: `The file declares the encoding "${label}", which this runtime cannot decode, so it was not read. Save the file as UTF-8 (every notation program can), or run on a Node.js built with full ICU.`,
        },
      ],
    };
  }
  try {
    return { ok: true, text: decoder.decode(body), warnings: [] };
  } catch {
    const text = new TextDecoder(label).decode(body);
    let count = 0;
    for (const character of text) if (character === '\ufffd') count++;
    return {
      ok: true,
      text,
      warnings: [
        {
          code: 'encoding-errors',
          message: `The file is not valid ${decoder.encoding} (its declared or default encoding): ${count} place${count === 1 ? '' : 's'} in it ${count === 1 ? 'was' : 'were'} read as the replacement character U+FFFD. Check the encoding the file declares, or save it again as UTF-8.`,
        },
      ],
    };
  }
}

function refuse(message: string): InputText {
  return { ok: false, problems: [{ code: 'unreadable-archive', message }] };
}

/** `META-INF/container.xml` is a few hundred bytes; more is not a container. */
const MAX_CONTAINER_BYTES = 1024 * 1024;

function tooLarge(what: string): InputText {
  return {
    ok: false,
    problems: [
      {
        code: 'too-large',
        message: `${what} more than ${MAX_SCORE_BYTES / 1024 / 1024} MiB of MusicXML, the most Scorelane reads; it was not read. Split the score into smaller files.`,
      },
    ],
  };
}

type Unpacked =
  | { readonly ok: true; readonly bytes: Uint8Array | undefined }
  | { readonly ok: false; readonly reason: 'too-large' | 'broken'; readonly message?: string };

/** The names in an archive, in order, with their declared unpacked sizes. */
type Listing = { readonly name: string; readonly originalSize: number | undefined }[];

/**
 * Unpacks one entry of a zip as a stream, stopping as soon as it holds more
 * than `limit` bytes, so that a small archive that unpacks to gigabytes (a
 * zip bomb) never does; checks the declared size first. Lists every entry.
 */
function unpackEntry(
  zip: Uint8Array,
  wanted: (name: string) => boolean,
  limit: number,
  listing?: Listing,
): Unpacked {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let found = false;
  let done = false;
  let failure: Unpacked | undefined;
  const unzip = new Unzip((file) => {
    listing?.push({ name: file.name, originalSize: file.originalSize });
    if (found || failure || !wanted(file.name)) return;
    found = true;
    if (file.compression !== 0 && file.compression !== 8) {
      failure = {
        ok: false,
        reason: 'broken',
        message: `${file.name} is compressed with method ${file.compression}, which is not deflate`,
      };
      return;
    }
    if (file.originalSize !== undefined && file.originalSize > limit) {
      failure = { ok: false, reason: 'too-large' };
      return;
    }
    file.ondata = (error, data, final) => {
      if (failure || done) return;
      if (error) {
        failure = { ok: false, reason: 'broken', message: error.message };
        return;
      }
      total += data.length;
      if (total > limit) {
        failure = { ok: false, reason: 'too-large' };
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const step = 16 * 1024;
  try {
    for (let at = 0; at < zip.length && !failure; at += step) {
      unzip.push(zip.subarray(at, Math.min(at + step, zip.length)), at + step >= zip.length);
    }
  } catch (error) {
    failure = {
      ok: false,
      reason: 'broken',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  if (failure) return failure;
  if (!found) return { ok: true, bytes: undefined };
  if (!done) return { ok: false, reason: 'broken', message: 'the archive ends inside a file' };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, bytes };
}

/**
 * {@link unpackEntry} through node's zlib, for a plain zip (see
 * `native-unzip.ts`): the same answer, or `undefined` when only fflate can
 * be sure of it. Lists every entry only when it answers.
 */
function unpackedNatively(
  entries: readonly ZipEntry[],
  wanted: (name: string) => boolean,
  limit: number,
  listing?: Listing,
): Unpacked | undefined {
  const entry = entries.find((candidate) => wanted(candidate.name));
  const bytes = entry && inflatedNatively(entry, limit);
  if (entry && !bytes) return undefined;
  if (listing) for (const { name, originalSize } of entries) listing.push({ name, originalSize });
  return { ok: true, bytes };
}

function brokenZip(message: string | undefined): InputText {
  return refuse(
    `The file looks like a compressed MusicXML (.mxl) archive, but its zip cannot be read${message ? ` (${message})` : ''}. Export it again, or save it as uncompressed .musicxml.`,
  );
}

/** Media types that name a MusicXML score in `container.xml`. */
function isMusicXmlType(type: string | undefined): boolean {
  return type === undefined || /^application\/vnd\.recordare\.musicxml(\+xml)?$/i.test(type.trim());
}

/**
 * The score inside an `.mxl` archive: the first rootfile of
 * `META-INF/container.xml` whose media type is MusicXML (or that names none).
 */
function readArchive(bytes: Uint8Array): InputText {
  const listing: Listing = [];
  const plain = plainZipEntries(bytes);
  const isContainer = (name: string) => name === 'META-INF/container.xml';
  const container =
    (plain && unpackedNatively(plain, isContainer, MAX_CONTAINER_BYTES, listing)) ??
    unpackEntry(bytes, isContainer, MAX_CONTAINER_BYTES, listing);
  if (!container.ok) {
    if (container.reason === 'too-large')
      return brokenZip(
        'its META-INF/container.xml declares or unpacks to more than 1 MiB, which no container holds',
      );
    return brokenZip(container.message);
  }
  let path: string | undefined;
  if (container.bytes) {
    const parsed = parseXml(strFromU8(container.bytes));
    if (parsed.ok) {
      const rootfiles = child(parsed.root, 'rootfiles');
      const all = rootfiles ? childElements(rootfiles, 'rootfile') : [];
      const score = all.find((rootfile) => isMusicXmlType(rootfile.a?.['media-type']));
      path = score?.a?.['full-path'];
      if (!score && all.length > 0) {
        const named = all
          .map(
            (rootfile) =>
              `${rootfile.a?.['full-path'] ?? '(no path)'} (${rootfile.a?.['media-type']})`,
          )
          .join(', ');
        return refuse(
          `The .mxl archive names no MusicXML score in META-INF/container.xml: its rootfiles are ${named}, none of media type application/vnd.recordare.musicxml+xml. Export the score again as MusicXML from its program.`,
        );
      }
    }
  }
  const scoresInside = listing
    .map((entry) => entry.name)
    .filter((name) => !name.startsWith('META-INF/') && /\.(musicxml|xml)$/i.test(name));
  const warnings: MusicXmlProblem[] = [];
  if (path !== undefined && !listing.some((entry) => entry.name === path)) {
    const named = rootfileNotInArchive(path, scoresInside);
    if (!named.ok) return named.refusal;
    warnings.push(named.warning);
    path = scoresInside[0];
  }
  path ??= scoresInside[0];
  const declared = listing.find((entry) => entry.name === path)?.originalSize;
  if (declared !== undefined && declared > MAX_SCORE_BYTES)
    return tooLarge(`The .mxl archive says its score ${path} unpacks to ${declared} bytes,`);
  const isScore = (name: string) => name === path;
  const entry =
    path === undefined
      ? undefined
      : ((plain && unpackedNatively(plain, isScore, MAX_SCORE_BYTES)) ??
        unpackEntry(bytes, isScore, MAX_SCORE_BYTES));
  if (entry && !entry.ok) {
    if (entry.reason === 'too-large')
      return tooLarge(`The .mxl archive's score ${path} unpacks to`);
    return brokenZip(entry.message);
  }
  if (!entry?.bytes) {
    return refuse(
      'The .mxl archive holds no MusicXML score: META-INF/container.xml names none and no .musicxml or .xml file is inside. Export the score again from its program.',
    );
  }
  const decoded = decodeText(entry.bytes);
  if (!decoded.ok) return decoded;
  return {
    ok: true,
    text: decoded.text,
    compressed: true,
    warnings: [...warnings, ...(decoded.warnings ?? [])],
  };
}

/**
 * What an archive whose container names a rootfile it does not hold gets:
 * a warning, when a score is inside to read instead, else a refusal. A path
 * that is absolute or climbs with `..` leads outside the archive, and is
 * never followed.
 */
function rootfileNotInArchive(
  path: string,
  scoresInside: readonly string[],
):
  | { readonly ok: true; readonly warning: MusicXmlProblem }
  | { readonly ok: false; readonly refusal: InputText } {
  const outside = /^([\\/]|[a-z]:)|(^|[\\/])\.\.([\\/]|$)/i.test(path);
  const named = `The .mxl archive's META-INF/container.xml names the score "${path}", which ${outside ? 'is outside the archive' : 'is not in the archive'}`;
  const first = scoresInside[0];
  if (first === undefined)
    return {
      ok: false,
      refusal: refuse(
        `${named}, and no other .musicxml or .xml file is inside. Export the score again from its program.`,
      ),
    };
  const instead =
    scoresInside.length === 1
      ? `the one score inside, ${first}, was read instead`
      : `the first of the ${scoresInside.length} .musicxml and .xml files inside, ${first}, was read instead`;
  return {
    ok: true,
    warning: {
      code: 'rootfile-not-in-archive',
      message: `${named}; ${instead}. Check that it is the score you meant, and export the score again to repair the archive.`,
    },
  };
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
  if (typeof input === 'string') {
    if (input.length > MAX_SCORE_BYTES) return tooLarge('The text holds');
    return { ok: true, text: input, compressed: false };
  }
  if (isZip(input)) return readArchive(input);
  if (input.length > MAX_SCORE_BYTES) return tooLarge('The file holds');
  const decoded = decodeText(input);
  if (!decoded.ok) return decoded;
  return { ok: true, text: decoded.text, compressed: false, warnings: decoded.warnings };
}
