/**
 * The lanes-seq document: plain data, with no source positions in it, so that
 * `parse(serialize(document))` gives back a deeply equal document. Positions
 * live beside it, in {@link LaneLocation}.
 */
import { compareMarks } from './mark-text.ts';
import type { LaneMark, LyricLine, OnsetMarks } from './marks.ts';
import { comparePitches, type Pitch } from './pitch.ts';
import { compare, type Rational } from './rational.ts';

/**
 * One lane: the events of one voice, on one staff of one part, in one
 * measure. All four numbers are 1-based; `measure` is the measure's index in
 * the score (a pickup is `m1`), not its printed number.
 */
export interface Lane {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly measure: number;
  /** At least one event, in time order. */
  readonly events: readonly LaneEvent[];
  /**
   * Marks at onsets where the lane has no event (`@1/2"Dm"`), in time order;
   * left out when there are none (lanes-seq 1.1).
   */
  readonly onsetMarks?: readonly OnsetMarks[];
}

/** What every event shares. */
interface EventBase {
  /**
   * The sounding length as a fraction of a whole note; for a grace note, the
   * printed value (grace notes take no time).
   */
  readonly duration: Rational;
  /** `true` for a grace note (`D5=g1/16`). */
  readonly grace: boolean;
  /**
   * The marks at the event's start, in canonical order (`E4=1/4-.\p(`);
   * left out when there are none (lanes-seq 1.1). A chord's fingerings are
   * on its notes instead.
   */
  readonly marks?: readonly LaneMark[];
}

/** A single pitch: `E4=1/4`, `F#4=1/8~`. */
export interface NoteEvent extends EventBase {
  readonly kind: 'note';
  readonly pitch: Pitch;
  /** `~` after the duration: tied to the same pitch in the next sounding event. */
  readonly tie: boolean;
}

/** One pitch of a chord, with its own tie (`(C4~ E4 G4)=1/2`). */
export interface ChordNote {
  readonly pitch: Pitch;
  readonly tie: boolean;
  /** `(C4-1 E4-3 G4-5)=1/2`: the finger of this note, 0 to 5 (lanes-seq 1.1). */
  readonly fingering?: number;
}

/**
 * A chord: `(C4 E4 G4)=1/2`. Its notes are a set, held low to high by sound
 * (then by spelling) whatever order the text wrote them in, as the canonical
 * text writes them: `parse` sorts them.
 */
export interface ChordEvent extends EventBase {
  readonly kind: 'chord';
  readonly notes: readonly ChordNote[];
  /** `~` after the duration: every note of the chord is tied. */
  readonly tie: boolean;
}

/** A rest `r=1/4`. Rests carry no tie and are never grace notes. */
export interface RestEvent extends EventBase {
  readonly kind: 'rest';
  readonly grace: false;
}

/** An invisible rest `x=1/4`: holds time, prints nothing. */
export interface SpaceEvent extends EventBase {
  readonly kind: 'space';
  readonly grace: false;
}

/** Any event of a lane, discriminated on `kind`. */
export type LaneEvent = NoteEvent | ChordEvent | RestEvent | SpaceEvent;

/**
 * A lanes-seq document: any number of lanes, in any order, no two with the
 * same (part, staff, voice, measure).
 */
export interface LanesDocument {
  readonly lanes: readonly Lane[];
  /**
   * The lyric lines (`P1 s1 v1 m1 w1: ...`), no two for the same lane and
   * verse; left out when there are none (lanes-seq 1.1).
   */
  readonly lyrics?: readonly LyricLine[];
}

/** A place in the source text. `line` and `column` are 1-based; `offset` is 0-based. */
export interface Point {
  readonly line: number;
  /** Counted in Unicode code points from the start of the line, so it matches what an editor shows. */
  readonly column: number;
  /** Counted in UTF-16 code units from the start of the text, for slicing. */
  readonly offset: number;
}

/** A stretch of the source text, `start` inclusive, `end` exclusive. */
export interface Span {
  readonly start: Point;
  readonly end: Point;
}

/**
 * Where a parsed lane came from: its line, the offsets of its header and of
 * each event. Offsets are cheap to record; turn one into a {@link Point} with
 * `pointAt`.
 */
export interface LaneLocation {
  /** 1-based line of the lane. */
  readonly line: number;
  /** Offset of the first character of the lane's line. */
  readonly lineStart: number;
  /** Offset where the lane's header starts. */
  readonly start: number;
  /** Offset just past the lane's last event. */
  readonly end: number;
  /** Offset where each event starts, parallel to `Lane.events`. */
  readonly eventStarts: readonly number[];
  /** Offset just past each event, parallel to `Lane.events`. */
  readonly eventEnds: readonly number[];
  /**
   * Where each mark of each event stands, parallel to `Lane.events` and, for
   * each event, to its `marks` (in canonical order, so not always in text
   * order); `[]` for an event without marks. Left out when no event of the
   * lane has a mark (lanes-seq 1.1).
   */
  readonly eventMarks?: readonly (readonly MarkLocation[])[];
  /** Where each `@` item stands, parallel to `Lane.onsetMarks`; left out when the lane has none. */
  readonly onsetMarks?: readonly OnsetLocation[];
}

/** Where one mark stands: the offsets of its first character and just past its last. */
export interface MarkLocation {
  readonly start: number;
  readonly end: number;
}

/** Where an `@` item stands (`start` at its `@`), and each of its marks, parallel to `OnsetMarks.marks`. */
export interface OnsetLocation {
  readonly start: number;
  readonly end: number;
  readonly marks: readonly MarkLocation[];
}

