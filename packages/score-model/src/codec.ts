/**
 * Turns the caller's values into the plain JSON stored in the Y.Doc and back.
 * Durations are stored as `[num, den]`, pitches as lanes-seq writes them.
 */

import type { Clef, LaneMark } from '@scorelane/lanes-seq';
import {
  type Alter,
  type ChordNote,
  compareChordNotes,
  formatPitch,
  type Pitch,
  parsePitch,
  type Rational,
  rational,
  type Step,
} from '@scorelane/lanes-seq';
import type {
  StoredChordNote,
  StoredEvent,
  StoredMeasure,
  StoredPart,
  StoredRational,
  StoredUnit,
  StoredVoice,
} from './layout.ts';
import {
  decodeLyric,
  decodeMark,
  decodeOnsetMarks,
  encodeLyric,
  encodeMarks,
  encodeOnsetMarks,
} from './mark-codec.ts';
import { decodeBarlines, encodeBarlines } from './measure-barlines.ts';
import type {
  Lyric,
  MeasureInfo,
  PartInfo,
  ScoreEvent,
  UnitContent,
  VoiceContent,
} from './score-types.ts';

/** `[num, den]` for a rational. */
export function encodeRational(value: Rational): StoredRational {
  return [value.num, value.den];
}

/** How many decoded rationals {@link decodeRational} keeps, so a hostile document cannot grow the cache without end. */
const MAX_KEPT_RATIONALS = 4096;

/** Numerators and denominators below this are kept by {@link decodeRational}. */
const KEPT_PART_LIMIT = 2 ** 20;

/**
 * Every small rational decoded so far, by `num * 2^20 + den`: a score holds
 * a few dozen durations thousands of times, and a `Rational` is an
 * immutable value, so one object serves them all.
 */
const decodedRationals = new Map<number, Rational>();

/** The rational of `[num, den]`; throws on a value that is not one. */
export function decodeRational(value: StoredRational): Rational {
  const num = value[0];
  const den = value[1];
  const small =
    Number.isInteger(num) &&
    Number.isInteger(den) &&
    num >= 0 &&
    num < KEPT_PART_LIMIT &&
    den > 0 &&
    den < KEPT_PART_LIMIT;
  if (!small) return rational(num, den);
  const key = num * KEPT_PART_LIMIT + den;
  const known = decodedRationals.get(key);
  if (known !== undefined) return known;
  const decoded = rational(num, den);
  if (decodedRationals.size < MAX_KEPT_RATIONALS) decodedRationals.set(key, decoded);
  return decoded;
}

/**
 * Every pitch decoded so far, by its text: a score spells a few dozen
 * pitches thousands of times, and a `Pitch` is an immutable value, so one
 * object serves them all. Bounded by the pitches lanes-seq can write (385).
 */
const decodedPitches = new Map<string, Pitch>();

function decodePitch(text: string): Pitch {
  const known = decodedPitches.get(text);
  if (known !== undefined) return known;
  const pitch = parsePitch(text);
  if (!pitch) throw new TypeError(`The score holds a pitch that is not one: "${text}".`);
  decodedPitches.set(text, pitch);
  return pitch;
}

/** One event as stored. */
export function encodeEvent(event: ScoreEvent): StoredEvent {
  const base: { -readonly [K in keyof StoredEvent]: StoredEvent[K] } = {
    kind: event.kind,
    duration: encodeRational(event.duration),
  };
  if (event.kind === 'note') base.pitch = formatPitch(event.pitch);
  if (event.kind === 'chord') {
    base.notes = event.notes.map(
      (note): StoredChordNote => ({
        pitch: formatPitch(note.pitch),
        ...(note.tie ? { tie: true as const } : {}),
        ...(note.fingering !== undefined ? { fingering: note.fingering } : {}),
      }),
    );
  }
  if (event.grace) base.grace = true;
  if ((event.kind === 'note' || event.kind === 'chord') && event.tie) base.tie = true;
  const marks = encodeMarks(event.marks);
  if (marks !== undefined) base.marks = marks;
  if (event.lyrics !== undefined && event.lyrics.length > 0) {
    base.lyrics = event.lyrics.map(encodeLyric);
  }
  if (event.attachments !== undefined) base.attachments = event.attachments;
  return base;
}

/** A {@link ScoreEvent} under construction: the decoders add its optional fields in place. */
interface DecodedEvent {
  kind: ScoreEvent['kind'];
  [field: string]: unknown;
}

/**
 * Adds the optional fields every decoded event may carry (marks, lyrics,
 * attachments) to `event`, in that order, each only when `stored` has it:
 * no intermediate object per event.
 */
function addExtras(event: DecodedEvent, stored: StoredEvent): void {
  const { marks, lyrics, attachments } = stored;
  if (marks !== undefined && marks.length > 0) {
    const decoded: LaneMark[] = new Array(marks.length);
    for (let index = 0; index < marks.length; index++) decoded[index] = decodeMark(marks[index]!);
    event.marks = decoded;
  }
  if (lyrics !== undefined && lyrics.length > 0) {
    const decoded: Lyric[] = new Array(lyrics.length);
    for (let index = 0; index < lyrics.length; index++)
      decoded[index] = decodeLyric(lyrics[index]!);
    event.lyrics = decoded;
  }
  if (attachments !== undefined) event.attachments = attachments;
}

