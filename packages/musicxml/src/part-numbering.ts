/**
 * The numbers a part's writing needs before its first measure, read in one
 * walk over the part's units: how far apart the voices of its staves are
 * numbered, and the highest slur `number` its kept notes use.
 */
import { eventKeep } from './attachment-types.ts';
import type { ScoreSnapshot } from './score-snapshot.ts';
import { isElement, type XmlElement } from './xml-tree.ts';

/**
 * How a part's voices and model slurs are numbered: voice `v` of staff `s`
 * is written `v + (s - 1) * stride` (`stride` the highest voice of any of
 * its units, at least 1), and the model's slurs take numbers above
 * `keptSlurs`, the highest slur `number` the part's kept notes use (0 when
 * none, at most 16).
 *
 * @example
 * ```ts
 * partNumbering(snapshot, 1); // { stride: 2, keptSlurs: 1 } for a part with two voices and a kept slur numbered 1
 * ```
 */
export function partNumbering(
  snapshot: ScoreSnapshot,
  part: number,
): { stride: number; keptSlurs: number } {
  let stride = 1;
  let keptSlurs = 0;
  const staves = snapshot.parts[part - 1]?.staves ?? 1;
  // One walk for both: export asks for every unit of every part, and each walk over them adds up.
  for (let measure = 1; measure <= snapshot.measures.length; measure++)
    for (let staff = 1; staff <= staves; staff++)
      for (const voice of snapshot.unit(part, staff, measure).voices) {
        if (voice.voice > stride) stride = voice.voice;
        for (const event of voice.events)
          if (event.attachments !== undefined)
            for (const note of eventKeep(event)?.notes ?? [])
              keptSlurs = highestSlur(note, keptSlurs);
      }
  return { stride, keptSlurs };
}

/** The highest slur `number` a kept note uses, or `highest` (walked without copying its children). */
function highestSlur(note: XmlElement, highest: number): number {
  for (const notations of note.c ?? []) {
    if (!isElement(notations) || notations.n !== 'notations') continue;
    for (const slur of notations.c ?? []) {
      if (!isElement(slur) || slur.n !== 'slur') continue;
      const number = Number(slur.a?.number ?? '1');
      if (Number.isInteger(number) && number > highest) highest = Math.min(number, 16);
    }
  }
  return highest;
}
