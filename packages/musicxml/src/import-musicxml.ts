/**
 * `importMusicXml`: a MusicXML file (text, bytes or `.mxl`) into a score on a
 * Y.Doc, with everything the model does not read kept as attachments.
 */

import {
  type Clef,
  compare,
  formatPitch,
  type Rational,
  rational,
  subtract,
  ZERO,
} from '@scorelane/lanes-seq';
import {
  createScore,
  deliberateNumbers,
  isTransposing,
  type Json,
  type MeasureInfo,
  type PartInfo,
  type Score,
  type ScoreEvent,
  type ScoreInit,
  scoreLengthExcess,
  type UnitInit,
  type VoiceContent,
} from '@scorelane/score-model';
import * as Y from 'yjs';
import {
  type EventKeep,
  KEEP_KEY,
  type PartKeep,
  type PlacedElement,
  type ScoreKeep,
  type UnitKeep,
} from './attachment-types.ts';
import { importedBarlines } from './barlines.ts';
import { importedClefChanges } from './clef-changes.ts';
import { headerTexts } from './header-texts.ts';
import { settleTies } from './import-ties.ts';
import { newScorePart, withPartName } from './part-list.ts';
import { partTransposition } from './part-transposition.ts';
import type { MusicXmlProblem } from './problem.ts';
import { readInput } from './read-input.ts';
import { readMarks } from './read-marks.ts';
import { EMPTY_ATTRIBUTES, readPart } from './read-part.ts';
import type { ReadEvent, ReadLane, ReadMeasure, ReadPart } from './read-types.ts';
import { scoreDivisions } from './score-divisions.ts';
import { snapshotOfInit } from './score-snapshot.ts';
import { openingSignature, unstatedKey } from './signatures.ts';
import { loneSlurs } from './slur-pairs.ts';
import { timewiseToPartwise } from './timewise.ts';
import { compareVoiceIds } from './voice-ids.ts';
import {
  child,
  childElements,
  childText,
  isElement,
  parseXml,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

/**
 * Options for {@link importMusicXml}.
 *
 * @example
 * ```ts
 * const doc = new Y.Doc();
 * const result = importMusicXml(bytes, { doc, origin: 'import' }); // one transaction with origin 'import'
 * ```
 */
export interface ImportOptions {
  /** The Y.Doc to write the score into; it must not hold a score yet. A new one when left out. */
  readonly doc?: Y.Doc;
  /** The transaction origin of the write that creates the score. */
  readonly origin?: unknown;
}

/**
 * The outcome of {@link importMusicXml}: the score and what could not be
 * placed, or why the file was refused (and then no Y.Doc was written).
 *
 * @example
 * ```ts
 * const result: ImportResult = importMusicXml(text);
 * if (!result.ok) console.error(result.problems.map((problem) => problem.message).join('\n'));
 * else for (const warning of result.warnings) console.warn(warning.code, warning.message);
 * ```
 */
export type ImportResult =
  | { readonly ok: true; readonly score: Score; readonly warnings: readonly MusicXmlProblem[] }
  | { readonly ok: false; readonly problems: readonly MusicXmlProblem[] };

/**
 * Stores one of this package's attachment shapes as model JSON.
 *
 * @example
 * ```ts
 * keep({ notes: [{ n: 'note', c: [{ n: 'stem', c: ['up'] }] }] }); // { musicxml: { notes: [...] } }
 * ```
 */
export function keep(value: EventKeep | UnitKeep | PartKeep | ScoreKeep): Json {
  return { [KEEP_KEY]: value as unknown as Json };
}

function refuse(code: MusicXmlProblem['code'], message: string): ImportResult {
  return { ok: false, problems: [{ code, message }] };
}

function formatAt(value: Rational): string {
  return value.den === 1 ? String(value.num) : `${value.num}/${value.den}`;
}

interface PartSource {
  readonly scorePart: XmlElement | undefined;
  readonly part: XmlElement;
  readonly before: XmlNode[];
}

/** Pairs each `<score-part>` with its `<part>`, by id, else by position. */
function pairParts(
  root: XmlElement,
  partList: XmlElement | undefined,
): { sources: PartSource[]; after: XmlNode[] } {
  const parts = childElements(root, 'part');
  const byId = new Map<string, XmlElement>();
  for (const part of parts)
    if (part.a?.id !== undefined && !byId.has(part.a.id)) byId.set(part.a.id, part);
  const used = new Set<XmlElement>();
  const sources: PartSource[] = [];
  let pending: XmlNode[] = [];
  for (const node of partList?.c ?? []) {
    if (!isElement(node) || node.n !== 'score-part') {
      pending.push(node);
      continue;
    }
    const id = node.a?.id;
    let part = id === undefined ? undefined : byId.get(id);
    if (!part || used.has(part))
      part =
        parts.find((candidate) => !used.has(candidate) && candidate.a?.id === undefined) ??
        parts[sources.length];
    if (!part || used.has(part)) {
      pending.push(node);
      continue;
    }
    used.add(part);
    sources.push({ scorePart: node, part, before: pending });
    pending = [];
  }
  for (const part of parts) {
    if (!used.has(part)) sources.push({ scorePart: undefined, part, before: [] });
  }
  return { sources, after: pending };
}

function scoreEvent(event: ReadEvent): ScoreEvent {
  const notes = event.notes.map((note) => note.keep);
  switch (event.kind) {
    case 'rest':
    case 'space':
      return event.keep
        ? {
            kind: event.kind,
            duration: event.duration,
            grace: false,
            attachments: keep({ notes: [event.keep] }),
          }
        : { kind: event.kind, duration: event.duration, grace: false };
    case 'note': {
      const attachments = keep({
        notes,
        pitches: event.notes.map((note) => formatPitch(note.pitch)),
      });
      if (event.notes.length === 1) {
        const only = event.notes[0]!;
        return {
          kind: 'note',
          pitch: only.pitch,
          duration: event.duration,
          grace: event.grace,
          tie: only.tie,
          attachments,
        };
      }
      return {
        kind: 'chord',
        notes: event.notes.map((note) => ({ pitch: note.pitch, tie: note.tie })),
        duration: event.duration,
        grace: event.grace,
        tie: false,
        attachments,
      };
    }
  }
}

/** The slur ends each part of the file leaves without their other end. */
function openSlursOf(sources: readonly PartSource[]): Set<XmlElement> {
  return new Set(sources.flatMap((source) => loneSlurs(childElements(source.part, 'measure'))));
}

/**
 * The voices of one unit: MusicXML voices in order, numbered from 1 per
 * staff, each filling the measure; and the file's `<voice>` of each (not of
 * the voices made for overlapping notes).
 */
function unitVoices(
  lanes: readonly ReadLane[],
  order: ReadonlyMap<string, number>,
  length: Rational,
): { voices: VoiceContent[]; ids: Record<string, string> } {
  const ids: Record<string, string> = {};
  const sorted = [...lanes].sort(
    (a, b) => (order.get(a.voiceId) ?? 0) - (order.get(b.voiceId) ?? 0) || a.overflow - b.overflow,
  );
  let extra = order.size;
  const voices: VoiceContent[] = [];
  for (const lane of sorted) {
    if (compare(lane.end, length) < 0) {
      lane.events.push({
        kind: 'space',
        duration: subtract(length, lane.end),
        grace: false,
        notes: [],
      });
      lane.end = length;
    }
    const voice = lane.overflow === 0 ? (order.get(lane.voiceId) ?? ++extra) : ++extra;
    ids[voice] = lane.voiceId;
    voices.push({ voice, events: lane.events.map(scoreEvent) });
  }
  if (voices.length === 0)
    voices.push({ voice: 1, events: [{ kind: 'space', duration: length, grace: false }] });
  return { voices: voices.sort((a, b) => a.voice - b.voice), ids };
}

/** Reads a partwise score into everything `createScore` needs, or the problems that refuse it. */
function readScoreInit(
  root: XmlElement,
): { init: ScoreInit; warnings: MusicXmlProblem[] } | { problems: MusicXmlProblem[] } {
  const partList = child(root, 'part-list');
  const { sources, after } = pairParts(root, partList);
  const problems: MusicXmlProblem[] = [];
  const warnings: MusicXmlProblem[] = [];
  const parts: ReadPart[] = sources.map((source, index) =>
    readPart(source.part, { part: index + 1, problems, warnings }),
  );
  if (problems.length > 0) return { problems };
  const measureCount = parts.reduce((max, part) => Math.max(max, part.measures.length), 0);
  if (measureCount === 0) {
    const message =
      'The score has no part with a measure, so there is nothing to read. Export the score again with its parts.';
    return { problems: [{ code: 'no-parts', message }] };
  }

  // Signatures and lengths are the score's: part 1's time and key, the longest part's length.
  const asNumbered: MeasureInfo[] = [];
  // Bar lines are the score's too: the first part's.
  const barlines = importedBarlines(
    Array.from({ length: measureCount }, (_, index) =>
      (parts[0]?.measures[index]?.items ?? [])
        .map((item) => item.x)
        .filter((x) => x.n === 'barline'),
    ),
  );
  let time = { beats: 4, beatType: 4 };
  let key = unstatedKey(0);
  for (let index = 0; index < measureCount; index++) {
    const own = parts
      .map((part) => part.measures[index])
      .filter((m): m is ReadMeasure => m !== undefined);
    const lead = parts[0]?.measures[index] ?? own[0]!;
    time = lead.time ?? time;
    key = lead.key;
    const length = own.reduce((max, m) => (compare(m.length, max) > 0 ? m.length : max), ZERO);
    const timeLength = rational(time.beats, time.beatType);
    const info: { -readonly [K in keyof MeasureInfo]: MeasureInfo[K] } = { time: { ...time }, key };
    if (length.num > 0 && compare(length, timeLength) !== 0) info.pickup = length;
    if (lead.number !== undefined) info.number = lead.number;
    const bars = barlines[index];
    if (bars) info.barlines = bars;
    asNumbered.push(info);
  }
  // Only deliberate numbers are kept (a restart, "X1"): the others follow from them, so
  // inserting or deleting measures keeps the numbering continuous.
  const measures = deliberateNumbers(asNumbered);

  const partInfos: PartInfo[] = [];
  /** What each part keeps, written into its info again once its pedal style is read. */
  const partKeeps: PartKeep[] = [];
  const units: UnitInit[] = [];
  const header = (root.c ?? []).filter(
    (node) =>
      !(isElement(node) && (node.n === 'part-list' || node.n === 'part')) &&
      typeof node !== 'string',
  );
  parts.forEach((part, partIndex) => {
    const source = sources[partIndex]!;
    const staves = part.staves;
    const transposition = partTransposition(source.part);
    const first = part.measures[0];
    const clefs: Clef[] = Array.from(
      { length: staves },
      (_, staff) => first?.clefs[staff] ?? 'treble',
    );
    const partKeep: { -readonly [K in keyof PartKeep]: PartKeep[K] } = {};
    const { id: _id, ...partAttributes } = source.part.a ?? {};
    if (Object.keys(partAttributes).length > 0) partKeep.part = partAttributes;
    const name = (source.scorePart && childText(source.scorePart, 'part-name')) ?? '';
    partKeep.scorePart =
      withPartName(source.scorePart) ??
      newScorePart(source.part.a?.id ?? `P${partIndex + 1}`, name);
    if (source.before.length > 0) partKeep.before = source.before;
    if (partIndex === parts.length - 1 && after.length > 0) partKeep.after = after;
    const info: { -readonly [K in keyof PartInfo]: PartInfo[K] } = {
      name,
      staves,
      clefs,
      attachments: keep(partKeep),
    };
    const abbreviation = source.scorePart && childText(source.scorePart, 'part-abbreviation');
    if (abbreviation?.trim()) info.abbreviation = abbreviation.trim();
    if (transposition && isTransposing(transposition)) info.transposition = transposition;
    const midi = source.scorePart ? child(source.scorePart, 'midi-instrument') : undefined;
    const program = Number(midi ? childText(midi, 'midi-program') : undefined);
    if (Number.isInteger(program) && program >= 1 && program <= 128) info.program = program - 1;
    partInfos.push(info);
    partKeeps.push(partKeep);

    const clefChanges = importedClefChanges(
      part.measures.map((measure) => measure.clefChanges),
      clefs,
      (index) => {
        const info = measures[index - 1]!;
        return info.pickup ?? rational(info.time.beats, info.time.beatType);
      },
    );
    for (let staff = 1; staff <= staves; staff++) {
      const ids = new Set<string>();
      for (const measure of part.measures)
        for (const lane of measure.lanes) if (lane.staff === staff) ids.add(lane.voiceId);
      const order = new Map([...ids].sort(compareVoiceIds).map((id, index) => [id, index + 1]));
      for (let index = 1; index <= measureCount; index++) {
        const measure = part.measures[index - 1];
        const info = measures[index - 1]!;
        const length = info.pickup ?? rational(info.time.beats, info.time.beatType);
        const lanes = measure ? measure.lanes.filter((lane) => lane.staff === staff) : [];
        const unitKeep: { -readonly [K in keyof UnitKeep]: UnitKeep[K] } = {};
        if (staff === 1 && measure) unitKeep.measure = measure.attributes;
        const items: PlacedElement[] = [];
        // In offset order (stable), as export writes them back.
        const inOrder = [...(measure?.items ?? [])].sort((a, b) => compare(a.at, b.at));
        for (const item of inOrder) {
          if (Math.min(item.staff, staves) !== staff) continue;
          const placed: PlacedElement = item.start
            ? {
                at: formatAt(item.at),
                x: item.x,
                start: openingSignature(measures, index, { staves, clefs, transposition }),
              }
            : { at: formatAt(item.at), x: item.x };
          items.push(placed);
        }
        if (staff === 1 && !items.some((item) => item.start !== undefined)) {
          // No opening <attributes>: remember that, so export adds one only when the model changes.
          items.unshift({
            at: '0',
            x: EMPTY_ATTRIBUTES,
            start: openingSignature(measures, index, { staves, clefs, transposition }),
          });
        }
        if (items.length > 0) unitKeep.items = items;
        const { voices, ids } = unitVoices(lanes, order, length);
        if (Object.keys(ids).length > 0) unitKeep.voices = ids;
        units.push({
          part: partIndex + 1,
          staff,
          measure: index,
          content: {
            voices,
            ...(clefChanges.has(`${staff}/${index}`)
              ? { clefs: clefChanges.get(`${staff}/${index}`)! }
              : {}),
            ...(Object.keys(unitKeep).length > 0 ? { attachments: keep(unitKeep) } : {}),
          },
        });
      }
    }
  });

  const scoreKeep: { -readonly [K in keyof ScoreKeep]: ScoreKeep[K] } = {};
  if (header.length > 0) scoreKeep.header = header;
  // The version is the exporter's to write: it always writes MusicXML 4.0.
  const { version: _version, ...rootAttributes } = root.a ?? {};
  if (Object.keys(rootAttributes).length > 0) scoreKeep.root = rootAttributes;
  const marked = readMarks(
    settleTies(units, warnings),
    (index) => {
      const info = measures[index - 1]!;
      return info.pickup ?? rational(info.time.beats, info.time.beatType);
    },
    openSlursOf(sources),
  );
  // Each part keeps the style its pedals were read in, so export draws the model's pedals so.
  for (const [part, pedal] of marked.pedalStyles) {
    const attachments = keep({ ...partKeeps[part - 1]!, pedal });
    partInfos[part - 1] = { ...partInfos[part - 1]!, attachments };
  }
  return {
    init: {
      ...headerTexts(header),
      ...(Object.keys(scoreKeep).length > 0 ? { attachments: keep(scoreKeep) } : {}),
      parts: partInfos,
      measures,
      units: marked.units,
    },
    warnings,
  };
}

/** Why the score is past `MAX_SCORE_MEASURES` or `MAX_SCORE_QUARTERS`, or `undefined`. */
function scoreTooLong(measures: readonly MeasureInfo[]): string | undefined {
  const excess = scoreLengthExcess(measures);
  if (excess === undefined) return undefined;
  return `The score has ${excess}, longer than any score and longer than MIDI export can time. Check the file's <divisions>, <duration> and <forward> values, or split the score into smaller files.`;
}

/**
 * Reads a MusicXML score into a new score-model score on a Y.Doc.
 *
 * Takes `score-partwise` MusicXML 1.0 to 4.0 as text or bytes (`.musicxml`,
 * `.xml`) and compressed `.mxl` archives; `score-timewise` is converted.
 * Never throws on bad input: a file that is not MusicXML, or holds what the
 * model cannot (microtones), is refused with problems, and nothing is
 * written. What the model does not read (lyrics, directions, slurs,
 * articulations, beams, layout, credits, part-list details) is kept as
 * attachments for {@link exportMusicXml}.
 *
 * @throws Error when `options.doc` already holds a score (open it with `openScore` instead).
 * @example
 * ```ts
 * const result = importMusicXml(readFileSync('song.musicxml'), { origin: 'import' });
 * if (result.ok) console.log(serializeScoreFile(scoreToLanes(result.score)));
 * else for (const problem of result.problems) console.error(problem.code, problem.message);
 * ```
 */
export function importMusicXml(
  input: string | Uint8Array,
  options: ImportOptions = {},
): ImportResult {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    throw new TypeError('importMusicXml takes the text of a file or its bytes (a Uint8Array).');
  }
  const text = readInput(input);
  if (!text.ok) return { ok: false, problems: text.problems };
  const parsed = parseXml(text.text);
  if (!parsed.ok && parsed.overLimit) {
    return refuse(
      'too-large',
      `The file is larger than Scorelane reads: ${parsed.message} (line ${parsed.line}), so it was not read. Split the score into smaller files.`,
    );
  }
  if (!parsed.ok) {
    const where = parsed.line ? ` (line ${parsed.line}, column ${parsed.column})` : '';
    return refuse(
      'not-xml',
      `The file is not well-formed XML${where}: ${parsed.message}. Open it with a MusicXML file (.musicxml, .xml or .mxl) as saved by a notation program.`,
    );
  }
  let root = parsed.root;
  if (root.n === 'score-timewise') root = timewiseToPartwise(root);
  if (root.n !== 'score-partwise') {
    return refuse(
      'not-musicxml',
      `The file is XML but not a MusicXML score: its root element is <${root.n}>, not <score-partwise> or <score-timewise>. Export the score as MusicXML from its program.`,
    );
  }
  let read: ReturnType<typeof readScoreInit>;
  try {
    read = readScoreInit(root);
    if ('init' in read) {
      const tooLong = scoreTooLong(read.init.measures);
      if (tooLong) return refuse('number-out-of-range', tooLong);
      // Export must be able to write every duration exactly: choose its <divisions> now, and
      // refuse what no <divisions> holds (every value export writes passes through this choice).
      scoreDivisions(snapshotOfInit(read.init));
    }
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return refuse(
      'number-out-of-range',
      `A number in the file is too large, or too fine, to hold exactly (${error.message}) Check the file's <divisions>, <duration> and <offset> values.`,
    );
  }
  if ('problems' in read) return { ok: false, problems: read.problems };
  const score = createScore(
    options.doc ?? new Y.Doc(),
    read.init,
    options.origin !== undefined ? { origin: options.origin } : {},
  );
  return { ok: true, score, warnings: [...(text.warnings ?? []), ...read.warnings] };
}
