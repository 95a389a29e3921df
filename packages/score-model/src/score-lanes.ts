/**
 * Loading a `.lanes` score file's content into a Y.Doc, and writing a score
 * back out as one.
 */
import {
  type ClefDirective,
  compare,
  type Lane,
  type LanesDocument,
  type LyricLine,
  laneKey,
  type ScoreFile,
  type ScoreHeader,
} from '@scorelane/lanes-seq';
import * as Y from 'yjs';
import { appendAll } from './append.ts';
import { barlineDirectives, barlinesOfDirectives } from './barline-directives.ts';
import { keySignature } from './key-signature.ts';
import { measureLength, restUnit } from './measure-length.ts';
import { oneLine } from './one-line.ts';
import { declarationOfPart, partFromDeclaration } from './part-declaration.ts';
import { createScore, type Score, type ScoreOptions, type UnitInit } from './score.ts';
import { pickTexts } from './score-texts.ts';
import type { MeasureInfo, UnitContent } from './score-types.ts';
import { viewScore } from './score-view.ts';
import { tiedInFrom } from './tied-in.ts';
import { unitLanes, unitLyricLines } from './unit-lanes.ts';
import { voiceOfLane } from './voice-of-lane.ts';

/**
 * Options for {@link scoreFromLanes}.
 *
 * @example
 * ```ts
 * scoreFromLanes(header, document, { doc: providerDoc, origin: 'import' });
 * ```
 */
export interface ScoreFromLanesOptions extends ScoreOptions {
  /** The Y.Doc to write into; a new one when left out. */
  readonly doc?: Y.Doc;
}

function inForce<T extends { readonly measure: number }>(
  changes: readonly T[],
  measure: number,
): T | undefined {
  let found: T | undefined;
  for (const change of changes)
    if (change.measure <= measure && (!found || change.measure >= found.measure)) found = change;
  return found;
}

/**
 * The measures a score file describes, with the signatures in force in each.
 *
 * @throws RangeError when the header has no time or key at m1, or a key
 *   with more than seven sharps or flats (`parseScoreFile` refuses both).
 */
export function measuresFromHeader(header: ScoreHeader, count: number): MeasureInfo[] {
  const barlines = barlinesOfDirectives(header.barlines ?? [], count);
  return Array.from({ length: count }, (_, index) => {
    const measure = index + 1;
    const time = inForce(header.times, measure);
    const key = inForce(header.keys, measure);
    if (!time || !key) throw new RangeError('A score file header needs a time and a key at m1.');
    const signature = keySignature(key.tonic, key.mode);
    if (!signature)
      throw new RangeError(`The key at m${key.measure} has more than seven sharps or flats.`);
    const pickup = header.pickups.find((candidate) => candidate.measure === measure);
    const bars = barlines[index];
    const info: MeasureInfo = {
      time: { beats: time.beats, beatType: time.beatType },
      key: signature,
      ...(bars ? { barlines: bars } : {}),
    };
    return pickup ? { ...info, pickup: pickup.length } : info;
  });
}

/**
 * Creates a score from a `.lanes` file's header and lanes (as
 * `parseScoreFile` returns them). A (part, staff, measure) with no lane holds
 * one voice with a rest filling the measure.
 *
 * @throws RangeError when the lanes name a part, staff or measure the header
 *   does not declare (`parseScoreFile` refuses those).
 * @example
 * ```ts
 * const file = parseScoreFile(text);
 * if (file.ok) {
 *   const score = scoreFromLanes(file.score.header, file.score.document, { origin: 'import' });
 * }
 * ```
 */
