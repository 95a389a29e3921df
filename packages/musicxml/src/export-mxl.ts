/**
 * Compressed MusicXML (`.mxl`): the exported score zipped with the container
 * that tells readers where it is.
 */
import type { Score } from '@scorelane/score-model';
import { strToU8, zipSync } from 'fflate';
import { exportMusicXml } from './export-musicxml.ts';

/** The score's name inside the archive. */
const SCORE_PATH = 'score.musicxml';

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container>
  <rootfiles>
    <rootfile full-path="${SCORE_PATH}" media-type="application/vnd.recordare.musicxml+xml"/>
  </rootfiles>
</container>
`;

/**
 * Writes the score as compressed MusicXML: a zip whose first entry is the
 * uncompressed `mimetype`, then `META-INF/container.xml` naming the score,
 * then the score exactly as {@link exportMusicXml} writes it.
 *
 * @example
 * ```ts
 * writeFileSync('out.mxl', exportMxl(score));
 * importMusicXml(readFileSync('out.mxl')); // reads it back
 * ```
 */
export function exportMxl(score: Score): Uint8Array {
  return mxlOf(exportMusicXml(score));
}

/**
 * The `.mxl` archive of MusicXML text, as {@link exportMxl} writes it.
 *
 * @example
 * ```ts
 * mxlOf(exportMusicXml(score)); // the same bytes as exportMxl(score)
 * ```
 */
export function mxlOf(text: string): Uint8Array {
  return zipSync({
    mimetype: [strToU8('application/vnd.recordare.musicxml'), { level: 0 }],
    'META-INF/container.xml': strToU8(CONTAINER),
    [SCORE_PATH]: strToU8(text),
  });
}
