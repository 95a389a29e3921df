/**
 * The pitches tied into each voice of a unit from the measure before: what
 * decides whether the unit's first note is a tie continuation (and so takes
 * no syllable).
 */
import type { Pitch } from '@scorelane/lanes-seq';
import type { UnitContent } from './score-types.ts';
import { tiedPitches, tiesLeaving } from './ties.ts';

/**
 * A lookup of the pitches tied into voice `voice` from `before`, the unit of
 * the same staff in the measure before (none when it is left out).
 *
 * @example
 * ```ts
 * tiedInFrom(view.unit(1, 1, 2)?.content)(1); // [B4] when m2's voice 1 ends with B4=1/2~
 * ```
 */
export function tiedInFrom(before: UnitContent | undefined): (voice: number) => readonly Pitch[] {
  return (voice) => {
    const events = before?.voices.find((candidate) => candidate.voice === voice)?.events;
    if (events === undefined) return [];
    return tiesLeaving(events).flatMap((at) => tiedPitches(events[at]!));
  };
}
