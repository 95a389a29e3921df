/**
 * A score's content in the order it is played: each measure of a play
 * order in turn, with its units, so what reads a score from start to end
 * (MIDI export, a player's schedule) plays the repeats.
 */
import type { ScoreInit, UnitInit } from './score.ts';

/**
 * `content` with its measures in `order` (1-based written measures, as
 * `playOrderOf` gives them): the n-th measure of the result is
 * `order[n - 1]` of the score, with that measure's units. A tie at the end
 * of a measure carries into the measure played next.
 *
 * @throws RangeError for an order naming a measure the content does not have.
 * @example
 * ```ts
 * const played = playedContent(scoreContent(score), playOrder(score));
 * soundingNotes(played); // the notes of every pass
 * ```
 */
export function playedContent(content: ScoreInit, order: readonly number[]): ScoreInit {
  const unitsByMeasure = new Map<number, UnitInit[]>();
  for (const unit of content.units ?? []) {
    const list = unitsByMeasure.get(unit.measure) ?? [];
    list.push(unit);
    unitsByMeasure.set(unit.measure, list);
  }
  const units: UnitInit[] = [];
  const measures = order.map((written, index) => {
    const info = content.measures[written - 1];
    if (!info)
      throw new RangeError(`The play order names m${written}, which the score does not have.`);
    for (const unit of unitsByMeasure.get(written) ?? [])
      units.push({ ...unit, measure: index + 1 });
    return info;
  });
  return { ...content, measures, units };
}
