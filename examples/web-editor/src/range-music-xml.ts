/**
 * A range of measures of a score as a MusicXML file of its own, numbered as
 * in the score: what the engraving engraves for each range
 * (`chunked-engraving.ts`), so a range whose MusicXML is unchanged needs no
 * engraving again.
 */
import { exportMusicXml } from '@scorelane/musicxml';
import {
  createScore,
  printedNumbersOf,
  SCORE_TEXT_FIELDS,
  type ScoreInit,
} from '@scorelane/score-model';
import * as Y from 'yjs';

/** The measures `start` to `end` (1-based) of `content` as a score of their own, numbered as in the score. */
function rangeContent(content: ScoreInit, start: number, end: number): ScoreInit {
  const numbers = printedNumbersOf(content.measures);
  const measures = content.measures.slice(start - 1, end).map((info, index) => ({
    ...info,
    number: numbers[start - 1 + index]!,
  }));
  const units = (content.units ?? [])
    .filter((unit) => unit.measure >= start && unit.measure <= end)
    .map((unit) => ({ ...unit, measure: unit.measure - start + 1 }));
  // Only the first range shows the title and credits; the others' headers stay empty.
  const rest = Object.fromEntries(
    Object.entries(content).filter(
      ([name]) => start === 1 || !(SCORE_TEXT_FIELDS as readonly string[]).includes(name),
    ),
  ) as unknown as ScoreInit;
  return { ...rest, measures, units };
}

/**
 * The measures `start` to `end` (1-based) of `content` (a score's
 * `scoreContent`) as MusicXML; only the range from measure 1 carries the
 * title and credits.
 *
 * @example
 * ```ts
 * const xml = rangeMusicXml(scoreContent(score), 9, 16); // bars 9-16, numbered 9-16
 * ```
 */
export function rangeMusicXml(content: ScoreInit, start: number, end: number): string {
  return exportMusicXml(createScore(new Y.Doc(), rangeContent(content, start, end)));
}
