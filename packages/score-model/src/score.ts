/**
 * The score handle: a Y.Doc that holds a score, and the transaction origin
 * the host wants on every write made through it.
 */
import { formatRational } from '@scorelane/lanes-seq';
import type * as Y from 'yjs';
import { encodeMeasure, encodePart, encodeUnit } from './codec.ts';
import type { Json } from './json.ts';
import {
  freshIds,
  LAYOUT_FORMAT,
  ROOT_NAMES,
  SCORE_ATTACHMENTS_KEY,
  scoreTypes,
  unitKey,
} from './layout.ts';
import { restUnit } from './measure-length.ts';
import { SCORE_TEXT_FIELDS, type ScoreTexts } from './score-texts.ts';
import type { MeasureInfo, PartInfo, UnitContent } from './score-types.ts';

/**
 * A score on a Y.Doc. It holds no state of its own: every read looks at the
 * document, so a score opened on a doc synced by a provider sees remote edits
 * as they arrive.
 *
 * @example
 * ```ts
 * const score = openScore(doc, { origin: 'agent' });
 * score.doc === doc; // true
 * ```
 */
export interface Score {
  readonly doc: Y.Doc;
  /** The transaction origin of every write made through this handle. */
  readonly origin: unknown;
}

/**
 * Options for {@link createScore} and {@link openScore}.
 *
 * @example
 * ```ts
 * openScore(doc, { origin: 'agent' });
 * ```
 */
export interface ScoreOptions {
  /** The transaction origin of writes; an undo manager can track it. Default `null`. */
  readonly origin?: unknown;
}

/**
 * The content of one unit when a score is created. Numbers are 1-based.
 *
 * @example
 * ```ts
 * const unit: UnitInit = { part: 1, staff: 1, measure: 1, content: { voices: [{ voice: 1, events }] } };
 * ```
 */
export interface UnitInit {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  readonly content: UnitContent;
}

/**
 * Everything a new score holds: its texts (title, composer, ...), parts,
 * measures and units. A (part, staff, measure) without a unit holds one
 * voice with a rest filling the measure.
 *
 * @example
 * ```ts
 * const init: ScoreInit = {
 *   title: 'Ode',
 *   parts: [{ name: 'Violin', staves: 1, clefs: ['treble'] }],
 *   measures: [{ time: { beats: 4, beatType: 4 }, key: keySignature({ step: 'C', alter: 0 }, 'major')! }],
 * };
 * ```
 */
export interface ScoreInit extends ScoreTexts {
  readonly parts: readonly PartInfo[];
  readonly measures: readonly MeasureInfo[];
  readonly units?: readonly UnitInit[];
  /**
   * What an importer keeps for the score as a whole (a file's header, say),
   * for its exporter to write back. It belongs to no part, so removing or
   * moving parts never loses it.
   */
  readonly attachments?: Json;
}

function checkInit(init: ScoreInit): void {
  if (init.parts.length === 0) throw new RangeError('A score needs at least one part.');
  if (init.measures.length === 0) throw new RangeError('A score needs at least one measure.');
  init.parts.forEach((part, index) => {
    if (!Number.isInteger(part.staves) || part.staves < 1 || part.clefs.length !== part.staves) {
      throw new RangeError(
        `Part ${index + 1} ("${part.name}") needs one clef per staff: ${part.staves} staves, ${part.clefs.length} clefs.`,
      );
    }
  });
  for (const [index, measure] of init.measures.entries()) {
    const { beats, beatType } = measure.time;
    if (!Number.isInteger(beats) || beats < 1 || !Number.isInteger(beatType) || beatType < 1) {
      throw new RangeError(
        `Measure ${index + 1} has an invalid time signature ${beats}/${beatType}.`,
      );
    }
    if (measure.pickup && measure.pickup.num <= 0) {
      throw new RangeError(
        `Measure ${index + 1} has a pickup length ${formatRational(measure.pickup)}.`,
      );
    }
  }
  for (const unit of init.units ?? []) {
    const part = init.parts[unit.part - 1];
    if (!part || unit.staff < 1 || unit.staff > part.staves) {
      throw new RangeError(`No staff ${unit.staff} of part ${unit.part} for a unit.`);
    }
    if (unit.measure < 1 || unit.measure > init.measures.length) {
      throw new RangeError(`No measure ${unit.measure} for a unit.`);
    }
  }
}

/**
 * Writes a new score into `doc` in one transaction and returns its handle.
 *
 * @throws Error when `doc` already holds a score; RangeError when `init` is
 *   inconsistent (a part without one clef per staff, no measures, a unit for
 *   a staff or measure that does not exist).
 * @example
 * ```ts
 * const score = createScore(new Y.Doc(), init, { origin: 'import' });
 * ```
 */
export function createScore(doc: Y.Doc, init: ScoreInit, options: ScoreOptions = {}): Score {
  if (doc.share.has(ROOT_NAMES.meta) && scoreTypes(doc).meta.get('format') !== undefined) {
    throw new Error('This Y.Doc already holds a score; open it with openScore.');
  }
  checkInit(init);
  const score: Score = { doc, origin: options.origin ?? null };
  doc.transact(() => {
    // Getting the types inside the transaction keeps their creation in it too.
    const types = scoreTypes(doc);
    const partIds = freshIds(doc, 'p', init.parts.length);
    const measureIds = freshIds(doc, 'm', init.measures.length);
    types.meta.set('format', LAYOUT_FORMAT);
    if (init.attachments !== undefined) types.meta.set(SCORE_ATTACHMENTS_KEY, init.attachments);
    for (const field of SCORE_TEXT_FIELDS) {
      const text = init[field];
      if (text !== undefined && text !== '') types.meta.set(field, text);
    }
    init.parts.forEach((part, index) => {
      types.parts.set(partIds[index]!, encodePart(part));
    });
    types.partOrder.push(partIds);
    init.measures.forEach((measure, index) => {
      types.measures.set(measureIds[index]!, encodeMeasure(measure));
    });
    types.measureOrder.push(measureIds);
    // Every unit is written, a rest where none is given: a unit is then only
    // ever replaced, and an undo of a replacement is a new change a revision sees.
    const given = new Map<string, UnitContent>();
    for (const unit of init.units ?? [])
      given.set(`${unit.part}/${unit.staff}/${unit.measure}`, unit.content);
    init.measures.forEach((measure, measureIndex) => {
      init.parts.forEach((part, partIndex) => {
        for (let staff = 1; staff <= part.staves; staff++) {
          const content =
            given.get(`${partIndex + 1}/${staff}/${measureIndex + 1}`) ?? restUnit(measure);
          types.units.set(
            unitKey(partIds[partIndex]!, staff, measureIds[measureIndex]!),
            encodeUnit(content),
          );
        }
      });
    });
  }, score.origin);
  return score;
}

/**
 * A handle on the score in `doc`. Writes nothing; on a doc that holds no
 * score (still waiting for its provider to sync, say), reads, plans,
 * `validate` and `apply` answer a `no-score` problem until it arrives.
 *
 * @example
 * ```ts
 * const score = openScore(providerDoc, { origin: 'agent' });
 * ```
 */
export function openScore(doc: Y.Doc, options: ScoreOptions = {}): Score {
  return { doc, origin: options.origin ?? null };
}
