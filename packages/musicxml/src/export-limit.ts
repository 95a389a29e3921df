/**
 * Exports checked against what import reads: a score whose MusicXML would
 * pass {@link MAX_SCORE_BYTES} is refused (`too-large`) instead of written,
 * since Scorelane could not open the file again. The same limit on writes
 * as on reads.
 */
import type { Score } from '@scorelane/score-model';
import { exportMusicXml } from './export-musicxml.ts';
import { mxlOf } from './export-mxl.ts';
import { MAX_SCORE_BYTES } from './limits.ts';
import type { MusicXmlProblem } from './problem.ts';

/**
 * The most a checked export writes.
 *
 * @example
 * ```ts
 * const limit: ExportLimit = { maxBytes: 1024 }; // a test's small limit
 * ```
 */
export interface ExportLimit {
  /** Bytes of MusicXML text (an `.mxl`'s score unpacked); default {@link MAX_SCORE_BYTES}, what import reads. */
  readonly maxBytes?: number;
}

/**
 * A checked export: the file, or the problem that refused it.
 *
 * @example
 * ```ts
 * const result: LimitedExport<string> = exportMusicXmlWithinLimit(score);
 * if (!result.ok) console.error(result.problems[0].message);
 * ```
 */
export type LimitedExport<T> =
  | { readonly ok: true; readonly content: T }
  | { readonly ok: false; readonly problems: readonly MusicXmlProblem[] };

/**
 * {@link exportMusicXml}, refused as `too-large` when the text would pass
 * the limit that import reads.
 *
 * @example
 * ```ts
 * const result = exportMusicXmlWithinLimit(score);
 * if (result.ok) writeFileSync('score.musicxml', result.content);
 * ```
 */
export function exportMusicXmlWithinLimit(
  score: Score,
  limit: ExportLimit = {},
): LimitedExport<string> {
  const text = exportMusicXml(score);
  const problem = sizeProblem(text, limit.maxBytes ?? MAX_SCORE_BYTES);
  return problem ? { ok: false, problems: [problem] } : { ok: true, content: text };
}

/**
 * `exportMxl`, refused as `too-large` when the score inside would unpack
 * past the limit that import reads.
 *
 * @example
 * ```ts
 * const result = exportMxlWithinLimit(score);
 * if (result.ok) writeFileSync('score.mxl', result.content);
 * ```
 */
export function exportMxlWithinLimit(
  score: Score,
  limit: ExportLimit = {},
): LimitedExport<Uint8Array> {
  const checked = exportMusicXmlWithinLimit(score, limit);
  return checked.ok ? { ok: true, content: mxlOf(checked.content) } : checked;
}

function sizeProblem(text: string, maxBytes: number): MusicXmlProblem | undefined {
  // A UTF-8 byte is at least a character, so a short text needs no count.
  if (text.length * 3 <= maxBytes) return undefined;
  const bytes = utf8Length(text);
  if (bytes <= maxBytes) return undefined;
  return {
    code: 'too-large',
    message: `The score's MusicXML is ${size(bytes)}, more than the ${size(maxBytes)} Scorelane reads, so a file of it could not be opened again; nothing was written. Save it as .lanes, or split the score into smaller ones.`,
  };
}

/** The UTF-8 length of a string, without encoding it. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code < 0xe000;
}

function size(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return mib >= 1 ? `${Number(mib.toFixed(1))} MiB (${bytes} bytes)` : `${bytes} bytes`;
}
