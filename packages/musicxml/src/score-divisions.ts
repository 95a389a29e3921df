/**
 * Choosing the divisions of a whole score: every duration, onset and kept
 * offset it will write.
 */
import type { VoiceContent } from '@scorelane/score-model';
import { DivisionsNeeded } from './divisions.ts';
import { notationOf } from './duration-notation.ts';
import type { ScoreSnapshot } from './score-snapshot.ts';
import { parseAt, unitKeep } from './unit-keep.ts';
import { keptDurations, lengthOf } from './write-measure.ts';
import { printedPieces } from './write-note.ts';

/**
 * The `<divisions>` a score is written with: the least number per quarter
 * note in which every duration, onset and kept offset is whole. `eachVoice`,
 * when given, is shown every voice of every unit on the way (its part
 * 1-based), for a caller that reads something else of each voice in the
 * same walk.
 *
 * @throws RangeError when no number below 2^31 does, or a value would be more
 *   than 2^53 divisions.
 * @example
 * ```ts
 * scoreDivisions(readScore(score)); // 12 for a score of triplet eighths and sixteenths
 * ```
 */
export function scoreDivisions(
  snapshot: ScoreSnapshot,
  eachVoice?: (part: number, voice: VoiceContent) => void,
): number {
  const needed = new DivisionsNeeded();
  // Plain loops (no closure per measure and part) and the printed pieces asked for only when
  // a duration is tied pieces: a single value or tuplet prints as the duration already needed.
  for (let measure = 1; measure <= snapshot.measures.length; measure++) {
    needed.need(lengthOf(snapshot.measures[measure - 1]!));
    for (let part = 1; part <= snapshot.parts.length; part++) {
      const staves = snapshot.parts[part - 1]!.staves;
      for (let staff = 1; staff <= staves; staff++) {
        const content = snapshot.unit(part, staff, measure);
        for (const voice of content.voices) {
          // An onset is a sum of durations, so it is whole in any divisions that make each
          // duration whole: only the voice's end, the largest onset, is asked to be writable.
          let end = 0;
          for (const event of voice.events) {
            if (event.grace) continue;
            const { duration } = event;
            needed.need(duration);
            if (event.attachments === undefined && event.kind !== 'space') {
              if (notationOf(duration).kind === 'tied')
                for (const piece of printedPieces(duration)) needed.need(piece.duration);
            }
            end += duration.num / duration.den;
          }
          needed.reach(end);
          if (eachVoice !== undefined) eachVoice(part, voice);
        }
        for (const item of unitKeep(content.attachments).items ?? []) {
          needed.need(parseAt(item.at));
          for (const text of keptDurations(item.x)) needed.need(parseAt(text.replace(/^-/, '')));
        }
      }
    }
  }
  needed.checkWritable();
  return needed.value;
}
