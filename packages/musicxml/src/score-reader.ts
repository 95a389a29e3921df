/**
 * A read-only snapshot of a whole score, with every unit's content and
 * attachments. score-model has no public reader for all units with their
 * attachments yet (`readMeasures` gives lanes only), so this small adapter
 * reads the documented layout (`scoreTypes`, see score-model's layout.ts)
 * the same way score-model's own view does. When score-model exports such a
 * reader, this file should go.
 */
import {
  type ChordNote,
  type Clef,
  type Pitch,
  parsePitch,
  type Rational,
  rational,
} from '@scorelane/lanes-seq';
import {
  type Json,
  type KeySignature,
  type MeasureInfo,
  type PartInfo,
  type Score,
  type ScoreEvent,
  type ScoreInit,
  scoreTypes,
  type UnitContent,
} from '@scorelane/score-model';

type Stored = { readonly [key: string]: unknown };

/** Everything export reads from a score. Indexes are 1-based, as in lanes-seq. */
export interface ScoreSnapshot {
  readonly title: string | undefined;
  readonly parts: readonly PartInfo[];
  readonly measures: readonly MeasureInfo[];
  /** The content of one unit; a unit never written holds one rest filling the measure. */
  unit(part: number, staff: number, measure: number): UnitContent;
}

function pair(value: unknown): Rational {
  if (!Array.isArray(value) || value.length !== 2) {
    throw new TypeError(
      `The score holds a duration that is not [num, den]: ${JSON.stringify(value)}.`,
    );
  }
  return rational(Number(value[0]), Number(value[1]));
}

function pitch(text: unknown): Pitch {
  const parsed = typeof text === 'string' ? parsePitch(text) : undefined;
  if (!parsed)
    throw new TypeError(`The score holds a pitch that is not one: ${JSON.stringify(text)}.`);
  return parsed;
}

function withAttachments<T extends object>(value: T, stored: Stored): T & { attachments?: Json } {
  return stored.attachments !== undefined
    ? { ...value, attachments: stored.attachments as Json }
    : value;
}

function decodeEvent(stored: Stored): ScoreEvent {
  const duration = pair(stored.duration);
  const grace = stored.grace === true;
  const tie = stored.tie === true;
  switch (stored.kind) {
    case 'note':
      return withAttachments(
        { kind: 'note', pitch: pitch(stored.pitch), duration, grace, tie },
        stored,
      );
    case 'chord': {
      const notes = ((stored.notes as Stored[] | undefined) ?? []).map(
        (note): ChordNote => ({ pitch: pitch(note.pitch), tie: note.tie === true }),
      );
      return withAttachments({ kind: 'chord', notes, duration, grace, tie }, stored);
    }
    case 'space':
      return withAttachments({ kind: 'space', duration, grace: false }, stored);
    default:
      return withAttachments({ kind: 'rest', duration, grace: false }, stored);
  }
}

function decodeMeasure(stored: Stored): MeasureInfo {
  const time = stored.time as readonly [number, number];
  const key = stored.key as { step: string; alter: number; mode: string; fifths: number };
  const signature: KeySignature = {
    tonic: {
      step: key.step as KeySignature['tonic']['step'],
      alter: key.alter as KeySignature['tonic']['alter'],
    },
    mode: key.mode === 'minor' ? 'minor' : 'major',
    fifths: key.fifths,
  };
  const info: { -readonly [K in keyof MeasureInfo]: MeasureInfo[K] } = {
    time: { beats: time[0], beatType: time[1] },
    key: signature,
  };
  if (stored.pickup !== undefined) info.pickup = pair(stored.pickup);
  if (typeof stored.number === 'string') info.number = stored.number;
  if (stored.attachments !== undefined) info.attachments = stored.attachments as Json;
  return info;
}

function decodePart(stored: Stored): PartInfo {
  const part: { -readonly [K in keyof PartInfo]: PartInfo[K] } = {
    name: String(stored.name ?? ''),
    staves: Number(stored.staves),
    clefs: (stored.clefs as Clef[] | undefined) ?? [],
  };
  if (typeof stored.program === 'number') part.program = stored.program;
  if (stored.attachments !== undefined) part.attachments = stored.attachments as Json;
  return part;
}

/**
 * Reads the whole score as it is now.
 *
 * @example
 * ```ts
 * const snapshot = readScore(score);
 * snapshot.unit(1, 1, 1).voices[0]?.events.length;
 * ```
 */
export function readScore(score: Score): ScoreSnapshot {
  const types = scoreTypes(score.doc);
  const partIds = types.partOrder.toArray();
  const measureIds = types.measureOrder.toArray();
  const parts = partIds.map((id) => decodePart(types.parts.get(id) as unknown as Stored));
  const measures = measureIds.map((id) =>
    decodeMeasure(types.measures.get(id) as unknown as Stored),
  );
  const title = types.meta.get('title');
  return {
    title: typeof title === 'string' ? title : undefined,
    parts,
    measures,
    unit(part, staff, measure) {
      const stored = types.units.get(
        `${partIds[part - 1]}/${staff}/${measureIds[measure - 1]}`,
      ) as unknown as Stored | undefined;
      const info = measures[measure - 1]!;
      if (!stored) {
        const length = info.pickup ?? rational(info.time.beats, info.time.beatType);
        return {
          voices: [{ voice: 1, events: [{ kind: 'rest', duration: length, grace: false }] }],
        };
      }
      const voices = ((stored.voices as Stored[] | undefined) ?? []).map((voice) => ({
        voice: Number(voice.voice),
        events: ((voice.events as Stored[] | undefined) ?? []).map(decodeEvent),
      }));
      return stored.attachments !== undefined
        ? { voices, attachments: stored.attachments as Json }
        : { voices };
    },
  };
}

/**
 * A snapshot of a score not yet written to a Y.Doc, from what `createScore`
 * would be given (import checks it can be exported before it writes).
 *
 * @example
 * ```ts
 * scoreDivisions(snapshotOfInit(init)); // checks an import can be written back
 * ```
 */
export function snapshotOfInit(init: ScoreInit): ScoreSnapshot {
  const units = new Map<string, UnitContent>();
  for (const unit of init.units ?? [])
    units.set(`${unit.part}/${unit.staff}/${unit.measure}`, unit.content);
  return {
    title: init.title,
    parts: init.parts,
    measures: init.measures,
    unit(part, staff, measure) {
      const content = units.get(`${part}/${staff}/${measure}`);
      if (content) return content;
      const info = init.measures[measure - 1]!;
      const length = info.pickup ?? rational(info.time.beats, info.time.beatType);
      return { voices: [{ voice: 1, events: [{ kind: 'rest', duration: length, grace: false }] }] };
    },
  };
}
