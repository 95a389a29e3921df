/**
 * What `export_score` answers, as the file the browser downloads: its name
 * (the tool's, from the score's title), its MIME type and its bytes (text as
 * UTF-8, MIDI decoded from base64). The page's download buttons call the
 * same tool an agent calls, so both get the same file.
 */

/** The formats the page downloads, as `export_score` names them. */
export const DOWNLOAD_FORMATS = ['musicxml', 'lanes', 'midi'] as const;

/** One of {@link DOWNLOAD_FORMATS}. */
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The fields of `export_score`'s output a download needs. */
export interface ExportOutput {
  readonly file_name: string;
  readonly mime_type: string;
  readonly encoding: 'utf-8' | 'base64';
  readonly content: string;
}

/** A file to download. */
export interface DownloadFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: Uint8Array;
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

/**
 * The file an `export_score` output describes.
 *
 * @example
 * ```ts
 * exportedFile({ file_name: 'ode.mid', mime_type: 'audio/midi', encoding: 'base64', content: 'TVRoZA==' });
 * // { name: 'ode.mid', type: 'audio/midi', bytes: Uint8Array [77, 84, 104, 100] }
 * ```
 */
export function exportedFile(output: ExportOutput): DownloadFile {
  return {
    name: output.file_name,
    type: output.mime_type,
    bytes:
      output.encoding === 'base64'
        ? fromBase64(output.content)
        : new TextEncoder().encode(output.content),
  };
}
