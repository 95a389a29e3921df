/**
 * Turns the caller's values into the plain JSON stored in the Y.Doc and back.
 * Durations are stored as `[num, den]`, pitches as lanes-seq writes them.
 */

import type { Clef } from '@scorelane/lanes-seq';
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

/** The rational of `[num, den]`; throws on a value that is not one. */
export function decodeRational(value: StoredRational): Rational {
  return rational(value[0], value[1]);
}

function decodePitch(text: string): Pitch {
  const pitch = parsePitch(text);
  if (!pitch) throw new TypeError(`The score holds a pitch that is not one: "${text}".`);
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

/** The optional fields every decoded event may carry: marks, lyrics, attachments. */
function decodeExtras(stored: StoredEvent) {
  return {
    ...(stored.marks !== undefined && stored.marks.length > 0
      ? { marks: stored.marks.map(decodeMark) }
      : {}),
    ...(stored.lyrics !== undefined && stored.lyrics.length > 0
      ? { lyrics: stored.lyrics.map(decodeLyric) }
      : {}),
    ...(stored.attachments !== undefined ? { attachments: stored.attachments } : {}),
  };
}

function decodeChordNote(note: StoredChordNote): ChordNote {
  const decoded = { pitch: decodePitch(note.pitch), tie: note.tie === true };
  return note.fingering !== undefined ? { ...decoded, fingering: note.fingering } : decoded;
}

/** One stored event as a {@link ScoreEvent}. */
export function decodeEvent(stored: StoredEvent): ScoreEvent {
  const duration = decodeRational(stored.duration);
  const grace = stored.grace === true;
  const tie = stored.tie === true;
  const extra = decodeExtras(stored);
  switch (stored.kind) {
    case 'note':
      return {
        kind: 'note',
        pitch: decodePitch(stored.pitch ?? ''),
        duration,
        grace,
        tie,
        ...extra,
      };
    case 'chord':
      return {
        kind: 'chord',
        notes: (stored.notes ?? []).map(decodeChordNote),
        duration,
        grace,
        tie,
        ...extra,
      };
    case 'rest':
      return { kind: 'rest', duration, grace: false, ...extra };
    case 'space':
      return { kind: 'space', duration, grace: false, ...extra };
  }
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

/** A stored unit's content. */
export function decodeUnit(stored: StoredUnit): UnitContent {
  const voices = stored.voices.map((voice): VoiceContent => {
    const events = voice.events.map(decodeEvent);
    return voice.onsetMarks !== undefined && voice.onsetMarks.length > 0
      ? { voice: voice.voice, events, onsetMarks: voice.onsetMarks.map(decodeOnsetMarks) }
      : { voice: voice.voice, events };
  });
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

const EVENT_KINDS: ReadonlySet<string> = new Set(['note', 'chord', 'rest', 'space']);

/**
 * A stored unit's content, or undefined when the value is not a unit (a
 * tampered or buggy peer can write anything into the shared map): readers
 * then see a rest and `validate` reports it, instead of throwing.
 */
export function decodeStoredUnit(stored: unknown): UnitContent | undefined {
  try {
    const content = decodeUnit(stored as StoredUnit);
    const wellFormed = content.voices.every(
      (voice) =>
        Number.isInteger(voice.voice) &&
        voice.voice >= 1 &&
        voice.events.every((event) => EVENT_KINDS.has(event?.kind)),
    );
    return wellFormed ? content : undefined;
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