function decodeChordNotes(notes: readonly StoredChordNote[] | undefined): ChordNote[] {
  if (notes === undefined) return [];
  const decoded: ChordNote[] = new Array(notes.length);
  for (let index = 0; index < notes.length; index++) {
    const note = notes[index]!;
    decoded[index] =
      note.fingering !== undefined
        ? { pitch: decodePitch(note.pitch), tie: note.tie === true, fingering: note.fingering }
        : { pitch: decodePitch(note.pitch), tie: note.tie === true };
  }
  return decoded;
}

/**
 * One stored event as a {@link ScoreEvent}; `undefined` for an event of no
 * known kind (its unit is then malformed). Throws a `TypeError` or
 * `RangeError` on a pitch, duration, mark or lyric that is not one.
 */
export function decodeEvent(stored: StoredEvent): ScoreEvent {
  const duration = decodeRational(stored.duration);
  let event: DecodedEvent;
  switch (stored.kind) {
    case 'note':
      event = {
        kind: 'note',
        pitch: decodePitch(stored.pitch ?? ''),
        duration,
        grace: stored.grace === true,
        tie: stored.tie === true,
      };
      break;
    case 'chord':
      event = {
        kind: 'chord',
        notes: decodeChordNotes(stored.notes),
        duration,
        grace: stored.grace === true,
        tie: stored.tie === true,
      };
      break;
    case 'rest':
    case 'space':
      event = { kind: stored.kind, duration, grace: false };
      break;
    default:
      return undefined as unknown as ScoreEvent;
  }
  addExtras(event, stored);
  return event as unknown as ScoreEvent;
}

/** A unit's content as stored. */
export function encodeUnit(content: UnitContent): StoredUnit {
  const voices = [...content.voices]
    .sort((a, b) => a.voice - b.voice)
    .map((voice): StoredVoice => {
      const events = voice.events.map(encodeEvent);
      return voice.onsetMarks !== undefined && voice.onsetMarks.length > 0
        ? { voice: voice.voice, events, onsetMarks: voice.onsetMarks.map(encodeOnsetMarks) }
        : { voice: voice.voice, events };
    });
  const stored: { -readonly [K in keyof StoredUnit]: StoredUnit[K] } = { voices };
  if (content.clefs !== undefined && content.clefs.length > 0) {
    stored.clefs = content.clefs.map((change) => ({
      onset: encodeRational(change.onset),
      clef: change.clef,
    }));
  }
  if (content.attachments !== undefined) stored.attachments = content.attachments;
  return stored;
}

/**
 * An event with a chord's notes in canonical order and ties (as lanes-seq's
 * `canonicalChord` puts them), every other field, fingerings included, kept.
 */
function canonicalEvent(event: ScoreEvent): ScoreEvent {
  if (event.kind !== 'chord') return event;
  const notes = [...event.notes].sort(compareChordNotes);
  if (!event.tie && !notes.every((note) => note.tie)) return { ...event, notes };
  return { ...event, tie: true, notes: notes.map((note) => ({ ...note, tie: false })) };
}

/**
 * Whether two contents hold the same music and attachments: the same JSON
 * once chords are in canonical form (an imported chord keeps its notes in
 * the file's order; one parsed from text has them sorted). Writing one over
 * the other would change nothing but the Yjs item, and with it every
 * reader's revision of the unit.
 */
export function sameUnitContent(a: UnitContent, b: UnitContent): boolean {
  const canonical = (content: UnitContent) =>
    JSON.stringify(
      encodeUnit({
        ...content,
        voices: content.voices.map((voice) => ({
          ...voice,
          events: voice.events.map(canonicalEvent),
        })),
      }),
    );
  return canonical(a) === canonical(b);
}

/**
 * A stored voice's content; `undefined` when it is no voice (its number not
 * one of 1, 2, ..., no list of events, or an event of no known kind).
 */
function decodeVoice(stored: StoredVoice): VoiceContent | undefined {
  const { voice, onsetMarks } = stored;
  const storedEvents = stored.events;
  if (!Array.isArray(storedEvents)) return undefined;
  const events: ScoreEvent[] = new Array(storedEvents.length);
  let wellFormed = Number.isInteger(voice) && voice >= 1;
  for (let index = 0; index < storedEvents.length; index++) {
    const event = decodeEvent(storedEvents[index]!);
    if (event === undefined) wellFormed = false;
    events[index] = event;
  }
  if (!wellFormed) return undefined;
  if (onsetMarks === undefined || onsetMarks.length === 0) return { voice, events };
  return { voice, events, onsetMarks: onsetMarks.map(decodeOnsetMarks) };
}

