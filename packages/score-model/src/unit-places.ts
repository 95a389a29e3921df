/**
 * Where the units a change touched sit, for caches that follow a score's
 * changes instead of reading it whole: a Yjs change of the units map names
 * the keys it wrote, and this says which part, staff and measure each key
 * is, and what that unit holds now. The key's format stays inside this
 * package.
 */
import type * as Y from 'yjs';
import { scoreTypes, unitKey } from './layout.ts';
import type { Score } from './score.ts';
import type { UnitContent } from './score-types.ts';
import { viewScore } from './score-view.ts';

/** A unit's place: 1-based part, staff and measure. */
export interface UnitPlace {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
}

/** The units of a score's parts and measures as they were when {@link unitPlaces} was called. */
export interface UnitPlaces {
  /** The place of the unit stored under `key`, or undefined when no part and measure of the score hold it. */
  placeOf(key: string): UnitPlace | undefined;
  /** What the unit at `place` holds now (a full-measure rest when it was never written or is malformed); undefined outside the score. */
  contentAt(place: UnitPlace): UnitContent | undefined;
}

/**
 * The places of a score's units, for its parts and measures as they are now
 * (build it again after parts or measures change). Building costs one pass
 * over the part and measure lists; each lookup after that is constant.
 *
 * @example
 * ```ts
 * const places = unitPlaces(score);
 * doc.on('afterTransaction', (tr) => {
 *   for (const key of tr.changed.get(scoreTypes(doc).units) ?? []) {
 *     const place = key === null ? undefined : places.placeOf(key);
 *     if (place) console.log(place, places.contentAt(place));
 *   }
 * });
 * ```
 */
export function unitPlaces(score: Score): UnitPlaces {
  const types = scoreTypes(score.doc);
  const parts = types.partOrder.toArray();
  const partIndex = new Map(parts.map((id, index) => [id, index + 1]));
  const measureIndex = new Map(types.measureOrder.toArray().map((id, index) => [id, index + 1]));
  return {
    placeOf(key) {
      // The key is partId/staff/measureId (see unitKey); ids hold no slash.
      const [partId, staffText, measureId, ...rest] = key.split('/');
      if (rest.length > 0 || partId === undefined || measureId === undefined) return undefined;
      const part = partIndex.get(partId);
      const measure = measureIndex.get(measureId);
      const staff = Number(staffText);
      if (part === undefined || measure === undefined || !Number.isInteger(staff)) return undefined;
      if (unitKey(partId, staff, measureId) !== key) return undefined;
      return { part, staff, measure };
    },
    contentAt(place) {
      return viewScore(score).unit(place.part, place.staff, place.measure)?.content;
    },
  };
}

/**
 * The shared types of `doc` whose change moves units to other places (the
 * score's metadata, its parts and its measures): after a transaction that
 * changed one of them, a cache built on {@link unitPlaces} builds it again.
 *
 * @example
 * ```ts
 * const structure = structureTypes(doc);
 * doc.on('afterTransaction', (tr) => {
 *   if ([...tr.changed.keys()].some((type) => structure.has(type))) places = unitPlaces(score);
 * });
 * ```
 */
export function structureTypes(doc: Y.Doc): ReadonlySet<unknown> {
  const types = scoreTypes(doc);
  return new Set<unknown>([
    types.meta,
    types.partOrder,
    types.parts,
    types.measureOrder,
    types.measures,
  ]);
}
