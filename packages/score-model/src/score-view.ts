/**
 * Reading a score's state out of its Y.Doc: parts, measures and units by
 * 1-based index. Reads only; every planner and reader goes through here.
 */
import { decodeMeasure, decodePart } from './codec.ts';
import type { Json } from './json.ts';
import {
  type ChangeId,
  entryId,
  SCORE_ATTACHMENTS_KEY,
  type ScoreTypes,
  scoreTypes,
  unitKey,
} from './layout.ts';
import { restUnit } from './measure-length.ts';
import type { Score } from './score.ts';
import { type ScoreTexts, storedTexts } from './score-texts.ts';
import type { MeasureInfo, PartInfo, UnitContent } from './score-types.ts';
import { storedUnitContent } from './stored-unit-content.ts';

/** A part with its place and id. */
export interface PartEntry {
  readonly index: number;
  readonly id: string;
  readonly info: PartInfo;
}

/** A measure with its place, id, and the Yjs id of the last change to its signatures. */
export interface MeasureEntry {
  readonly index: number;
  readonly id: string;
  readonly info: MeasureInfo;
  readonly written: ChangeId;
}

/**
 * A unit's content; `written` (the Yjs id of its last change) is missing for
 * a unit never written (a full-measure rest). `malformed` marks a stored
 * value that is not a unit: it reads as a full-measure rest, `validate`
 * reports it, and a rewrite replaces it.
 */
export interface UnitEntry {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  readonly key: string;
  readonly content: UnitContent;
  readonly written?: ChangeId;
  readonly malformed?: true;
}

/** A read-only view of a score, caching what it decodes. */
export interface ScoreView {
  readonly types: ScoreTypes;
  /** Every score text the score has (title, subtitle, composer, ...). */
  readonly texts: ScoreTexts;
  /** What an importer kept for the score as a whole (`ScoreInit.attachments`), if anything. */
  readonly attachments: Json | undefined;
  readonly measureCount: number;
  readonly parts: readonly PartEntry[];
  measure(index: number): MeasureEntry | undefined;
  unit(part: number, staff: number, measure: number): UnitEntry | undefined;
  /**
   * Whether the unit may hold clef changes, read from its stored value
   * without decoding its events: `false` means `unit(...)` has none (a unit
   * never written, or stored without `clefs`); `true` means look at `unit`.
   */
  mayHoldClefChanges(part: number, staff: number, measure: number): boolean;
}

/** Staves a part may have, and parts a score, for {@link unitCacheKey}. */
const CACHED_STAVES = 2 ** 8;
const CACHED_PARTS = 2 ** 16;

/**
 * A number naming part, staff and measure, for the view's cache of units
 * (building a string key per read cost more than the read); `undefined` for
 * a place no unit can be at, which is looked up every time.
 */
function unitCacheKey(part: number, staff: number, measure: number): number | undefined {
  const valid =
    Number.isInteger(part) &&
    Number.isInteger(staff) &&
    Number.isInteger(measure) &&
    part >= 1 &&
    part < CACHED_PARTS &&
    staff >= 1 &&
    staff < CACHED_STAVES &&
    measure >= 1 &&
    measure < 2 ** 28;
  return valid ? (measure * CACHED_STAVES + staff) * CACHED_PARTS + part : undefined;
}

/**
 * A view of the score as it is now. Decoding is lazy and cached, so the cost
 * follows what is read, not the size of the score.
 */
export function viewScore(score: Score): ScoreView {
  const types = scoreTypes(score.doc);
  const measures = new Map<number, MeasureEntry | undefined>();
  const units = new Map<number, UnitEntry | undefined>();
  let parts: PartEntry[] | undefined;
  const view: ScoreView = {
    types,
    get texts() {
      return storedTexts(types.meta);
    },
    get attachments() {
      return types.meta.get(SCORE_ATTACHMENTS_KEY) as Json | undefined;
    },
    get measureCount() {
      return types.measureOrder.length;
    },
    get parts() {
      if (!parts) {
        parts = [];
        for (const id of types.partOrder.toArray()) {
          const stored = types.parts.get(id);
          if (stored) parts.push({ index: parts.length + 1, id, info: decodePart(stored) });
        }
      }
      return parts;
    },
    measure(index) {
      if (measures.has(index)) return measures.get(index);
      let entry: MeasureEntry | undefined;
      if (Number.isInteger(index) && index >= 1 && index <= types.measureOrder.length) {
        const id = types.measureOrder.get(index - 1);
        const stored = types.measures.get(id);
        const written = entryId(types.measures, id);
        if (stored && written) entry = { index, id, info: decodeMeasure(stored), written };
      }
      measures.set(index, entry);
      return entry;
    },
    unit(part, staff, measure) {
      const cacheKey = unitCacheKey(part, staff, measure);
      const cached = cacheKey !== undefined ? units.get(cacheKey) : undefined;
      if (cached !== undefined || (cacheKey !== undefined && units.has(cacheKey))) return cached;
      let entry: UnitEntry | undefined;
      const partEntry = view.parts[part - 1];
      const measureEntry = view.measure(measure);
      if (partEntry && measureEntry && staff >= 1 && staff <= partEntry.info.staves) {
        const key = unitKey(partEntry.id, staff, measureEntry.id);
        // One lookup for the value and the id of the Yjs item that holds it (`entryId`).
        const item = types.units._map.get(key);
        const written = item?.id;
        const stored: unknown =
          item !== undefined && !item.deleted
            ? item.content.getContent()[item.length - 1]
            : undefined;
        const content = stored !== undefined && written ? storedUnitContent(stored) : undefined;
        entry =
          stored === undefined || !written
            ? { part, staff, measure, key, content: restUnit(measureEntry.info) }
            : content === undefined
              ? {
                  part,
                  staff,
                  measure,
                  key,
                  content: restUnit(measureEntry.info),
                  written,
                  malformed: true,
                }
              : { part, staff, measure, key, content, written };
      }
      if (cacheKey !== undefined) units.set(cacheKey, entry);
      return entry;
    },
    mayHoldClefChanges(part, staff, measure) {
      const partEntry = view.parts[part - 1];
      if (!partEntry || !Number.isInteger(measure) || measure < 1) return false;
      if (measure > types.measureOrder.length) return false;
      const stored: unknown = types.units.get(
        unitKey(partEntry.id, staff, types.measureOrder.get(measure - 1)),
      );
      const clefs = (stored as { clefs?: unknown } | null | undefined)?.clefs;
      return Array.isArray(clefs) && clefs.length > 0;
    },
  };
  return view;
}

/** The signatures of measures 1-`last` of `view` (all of them when left out), in order. */
export function measureInfos(view: ScoreView, last = view.measureCount): MeasureInfo[] {
  const infos: MeasureInfo[] = [];
  for (let index = 1; index <= Math.min(last, view.measureCount); index++)
    infos.push(view.measure(index)!.info);
  return infos;
}
