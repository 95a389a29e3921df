/**
 * Choosing the divisions of a whole score: every duration, onset and kept
 * offset it will write.
 */
import { add, rational } from '@scorelane/lanes-seq';
import { DivisionsNeeded } from './divisions.ts';
import type { ScoreSnapshot } from './score-snapshot.ts';
import { parseAt, unitKeep } from './unit-keep.ts';
import { keptDurations, lengthOf } from './write-measure.ts';
import { printedPieces } from './write-note.ts';

/**
 * The `<divisions>` a score is written with: the least number per quarter
 * note in which every duration, onset and kept offset is whole.
 *
 * @throws RangeError when no number below 2^31 does, or a value would be more
 *   than 2^53 divisions.
 * @example
 * ```ts
 * scoreDivisions(readScore(score)); // 12 for a score of triplet eighths and sixteenths
 * ```
 */
export function scoreDivisions(snapshot: ScoreSnapshot): number {
  const needed = new DivisionsNeeded();
  snapshot.measures.forEach((info, measureIndex) => {
    needed.need(lengthOf(info));
    snapshot.parts.forEach((part, partIndex) => {
      for (let staff = 1; staff <= part.staves; staff++) {
        const content = snapshot.unit(partIndex + 1, staff, measureIndex + 1);
        for (const voice of content.voices) {
          let onset = rational(0);
          for (const event of voice.events) {
            if (event.grace) continue;
            needed.need(event.duration);
            if (event.attachments === undefined && event.kind !== 'space') {
              for (const piece of printedPieces(event.duration)) needed.need(piece.duration);
            }
            onset = add(onset, event.duration);
            needed.need(onset);
          }
        }
        for (const item of unitKeep(content.attachments).items ?? []) {
          needed.need(parseAt(item.at));
          for (const text of keptDurations(item.x)) needed.need(parseAt(text.replace(/^-/, '')));
        }
      }
    });
  });
  needed.checkWritable();
  return needed.value;
}
