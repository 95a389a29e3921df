/**
 * Every pitch lanes-seq can write, made once, and each as an untied and a
 * tied chord note. The parser hands out these shared, frozen objects instead
 * of allocating a pitch per note, which keeps parsing fast and lets a chord
 * check duplicates by index.
 */
import type { ChordNote } from './document.ts';
import { type Alter, comparePitches, MAX_OCTAVE, MIN_OCTAVE, type Pitch, STEPS } from './pitch.ts';

const ALTER_COUNT = 5;
const OCTAVE_COUNT = MAX_OCTAVE - MIN_OCTAVE + 1;

/** The number of distinct spelled pitches: 7 steps, 5 alterations, 11 octaves. */
export const PITCH_COUNT = STEPS.length * ALTER_COUNT * OCTAVE_COUNT;

/** The index of a spelled pitch in the table. */
export function pitchIndex(stepIndex: number, alter: number, octave: number): number {
  return ((octave - MIN_OCTAVE) * STEPS.length + stepIndex) * ALTER_COUNT + (alter + 2);
}

const TABLE: readonly Pitch[] = (() => {
  const table: Pitch[] = new Array(PITCH_COUNT);
  for (let octave = MIN_OCTAVE; octave <= MAX_OCTAVE; octave++) {
    for (let stepIndex = 0; stepIndex < STEPS.length; stepIndex++) {
      for (let alter = -2; alter <= 2; alter++) {
        table[pitchIndex(stepIndex, alter, octave)] = Object.freeze({
          step: STEPS[stepIndex]!,
          alter: alter as Alter,
          octave,
        });
      }
    }
  }
  return table;
})();

/** The shared pitch object at a table index. */
export function pitchAt(index: number): Pitch {
  return TABLE[index]!;
}

/** Per pitch-table index, the chord note of that pitch untied (even slots) and tied (odd slots). */
const CHORD_NOTES: readonly ChordNote[] = TABLE.flatMap((pitch) => [
  Object.freeze({ pitch, tie: false }),
  Object.freeze({ pitch, tie: true }),
]);

/**
 * The shared chord note (without a fingering) of the pitch at a table index:
 * like pitches, chord notes are made once, which spares a large score an
 * object for every note of every chord.
 */
export function chordNoteAt(index: number, tie: boolean): ChordNote {
  return CHORD_NOTES[2 * index + (tie ? 1 : 0)]!;
}

/** The table index of a pitch the table holds (a parsed one). */
export function pitchIndexOf(pitch: Pitch): number {
  return pitchIndex(STEPS.indexOf(pitch.step), pitch.alter, pitch.octave);
}

/**
 * Per table index, the pitch's place among all pitches in the order chord
 * notes are held (`comparePitches`: by sound, then spelling), so a chord's
 * notes are checked for order by comparing two numbers.
 */
const SOUND_RANK: Int16Array = (() => {
  const order = TABLE.map((_, index) => index).sort((a, b) => comparePitches(TABLE[a]!, TABLE[b]!));
  const rank = new Int16Array(TABLE.length);
  order.forEach((index, place) => {
    rank[index] = place;
  });
  return rank;
})();

/** The place of the pitch at a table index in the order chord notes are held; distinct pitches have distinct places. */
export function soundRankAt(index: number): number {
  return SOUND_RANK[index]!;
}
