import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { ChordNote } from './document.ts';
import { parse } from './parse.ts';
import { chordNoteAt, PITCH_COUNT, pitchAt, soundRankAt } from './pitch-table.ts';
import { durationOf } from './read-duration.ts';
import {
  CHORD_HASH_START,
  chordHashWith,
  sharedChord,
  sharedNote,
  sharedRest,
} from './shared-events.ts';

const pitchIndex = fc.integer({ min: 0, max: PITCH_COUNT - 1 });
/** Small terms (shared durations) and large ones (a new object for each read). */
const duration = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 8 }), fc.constantFrom(1, 2, 4, 8, 12, 16)),
  fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 })),
);

/** Distinct pitch-table indexes, in the order chord notes are held (low to high). */
const chordPitches = fc
  .uniqueArray(pitchIndex, { minLength: 1, maxLength: 8 })
  .map((indexes) => [...indexes].sort((a, b) => soundRankAt(a) - soundRankAt(b)));

describe('shared events', () => {
  // Many keys against a memo of a few thousand slots: collisions replace slots, and every
  // answer must still be the event asked for, with the very duration passed in.
  test.prop(
    [
      fc.array(fc.tuple(pitchIndex, duration, fc.boolean(), fc.boolean()), {
        minLength: 1,
        maxLength: 300,
      }),
    ],
    {
      numRuns: 200,
    },
  )('a shared note is the note asked for, frozen, with the duration object given', (asks) => {
    for (const [index, [num, den], grace, tie] of asks) {
      const length = durationOf(num, den);
      const note = sharedNote(index, length, grace, tie);
      expect(note).toStrictEqual({
        kind: 'note',
        pitch: pitchAt(index),
        duration: length,
        grace,
        tie,
      });
      expect(Object.keys(note)).toEqual(['kind', 'pitch', 'duration', 'grace', 'tie']);
      expect(note.duration).toBe(length);
      expect(note.pitch).toBe(pitchAt(index));
      expect(Object.isFrozen(note)).toBe(true);
    }
  });

  test.prop([
    fc.array(fc.tuple(fc.constantFrom('rest' as const, 'space' as const), duration), {
      minLength: 1,
      maxLength: 100,
    }),
  ])('a shared rest is the rest asked for, frozen, with the duration object given', (asks) => {
    for (const [kind, [num, den]] of asks) {
      const length = durationOf(num, den);
      const rest = sharedRest(kind, length);
      expect(rest).toStrictEqual({ kind, duration: length, grace: false });
      expect(rest.duration).toBe(length);
      expect(Object.isFrozen(rest)).toBe(true);
    }
  });

  test.prop(
    [
      fc.array(fc.tuple(chordPitches, duration, fc.boolean(), fc.boolean()), {
        minLength: 1,
        maxLength: 200,
      }),
    ],
    {
      numRuns: 200,
    },
  )('a shared chord holds the chord notes asked for, in order, frozen', (asks) => {
    for (const [indexes, [num, den], grace, tie] of asks) {
      const length = durationOf(num, den);
      // The reader's reused array holds more notes than the chord's.
      const notes: ChordNote[] = [...indexes, 0, 1].map((index) => chordNoteAt(index, false));
      let hash = CHORD_HASH_START;
      for (const index of indexes) hash = chordHashWith(hash, index);
      const chord = sharedChord(notes, indexes.length, hash, length, grace, tie);
      expect(chord).toStrictEqual({
        kind: 'chord',
        notes: indexes.map((index) => chordNoteAt(index, false)),
        duration: length,
        grace,
        tie,
      });
      for (let i = 0; i < indexes.length; i++) expect(chord.notes[i]).toBe(notes[i]);
      expect(chord.duration).toBe(length);
      expect(Object.isFrozen(chord) && Object.isFrozen(chord.notes)).toBe(true);
    }
  });

  it('gives equal plain events of a parse one object, and events with marks their own', () => {
    const result = parse('P1 s1 v1 m1: C4=1/4 C4 r r (C4 E4) (C4 E4) C4-. C4-.\n');
    if (!result.ok) throw new Error(result.issues[0]?.message);
    const [c1, c2, r1, r2, chord1, chord2, marked1, marked2] = result.document.lanes[0]!.events;
    expect(c2).toBe(c1);
    expect(r2).toBe(r1);
    expect(chord2).toBe(chord1);
    expect(marked2).not.toBe(marked1);
    expect(marked2).toEqual(marked1);
    expect(Object.isFrozen(c1)).toBe(true);
  });
});