/**
 * Where a parsed lyric line came from: its line, header, and each slot,
 * parallel to `LyricLine.slots`. A slot's item is its text (`Freu-` of
 * `Freu-de` is one slot, `de` the next), `*`, or `_`.
 */
export interface LyricLocation {
  /** 1-based line of the lyric line. */
  readonly line: number;
  /** Offset of the first character of its line. */
  readonly lineStart: number;
  /** Offset where its header starts. */
  readonly start: number;
  /** Offset just past its last item. */
  readonly end: number;
  /** Offset where each slot's text starts, parallel to `LyricLine.slots`. */
  readonly slotStarts: readonly number[];
  /** Offset just past each slot's text, parallel to `LyricLine.slots`. */
  readonly slotEnds: readonly number[];
}

/**
 * The key that identifies a lane: `"P1 s1 v1 m2"`, as its header is written.
 *
 * @example
 * ```ts
 * laneKey({ part: 1, staff: 2, voice: 1, measure: 7 }); // "P1 s2 v1 m7"
 * ```
 */
export function laneKey(lane: Pick<Lane, 'part' | 'staff' | 'voice' | 'measure'>): string {
  return `P${lane.part} s${lane.staff} v${lane.voice} m${lane.measure}`;
}

/**
 * Orders lanes as a parsed document holds them: by measure, then part, then
 * staff, then voice (the canonical text groups them into lines, section 8).
 *
 * @example
 * ```ts
 * [...lanes].sort(compareLanes);
 * ```
 */
export function compareLanes(
  a: Pick<Lane, 'part' | 'staff' | 'voice' | 'measure'>,
  b: Pick<Lane, 'part' | 'staff' | 'voice' | 'measure'>,
): number {
  return a.measure - b.measure || a.part - b.part || a.staff - b.staff || a.voice - b.voice;
}

/**
 * Orders chord notes as the canonical form does: low to high by sound, then
 * by spelling.
 *
 * @example
 * ```ts
 * [...chord.notes].sort(compareChordNotes);
 * ```
 */
export function compareChordNotes(a: ChordNote, b: ChordNote): number {
  return comparePitches(a.pitch, b.pitch);
}

/**
 * The canonical form of a chord as data: notes low to high, and ties said
 * once. A chord whose every note is tied is tied as a whole (`tie: true`, no
 * note tied on its own), as its canonical text `(F4 A4 C5)=1/4~` says; any
 * other chord keeps the ties of its notes. So `(F4~ A4~ C5~)=1/4` and
 * `(F4 A4 C5)=1/4~` are one chord.
 *
 * @example
 * ```ts
 * canonicalChord({ kind: 'chord', duration: rational(1, 4), grace: false, tie: false,
 *   notes: [{ pitch: A4, tie: true }, { pitch: F4, tie: true }] });
 * // { ..., tie: true, notes: [{ pitch: F4, tie: false }, { pitch: A4, tie: false }] }
 * ```
 */
export function canonicalChord(chord: ChordEvent): ChordEvent {
  const notes = [...chord.notes].sort(compareChordNotes);
  if (!chord.tie && !notes.every((note) => note.tie)) return { ...chord, notes };
  return {
    ...chord,
    tie: true,
    notes: notes.map((note) => (note.tie ? { ...note, tie: false } : note)),
  };
}

/**
 * The canonical form of a document as data: lanes ordered by measure, part,
 * staff and voice, chords as {@link canonicalChord} puts them, each event's
 * marks in canonical order, `@` items in time order, and lyric lines in lane
 * order, then verse. `parse` returns documents in this form, so
 * `parse(serialize(document))` gives back `canonicalDocument(document)`,
 * which is `document` itself for every document `parse` returned.
 *
 * @example
 * ```ts
 * canonicalDocument({ lanes: [laneInMeasure2, laneInMeasure1] }).lanes[0] === laneInMeasure1; // true
 * ```
 */
export function canonicalDocument(document: LanesDocument): LanesDocument {
  const lanes = [...document.lanes].sort(compareLanes).map(canonicalLane);
  if (document.lyrics === undefined || document.lyrics.length === 0) return { lanes };
  return { lanes, lyrics: [...document.lyrics].sort(compareLyricLines) };
}

function canonicalLane(lane: Lane): Lane {
  const events = lane.events.map((event) => {
    const canonical = event.kind === 'chord' ? canonicalChord(event) : event;
    if (canonical.marks === undefined) return canonical;
    if (canonical.marks.length === 0) {
      const { marks: _, ...rest } = canonical;
      return rest as LaneEvent;
    }
    return { ...canonical, marks: [...canonical.marks].sort(compareMarks) };
  });
  const { onsetMarks, ...rest } = lane;
  if (onsetMarks === undefined || onsetMarks.length === 0) return { ...rest, events };
  return {
    ...rest,
    events,
    onsetMarks: [...onsetMarks]
      .sort((a, b) => compare(a.onset, b.onset))
      .map((item) => ({ onset: item.onset, marks: [...item.marks].sort(compareMarks) })),
  };
}

/**
 * Orders lyric lines as the canonical form does: by their lane (as
 * {@link compareLanes}), then by verse.
 *
 * @example
 * ```ts
 * [...document.lyrics].sort(compareLyricLines);
 * ```
 */
export function compareLyricLines(a: LyricLine, b: LyricLine): number {
  return (
    a.measure - b.measure ||
    a.part - b.part ||
    a.staff - b.staff ||
    a.voice - b.voice ||
    a.verse - b.verse
  );
}
