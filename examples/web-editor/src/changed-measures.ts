/**
 * Which measures the changes of a Y.Doc touched, for re-engraving only
 * those: a change of units names its units (and so their measures); a change
 * of parts, measures or the score's metadata touches every measure.
 */
import {
  type Score,
  scoreTypes,
  structureTypes,
  type UnitPlaces,
  unitPlaces,
} from '@scorelane/score-model';
import type * as Y from 'yjs';
import type { ChangedMeasures } from './chunked-engraving.ts';

/** What changed since the last `take`. */
export interface ChangedMeasuresLog {
  /** The measures changed since the last call (an empty set when none), and forgets them. */
  take(): ChangedMeasures;
}

/**
 * Follows `score`'s transactions from now on.
 *
 * @example
 * ```ts
 * const changes = followChangedMeasures(score);
 * renderOnChange(score.doc, () => engraving.update(changes.take()));
 * ```
 */
export function followChangedMeasures(score: Score): ChangedMeasuresLog {
  const types = scoreTypes(score.doc);
  const structure = structureTypes(score.doc);
  let places: UnitPlaces | null = null;
  let changed: 'all' | Set<number> = new Set();
  score.doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (changed === 'all') return;
    for (const [type, keys] of transaction.changed) {
      if (structure.has(type)) {
        changed = 'all';
        places = null;
        return;
      }
      if (type !== (types.units as unknown)) continue;
      places ??= unitPlaces(score);
      for (const key of keys) {
        const place = key === null ? undefined : places.placeOf(key);
        if (place) changed.add(place.measure);
      }
    }
  });
  return {
    take() {
      const taken = changed;
      changed = new Set();
      return taken;
    },
  };
}
