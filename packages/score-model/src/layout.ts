/**
 * How a score is laid out in a Y.Doc. Every shared type is a top-level type
 * with a fixed name, so two peers that open the same document find the same
 * types (nested types created concurrently would replace one another).
 *
 * | name | type | holds |
 * | --- | --- | --- |
 * | `scorelane.meta` | Y.Map | `format` (1), the score texts (`title`, `composer`, ...), `attachments` (an importer's, for the whole score) |
 * | `scorelane.partOrder` | Y.Array<string> | part ids in order |
 * | `scorelane.parts` | Y.Map<StoredPart> | part id -> name, abbreviation, staves, clefs, program, transposition |
 * | `scorelane.measureOrder` | Y.Array<string> | measure ids in order |
 * | `scorelane.measures` | Y.Map<StoredMeasure> | measure id -> time, key, pickup, number, bar lines |
 * | `scorelane.units` | Y.Map<StoredUnit> | `partId/staff/measureId` -> voices and events, clef changes |
 *
 * Every stored value is a plain JSON object, replaced whole and never edited
 * in place.
 */
import * as Y from 'yjs';
import type { Json } from './json.ts';

/** The version of this layout, stored as `meta.format`. */
export const LAYOUT_FORMAT = 1;

/** The key of `meta` under which a score's own attachments (`ScoreInit.attachments`) are stored. */
export const SCORE_ATTACHMENTS_KEY = 'attachments';

/**
 * The names of the top-level shared types a score uses.
 *
 * @example
 * ```ts
 * doc.getMap(ROOT_NAMES.units).size; // how many units the score holds
 * ```
 */
export const ROOT_NAMES = {
  meta: 'scorelane.meta',
  partOrder: 'scorelane.partOrder',
  parts: 'scorelane.parts',
  measureOrder: 'scorelane.measureOrder',
  measures: 'scorelane.measures',
  units: 'scorelane.units',
} as const;

/** An exact duration as `[numerator, denominator]`. */
export type StoredRational = readonly [number, number];

/** A part as stored. */
export interface StoredPart {
  readonly name: string;
  readonly staves: number;
  readonly clefs: readonly string[];
  readonly program?: number;
  readonly abbreviation?: string;
  readonly transposition?: {
    readonly chromatic: number;
    readonly diatonic: number;
    readonly octaveChange?: number;
  };
  readonly attachments?: Json;
}

/** A measure as stored: the signatures in force in it. */
export interface StoredMeasure {
  readonly time: readonly [number, number];
  readonly key: {
    readonly step: string;
    readonly alter: number;
    readonly mode: string;
    readonly fifths: number;
    /** Present (`true`) when the source gave no mode. */
    readonly modeUnstated?: boolean;
  };
  readonly pickup?: StoredRational;
  readonly number?: string;
  /** `MeasureBarlines` as plain JSON; checked when read. */
  readonly barlines?: Json;
  readonly attachments?: Json;
}

/** One note of a stored chord. */
export interface StoredChordNote {
  readonly pitch: string;
  readonly tie?: true;
  /** The finger, 0 to 5, when the note has one. */
  readonly fingering?: number;
}

/** One syllable as stored; `hyphen` and `extend` only when true. */
export interface StoredLyric {
  readonly verse: number;
  readonly text: string;
  readonly hyphen?: true;
  readonly extend?: true;
}

/** Marks at an onset of a voice where it has no event, as stored. */
export interface StoredOnsetMarks {
  readonly onset: StoredRational;
  readonly marks: readonly Json[];
}

/** One event as stored; pitches as lanes-seq writes them (`F#4`). */
export interface StoredEvent {
  readonly kind: 'note' | 'chord' | 'rest' | 'space';
  readonly duration: StoredRational;
  readonly pitch?: string;
  readonly notes?: readonly StoredChordNote[];
  readonly grace?: true;
  readonly tie?: true;
  /** The event's marks, each the plain mark (a tempo's beat as `[num, den]`); left out when none. */
  readonly marks?: readonly Json[];
  /** The syllables sung on it, one per verse; left out when none. */
  readonly lyrics?: readonly StoredLyric[];
  readonly attachments?: Json;
}

/** One voice as stored. */
export interface StoredVoice {
  readonly voice: number;
  readonly events: readonly StoredEvent[];
  /** Marks where the voice has no event; left out when none. */
  readonly onsetMarks?: readonly StoredOnsetMarks[];
}

/** One unit as stored, replaced whole on every write. */
export interface StoredUnit {
  readonly voices: readonly StoredVoice[];
  /** Clef changes on the unit's staff, in onset order; left out when none. */
  readonly clefs?: readonly { readonly onset: StoredRational; readonly clef: string }[];
  readonly attachments?: Json;
}

/** The shared types of a score in one Y.Doc. */
export interface ScoreTypes {
  readonly meta: Y.Map<unknown>;
  readonly partOrder: Y.Array<string>;
  readonly parts: Y.Map<StoredPart>;
  readonly measureOrder: Y.Array<string>;
  readonly measures: Y.Map<StoredMeasure>;
  readonly units: Y.Map<StoredUnit>;
}

/**
 * The score's shared types in `doc`. Getting them writes nothing: top-level
 * types are not part of the document's state until something is stored in
 * them. Hand them to a `Y.UndoManager` to make score writes undoable.
 *
 * @example
 * ```ts
 * const undo = new Y.UndoManager(Object.values(scoreTypes(doc)), { trackedOrigins: new Set(['agent']) });
 * ```
 */
export function scoreTypes(doc: Y.Doc): ScoreTypes {
  return {
    meta: doc.getMap(ROOT_NAMES.meta),
    partOrder: doc.getArray(ROOT_NAMES.partOrder),
    parts: doc.getMap(ROOT_NAMES.parts),
    measureOrder: doc.getArray(ROOT_NAMES.measureOrder),
    measures: doc.getMap(ROOT_NAMES.measures),
    units: doc.getMap(ROOT_NAMES.units),
  };
}

/** The key of a unit in `scorelane.units`. */
export function unitKey(partId: string, staff: number, measureId: string): string {
  return `${partId}/${staff}/${measureId}`;
}

/** The Yjs id of a change, `{ client, clock }`. */
export type ChangeId = Y.ID;

/**
 * The id of the Yjs item that holds `key` in `map` now, whether or not it
 * was deleted since: every write of a key, an undo or redo included, makes a
 * new item with a new id, so the id tells who last changed the key and when.
 * It reads `map._map`, the table `Y.Map` itself reads, declared in Yjs's types.
 */
export function entryId<T>(map: Y.Map<T>, key: string): ChangeId | undefined {
  return map._map.get(key)?.id;
}

/**
 * Fresh ids for `count` new parts or measures, unique across peers: the
 * writer's client id and its clock now, which no later write of the same
 * client repeats once something is written.
 */
export function freshIds(doc: Y.Doc, prefix: string, count: number): string[] {
  const client = doc.clientID;
  const clock = Y.getState(doc.store, client);
  const base = `${prefix}${client.toString(36)}.${clock.toString(36)}`;
  return Array.from({ length: count }, (_, index) => `${base}.${index.toString(36)}`);
}
