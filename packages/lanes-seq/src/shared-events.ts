/**
 * The plain events of a parse (no marks) as shared, frozen objects: the
 * same note, rest or chord of the same duration is one object wherever it
 * stands, as pitches and chord notes already are (see pitch-table.ts).
 *
 * Why: a parsed document is nearly all events and lane arrays, and the
 * garbage collector's cost grows with what a parse allocates. A score
 * repeats a few dozen notes and durations thousands of times, so one frozen
 * object each spares the parse about half of what it allocates.
 *
 * Each kind of event has a direct-mapped memo of fixed size: a slot holds
 * the last event hashed to it, and a different event hashed to the same slot
 * replaces it. So memory stays bounded whatever the texts parsed, a lookup
 * costs one hash and a few comparisons, and a returned event is always one
 * the parser would have built: its duration is the very object the caller
 * read (shared durations come from `durationOf`), its pitch and chord notes
 * the table's shared ones.
 */
import type { ChordEvent, ChordNote, NoteEvent, RestEvent, SpaceEvent } from './document.ts';
import { pitchAt } from './pitch-table.ts';
import type { Rational } from './rational.ts';

/** Slots per memo: a power of two, far more than the notes and durations of a score. */
const SLOTS = 4096;
const MASK = SLOTS - 1;

const notes: (NoteEvent | undefined)[] = new Array(SLOTS);
const rests: (RestEvent | SpaceEvent | undefined)[] = new Array(SLOTS);
const chords: (ChordEvent | undefined)[] = new Array(SLOTS);

/** Where {@link chordHashWith} starts: the hash of a chord with no pitch yet. */
export const CHORD_HASH_START = -2128831035;

/** Mixes a number into a hash (the multiplier of FNV-1a), as a 32-bit integer. */
function mix(hash: number, value: number): number {
  return Math.imul(hash ^ value, 16777619);
}

/** The memo slot of a hash: its high bits folded into the low ones the mask keeps. */
function slotOf(hash: number): number {
  return (hash ^ (hash >>> 15)) & MASK;
}

/** The hash of a duration with an event's two flags, the start of every key. */
function durationHash(duration: Rational, grace: boolean, tie: boolean): number {
  return mix(
    mix(mix(CHORD_HASH_START, duration.num), duration.den),
    (grace ? 2 : 0) + (tie ? 1 : 0),
  );
}

/** Whether a held note or chord has this very duration object and these flags. */
function sameTime(
  held: NoteEvent | ChordEvent,
  duration: Rational,
  grace: boolean,
  tie: boolean,
): boolean {
  return held.duration === duration && held.grace === grace && held.tie === tie;
}

/**
 * The shared note of a pitch-table index, duration and flags.
 *
 * @example
 * ```ts
 * const quarter = durationOf(1, 4);
 * sharedNote(pitchIndexOf(C4), quarter, false, false) === sharedNote(pitchIndexOf(C4), quarter, false, false); // true
 * ```
 */
export function sharedNote(
  pitchIndex: number,
  duration: Rational,
  grace: boolean,
  tie: boolean,
): NoteEvent {
  const pitch = pitchAt(pitchIndex);
  const slot = slotOf(mix(durationHash(duration, grace, tie), pitchIndex));
  const held = notes[slot];
  if (held !== undefined && held.pitch === pitch && sameTime(held, duration, grace, tie))
    return held;
  const note: NoteEvent = Object.freeze({ kind: 'note', pitch, duration, grace, tie });
  notes[slot] = note;
  return note;
}

/**
 * The shared rest (`r`) or invisible rest (`x`) of a duration.
 *
 * @example
 * ```ts
 * sharedRest('rest', durationOf(1, 4)); // { kind: 'rest', duration: 1/4, grace: false }, frozen
 * ```
 */
export function sharedRest(kind: 'rest' | 'space', duration: Rational): RestEvent | SpaceEvent {
  const slot = slotOf(mix(durationHash(duration, false, false), kind === 'rest' ? 1 : 2));
  const held = rests[slot];
  if (held !== undefined && held.kind === kind && held.duration === duration) return held;
  const rest: RestEvent | SpaceEvent = Object.freeze(
    kind === 'rest'
      ? { kind: 'rest', duration, grace: false }
      : { kind: 'space', duration, grace: false },
  );
  rests[slot] = rest;
  return rest;
}

/**
 * The hash of a chord's pitches so far with one more, by its pitch-table
 * index: the reader hashes a chord's pitches as it scans them, for
 * {@link sharedChord}.
 *
 * @example
 * ```ts
 * const hash = chordHashWith(chordHashWith(CHORD_HASH_START, c4Index), e4Index);
 * ```
 */
export function chordHashWith(hash: number, pitchIndex: number): number {
  return mix(hash, pitchIndex);
}

/**
 * The shared chord of the first `count` notes of `chordNotes` (the table's
 * shared chord notes, low to high), whose pitch-table indexes hash to
 * `pitchesHash` ({@link chordHashWith}), with a duration and flags. Its
 * notes are a frozen copy, made when the chord is first met.
 *
 * @example
 * ```ts
 * sharedChord(cursor.chordNotes, 2, pitchesHash, durationOf(1, 2), false, false); // { kind: 'chord', notes: [C4, E4], ... }, frozen
 * ```
 */
export function sharedChord(
  chordNotes: readonly ChordNote[],
  count: number,
  pitchesHash: number,
  duration: Rational,
  grace: boolean,
  tie: boolean,
): ChordEvent {
  const slot = slotOf(mix(durationHash(duration, grace, tie), pitchesHash));
  const held = chords[slot];
  if (
    held !== undefined &&
    sameTime(held, duration, grace, tie) &&
    sameNotes(held.notes, chordNotes, count)
  )
    return held;
  const copy = new Array<ChordNote>(count);
  for (let i = 0; i < count; i++) copy[i] = chordNotes[i]!;
  const chord: ChordEvent = Object.freeze({
    kind: 'chord',
    notes: Object.freeze(copy),
    duration,
    grace,
    tie,
  });
  chords[slot] = chord;
  return chord;
}

/** Whether `held` is exactly the first `count` notes of `notes`, object for object. */
function sameNotes(
  held: readonly ChordNote[],
  notes: readonly ChordNote[],
  count: number,
): boolean {
  if (held.length !== count) return false;
  for (let i = 0; i < count; i++) if (held[i] !== notes[i]) return false;
  return true;
}
