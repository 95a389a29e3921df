/**
 * From what a caller hands over (text, the bytes of a file, or a compressed
 * `.mxl` archive) to the text of one MusicXML document.
 */
import { strFromU8, Unzip, UnzipInflate } from 'fflate';
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

/**
 * The most a score may hold, in bytes of MusicXML text (or characters of a
 * string): 64 MiB, far above any real score (the 150 files of the MusicXML
 * test suite hold 0.95 MB together), and low enough that reading it cannot
 * exhaust memory. A larger input, or an `.mxl` whose score unpacks to more,
 * is refused with `too-large`.
 */
export const MAX_SCORE_BYTES = 64 * 1024 * 1024;

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
  const container = unpackEntry(
    bytes,
    (name) => name === 'META-INF/container.xml',
    MAX_CONTAINER_BYTES,
    listing,
  );
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
  path ??= listing.find(
    (entry) => !entry.name.startsWith('META-INF/') && /\.(musicxml|xml)$/i.test(entry.name),
  )?.name;
  const declared = listing.find((entry) => entry.name === path)?.originalSize;
  if (declared !== undefined && declared > MAX_SCORE_BYTES)
    return tooLarge(`The .mxl archive says its score ${path} unpacks to ${declared} bytes,`);
  const entry =
    path === undefined ? undefined : unpackEntry(bytes, (name) => name === path, MAX_SCORE_BYTES);
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
  return { ok: true, text: decodeText(entry.bytes), compressed: true };
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
  return { ok: true, text: decodeText(input), compressed: false };
}
