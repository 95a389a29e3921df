/**
 * What `get_score_info` reports, kept up to date from the changes instead of
 * read from the whole score on every call: the score's info (parts,
 * signatures, pickups, printed numbers), the voices each part uses, and the
 * synopsis. One overview per Y.Doc follows its transactions: a change of
 * units updates the statistics of those units alone (and the synopsis lines
 * of their blocks); a change of parts, measures or the score's metadata
 * makes the next call read the score again.
 */
import {
  type Score,
  type ScoreInfo,
  scoreContent,
  scoreInfo,
  scoreTypes,
  structureTypes,
  type UnitPlaces,
  unitPlaces,
} from '@scorelane/score-model';
import type * as Y from 'yjs';
import { barlineSummary } from './barline-summary.ts';
import { type ShortMeasure, sectionPickups } from './section-pickups.ts';
import { headedSynopsis, statsOfContent, synopsisRenderer } from './synopsis.ts';
import { type SynopsisStats, unitStat } from './synopsis-model.ts';

/** The overview of a score as it is now; the revision is not part of it. */
export interface ScoreOverview {
  /**
   * `scoreInfo(score)` without its revision (which moves with any change,
   * the activity log's included), its `pickups` only the measures short at
   * the start of a section (see `section-pickups.ts`).
   */
  readonly info: Omit<ScoreInfo, 'revision'>;
  /** The other measures whose length is not their time signature's: short final bars, bars split at repeats. */
  readonly shortMeasures: readonly ShortMeasure[];
  /** The voice numbers each part uses anywhere, sorted; part 1 first. */
  readonly voices: readonly (readonly number[])[];
  readonly synopsis: string;
}

/** Everything read from the score at the last full read, and updated since. */
interface Built {
  readonly places: UnitPlaces;
  readonly info: Omit<ScoreInfo, 'revision'>;
  readonly shortMeasures: readonly ShortMeasure[];
  readonly stats: SynopsisStats;
  readonly synopsis: ReturnType<typeof synopsisRenderer>;
  /** The synopsis line of the bar lines (`barline-summary.ts`), `''` when all are plain. */
  readonly barlines: string;
  /** Per part, how many units use each voice number. */
  readonly voiceCounts: Map<number, number>[];
  /** The voice numbers of each unit, by `part/staff/measure`. */
  readonly unitVoices: Map<string, readonly number[]>;
}

interface Follower {
  built: Built | undefined;
  /** Unit keys written since the overview was last brought up to date. */
  readonly changedUnits: Set<string>;
  /** Whether parts, measures or metadata changed since. */
  structureChanged: boolean;
  answer: ScoreOverview | undefined;
}

const followers = new WeakMap<Y.Doc, Follower>();

function follow(doc: Y.Doc): Follower {
  const existing = followers.get(doc);
  if (existing) return existing;
  const follower: Follower = {
    built: undefined,
    changedUnits: new Set(),
    structureChanged: true,
    answer: undefined,
  };
  const types = scoreTypes(doc);
  const structure = structureTypes(doc);
  doc.on('afterTransaction', (transaction: Y.Transaction) => {
    for (const [type, keys] of transaction.changed) {
      if (type === (types.units as unknown)) {
        for (const key of keys) if (key !== null) follower.changedUnits.add(key);
        follower.answer = undefined;
      } else if (structure.has(type)) {
        follower.structureChanged = true;
        follower.answer = undefined;
      }
    }
  });
  followers.set(doc, follower);
  return follower;
}

const placeKey = (part: number, staff: number, measure: number) => `${part}/${staff}/${measure}`;

function countVoices(counts: Map<number, number>, voices: readonly number[], step: 1 | -1): void {
  for (const voice of voices) {
    const count = (counts.get(voice) ?? 0) + step;
    if (count === 0) counts.delete(voice);
    else counts.set(voice, count);
  }
}

/** Reads the whole score: on the first call, and after its parts, measures or metadata changed. */
function build(score: Score): Built {
  const { revision: _revision, ...whole } = scoreInfo(score);
  const content = scoreContent(score);
  const { pickups, others } = sectionPickups(content);
  const info = { ...whole, pickups };
  const voiceCounts = content.parts.map(() => new Map<number, number>());
  const unitVoices = new Map<string, readonly number[]>();
  for (const unit of content.units ?? []) {
    const voices = unit.content.voices.map((voice) => voice.voice);
    unitVoices.set(placeKey(unit.part, unit.staff, unit.measure), voices);
    const counts = voiceCounts[unit.part - 1];
    if (counts) countVoices(counts, voices, 1);
  }
  const stats = statsOfContent(content);
  return {
    places: unitPlaces(score),
    info,
    barlines: barlineSummary(content.measures),
    shortMeasures: others,
    stats,
    synopsis: synopsisRenderer(stats),
    voiceCounts,
    unitVoices,
  };
}

/** Brings the statistics of the units written since the last call up to date. */
function updateUnits(built: Built, keys: Iterable<string>): void {
  for (const key of keys) {
    const place = built.places.placeOf(key);
    if (place === undefined) continue;
    const content = built.places.contentAt(place);
    if (content === undefined) continue;
    built.stats.setUnit(place.part, place.staff, place.measure, unitStat(content));
    const at = placeKey(place.part, place.staff, place.measure);
    const counts = built.voiceCounts[place.part - 1];
    if (counts) {
      countVoices(counts, built.unitVoices.get(at) ?? [], -1);
      const voices = content.voices.map((voice) => voice.voice);
      countVoices(counts, voices, 1);
      built.unitVoices.set(at, voices);
    }
  }
}

/**
 * The overview of `score` as it is now. The first call reads the whole
 * score; later calls cost what changed since (a unit's statistics, the
 * synopsis lines of its block), or nothing when nothing did, until parts,
 * measures or the metadata change, which reads the score again.
 *
 * @example
 * ```ts
 * const overview = scoreOverview(score);
 * overview.info.measureCount; // 8000
 * overview.synopsis; // 'Synopsis. Parts overall, then blocks of 512 measures: ...'
 * ```
 */
export function scoreOverview(score: Score): ScoreOverview {
  const follower = follow(score.doc);
  if (follower.answer) return follower.answer;
  if (follower.built === undefined || follower.structureChanged) {
    follower.structureChanged = false;
    follower.changedUnits.clear();
    follower.built = build(score);
  } else {
    updateUnits(follower.built, follower.changedUnits);
    follower.changedUnits.clear();
  }
  const built = follower.built;
  follower.answer = {
    info: built.info,
    shortMeasures: built.shortMeasures,
    voices: built.voiceCounts.map((counts) => [...counts.keys()].sort((a, b) => a - b)),
    synopsis: headedSynopsis(
      built.info,
      built.barlines === '' ? built.synopsis.text() : `${built.barlines}\n${built.synopsis.text()}`,
    ),
  };
  return follower.answer;
}
