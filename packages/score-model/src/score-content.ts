/**
 * The whole score as plain values, attachments included: what an exporter
 * writes out, and what `createScore` takes back.
 */
import type { Score, ScoreInit, UnitInit } from './score.ts';
import type { MeasureInfo } from './score-types.ts';
import { viewScore } from './score-view.ts';

/**
 * Everything the score holds, in the shape `createScore` takes: parts,
 * measures and every unit with their attachments exactly as they were
 * stored. `createScore(new Y.Doc(), scoreContent(score))` makes a copy that
 * reads the same. Each unit's content is decoded once per stored value and
 * shared by every read of it until the unit is written again: it is
 * read-only, as its type says; copy it before changing it.
 *
 * @example
 * ```ts
 * const content = scoreContent(score);
 * content.units?.[0]?.content.voices[0]?.events[0]?.attachments; // { lyric: 'Freu-' }
 * ```
 */
export function scoreContent(score: Score): ScoreInit {
  const view = viewScore(score);
  const measures: MeasureInfo[] = [];
  const units: UnitInit[] = [];
  for (let measure = 1; measure <= view.measureCount; measure++) {
    measures.push(view.measure(measure)!.info);
    for (const part of view.parts) {
      for (let staff = 1; staff <= part.info.staves; staff++) {
        const unit = view.unit(part.index, staff, measure)!;
        units.push({ part: part.index, staff, measure, content: unit.content });
      }
    }
  }
  const { attachments } = view;
  return {
    ...view.texts,
    ...(attachments !== undefined ? { attachments } : {}),
    parts: view.parts.map((part) => part.info),
    measures,
    units,
  };
}