/**
 * A stored unit's content, or `undefined` when it has no list of voices or
 * a voice is no voice (see {@link decodeVoice}); throws on a value that
 * is no object, or on a pitch, duration, mark or lyric that is not one.
 */
function decodeUnitOrUndefined(stored: StoredUnit): UnitContent | undefined {
  const storedVoices = stored.voices;
  if (!Array.isArray(storedVoices)) return undefined;
  const voices: VoiceContent[] = new Array(storedVoices.length);
  let wellFormed = true;
  for (let index = 0; index < storedVoices.length; index++) {
    const voice = decodeVoice(storedVoices[index]!);
    if (voice === undefined) wellFormed = false;
    voices[index] = voice!;
  }
  if (!wellFormed) return undefined;
  const content: { -readonly [K in keyof UnitContent]: UnitContent[K] } = { voices };
  if (stored.clefs !== undefined && stored.clefs.length > 0) {
    content.clefs = stored.clefs.map((change) => ({
      onset: decodeRational(change.onset),
      clef: change.clef as Clef,
    }));
  }
  if (stored.attachments !== undefined) content.attachments = stored.attachments;
  return content;
}

/** A stored unit's content; throws on a value that is not a unit (use {@link decodeStoredUnit} for values a peer wrote). */
export function decodeUnit(stored: StoredUnit): UnitContent {
  const content = decodeUnitOrUndefined(stored);
  if (content === undefined) throw new TypeError('The score holds a voice that is not one.');
  return content;
}

/**
 * A stored unit's content, or undefined when the value is not a unit (a
 * tampered or buggy peer can write anything into the shared map): readers
 * then see a rest and `validate` reports it, instead of throwing.
 */
export function decodeStoredUnit(stored: unknown): UnitContent | undefined {
  try {
    return decodeUnitOrUndefined(stored as StoredUnit);
  } catch {
    return undefined;
  }
}

/** A measure's signatures as stored. */
export function encodeMeasure(info: MeasureInfo): StoredMeasure {
  const stored: { -readonly [K in keyof StoredMeasure]: StoredMeasure[K] } = {
    time: [info.time.beats, info.time.beatType],
    key: {
      step: info.key.tonic.step,
      alter: info.key.tonic.alter,
      mode: info.key.mode,
      fifths: info.key.fifths,
      ...(info.key.modeUnstated ? { modeUnstated: true } : {}),
    },
  };
  if (info.pickup) stored.pickup = encodeRational(info.pickup);
  if (info.number !== undefined) stored.number = info.number;
  if (info.barlines !== undefined) stored.barlines = encodeBarlines(info.barlines);
  if (info.attachments !== undefined) stored.attachments = info.attachments;
  return stored;
}

/** A stored measure's signatures. */
export function decodeMeasure(stored: StoredMeasure): MeasureInfo {
  const info: { -readonly [K in keyof MeasureInfo]: MeasureInfo[K] } = {
    time: { beats: stored.time[0], beatType: stored.time[1] },
    key: {
      tonic: { step: stored.key.step as Step, alter: stored.key.alter as Alter },
      mode: stored.key.mode === 'minor' ? 'minor' : 'major',
      fifths: stored.key.fifths,
      ...(stored.key.modeUnstated === true ? { modeUnstated: true as const } : {}),
    },
  };
  if (stored.pickup) info.pickup = decodeRational(stored.pickup);
  if (stored.number !== undefined) info.number = stored.number;
  const barlines = decodeBarlines(stored.barlines);
  if (barlines !== undefined) info.barlines = barlines;
  if (stored.attachments !== undefined) info.attachments = stored.attachments;
  return info;
}

/** A part as stored. */
export function encodePart(part: PartInfo): StoredPart {
  const stored: { -readonly [K in keyof StoredPart]: StoredPart[K] } = {
    name: part.name,
    staves: part.staves,
    clefs: [...part.clefs],
  };
  if (part.program !== undefined) stored.program = part.program;
  if (part.abbreviation !== undefined) stored.abbreviation = part.abbreviation;
  if (part.transposition !== undefined) stored.transposition = { ...part.transposition };
  if (part.attachments !== undefined) stored.attachments = part.attachments;
  return stored;
}

/** A stored part. */
export function decodePart(stored: StoredPart): PartInfo {
  const part: { -readonly [K in keyof PartInfo]: PartInfo[K] } = {
    name: stored.name,
    staves: stored.staves,
    clefs: stored.clefs as Clef[],
  };
  if (stored.program !== undefined) part.program = stored.program;
  if (typeof stored.abbreviation === 'string') part.abbreviation = stored.abbreviation;
  const transposition = stored.transposition;
  if (
    transposition !== undefined &&
    Number.isInteger(transposition.chromatic) &&
    Number.isInteger(transposition.diatonic)
  ) {
    part.transposition = {
      chromatic: transposition.chromatic,
      diatonic: transposition.diatonic,
      ...(Number.isInteger(transposition.octaveChange)
        ? { octaveChange: transposition.octaveChange! }
        : {}),
    };
  }
  if (stored.attachments !== undefined) part.attachments = stored.attachments;
  return part;
}