export function scoreFromLanes(
  header: ScoreHeader,
  document: LanesDocument,
  options: ScoreFromLanesOptions = {},
): Score {
  const highest = [
    ...document.lanes,
    ...(header.clefChanges ?? []),
    ...(header.barlines ?? []),
  ].reduce((max, lane) => Math.max(max, lane.measure), 1);
  const count = header.measures ?? highest;
  const units = new Map<string, { part: number; staff: number; measure: number; lanes: Lane[] }>();
  for (const lane of document.lanes) {
    const key = `${lane.part}/${lane.staff}/${lane.measure}`;
    let unit = units.get(key);
    if (!unit) {
      unit = { part: lane.part, staff: lane.staff, measure: lane.measure, lanes: [] };
      units.set(key, unit);
    }
    unit.lanes.push(lane);
  }
  const lines = new Map<string, LyricLine[]>();
  for (const line of document.lyrics ?? []) {
    const key = laneKey(line);
    lines.set(key, [...(lines.get(key) ?? []), line]);
  }
  const contents = new Map<string, UnitContent>();
  // In measure order, so the ties into each lane are known when its lyrics are attached.
  const inOrder = [...units.values()].sort((a, b) => a.measure - b.measure);
  for (const unit of inOrder) {
    const tiedIn = tiedInFrom(contents.get(`${unit.part}/${unit.staff}/${unit.measure - 1}`));
    const voices = unit.lanes
      .sort((a, b) => a.voice - b.voice)
      .map((lane) => voiceOfLane(lane, lines.get(laneKey(lane)) ?? [], tiedIn(lane.voice)));
    contents.set(`${unit.part}/${unit.staff}/${unit.measure}`, { voices });
  }
  const measures = measuresFromHeader(header, count);
  const places = new Map(
    inOrder.map((unit) => [`${unit.part}/${unit.staff}/${unit.measure}`, unit]),
  );
  for (const change of header.clefChanges ?? []) {
    const key = `${change.part}/${change.staff}/${change.measure}`;
    const content = contents.get(key) ?? restUnit(measures[change.measure - 1]!);
    const clefs = [...(content.clefs ?? []), { onset: change.onset, clef: change.clef }];
    contents.set(key, { ...content, clefs: clefs.sort((a, b) => compare(a.onset, b.onset)) });
    if (!places.has(key)) places.set(key, { ...change, lanes: [] });
  }
  const unitInits: UnitInit[] = [...places].map(([key, unit]) => ({
    part: unit.part,
    staff: unit.staff,
    measure: unit.measure,
    content: contents.get(key)!,
  }));
  const doc = options.doc ?? new Y.Doc();
  return createScore(
    doc,
    {
      ...pickTexts(header),
      parts: header.parts.map(partFromDeclaration),
      measures,
      units: unitInits,
    },
    options.origin !== undefined ? { origin: options.origin } : {},
  );
}

function isRestUnit(content: UnitContent, info: MeasureInfo): boolean {
  const voice = content.voices[0];
  const event = voice?.events[0];
  return (
    content.voices.length === 1 &&
    voice!.voice === 1 &&
    voice!.events.length === 1 &&
    event!.kind === 'rest' &&
    !event!.marks?.length &&
    !voice!.onsetMarks?.length &&
    compare(event!.duration, measureLength(info)) === 0
  );
}

/**
 * The whole score as a `.lanes` file's header and lanes, for
 * `serializeScoreFile`. Units that hold only a full-measure rest are left
 * out, as the file format allows. Attachments are not part of lanes-seq and
 * are not written.
 *
 * @example
 * ```ts
 * const text = serializeScoreFile(scoreToLanes(score));
 * ```
 */
export function scoreToLanes(score: Score): ScoreFile {
  const view = viewScore(score);
  const times: { measure: number; beats: number; beatType: number }[] = [];
  const keys: ScoreHeader['keys'][number][] = [];
  const pickups: { measure: number; length: MeasureInfo['pickup'] & object }[] = [];
  const lanes: Lane[] = [];
  const lyrics: LyricLine[] = [];
  const clefChanges: ClefDirective[] = [];
  let previous: MeasureInfo | undefined;
  for (let measure = 1; measure <= view.measureCount; measure++) {
    const info = view.measure(measure)!.info;
    if (
      !previous ||
      previous.time.beats !== info.time.beats ||
      previous.time.beatType !== info.time.beatType
    ) {
      times.push({ measure, ...info.time });
    }
    if (
      !previous ||
      previous.key.tonic.step !== info.key.tonic.step ||
      previous.key.tonic.alter !== info.key.tonic.alter ||
      previous.key.mode !== info.key.mode
    ) {
      keys.push({ measure, tonic: info.key.tonic, mode: info.key.mode, fifths: info.key.fifths });
    }
    if (info.pickup) pickups.push({ measure, length: info.pickup });
    for (const part of view.parts) {
      for (let staff = 1; staff <= part.info.staves; staff++) {
        const unit = view.unit(part.index, staff, measure)!;
        for (const change of unit.content.clefs ?? [])
          clefChanges.push({ part: part.index, staff, measure, ...change });
        if (!isRestUnit(unit.content, info)) {
          appendAll(lanes, unitLanes(part.index, staff, measure, unit.content));
          const tiedIn = tiedInFrom(view.unit(part.index, staff, measure - 1)?.content);
          appendAll(lyrics, unitLyricLines(part.index, staff, measure, unit.content, tiedIn));
        }
      }
    }
    previous = info;
  }
  const barlines = barlineDirectives(
    Array.from({ length: view.measureCount }, (_, index) => view.measure(index + 1)!.info),
  );
  const texts = Object.fromEntries(
    Object.entries(view.texts).map(([field, text]) => [field, oneLine(text)]),
  );
  return {
    header: {
      ...texts,
      parts: view.parts.map((part) => declarationOfPart(part.info)),
      measures: view.measureCount,
      times,
      keys,
      pickups,
      ...(clefChanges.length > 0 ? { clefChanges } : {}),
      ...(barlines.length > 0 ? { barlines } : {}),
    },
    document: lyrics.length > 0 ? { lanes, lyrics } : { lanes },
  };
}
