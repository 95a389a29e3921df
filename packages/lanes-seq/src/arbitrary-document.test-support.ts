/**
 * fast-check arbitraries for valid lanes-seq documents, shared by the
 * property tests. Not part of the published package.
 */
import fc from 'fast-check';
import type { ChordNote, Lane, LaneEvent, LanesDocument } from './document.ts';
import { type Alter, type Pitch, STEPS, samePitch } from './pitch.ts';
import { rational } from './rational.ts';

export const arbitraryPitch: fc.Arbitrary<Pitch> = fc.record({
  step: fc.constantFrom(...STEPS),
  alter: fc.constantFrom<Alter>(-2, -1, 0, 1, 2),
  octave: fc.integer({ min: -1, max: 9 }),
});

export const arbitraryDuration = fc
  .tuple(
    fc.integer({ min: 1, max: 64 }),
    fc.constantFrom(1, 2, 3, 4, 5, 6, 8, 12, 16, 20, 32, 64, 1000),
  )
  .map(([num, den]) => rational(num, den));

const arbitraryNote: fc.Arbitrary<LaneEvent> = fc.record({
  kind: fc.constant('note' as const),
  pitch: arbitraryPitch,
  duration: arbitraryDuration,
  grace: fc.boolean(),
  tie: fc.boolean(),
});

/** Chords hold distinct pitches, in any order. */
const arbitraryChord: fc.Arbitrary<LaneEvent> = fc
  .record({
    notes: fc.uniqueArray(fc.record({ pitch: arbitraryPitch, tie: fc.boolean() }), {
      minLength: 1,
      maxLength: 5,
      comparator: (a: ChordNote, b: ChordNote) => samePitch(a.pitch, b.pitch),
    }),
    duration: arbitraryDuration,
    grace: fc.boolean(),
    tie: fc.boolean(),
  })
  .map((chord) => ({ kind: 'chord' as const, ...chord }));

const arbitraryRest: fc.Arbitrary<LaneEvent> = fc.record({
  kind: fc.constantFrom('rest' as const, 'space' as const),
  duration: arbitraryDuration,
  grace: fc.constant(false as const),
});

export const arbitraryEvent: fc.Arbitrary<LaneEvent> = fc.oneof(
  arbitraryNote,
  arbitraryChord,
  arbitraryRest,
);

const arbitraryLane: fc.Arbitrary<Lane> = fc.record({
  part: fc.integer({ min: 1, max: 4 }),
  staff: fc.integer({ min: 1, max: 2 }),
  voice: fc.integer({ min: 1, max: 3 }),
  measure: fc.integer({ min: 1, max: 40 }),
  events: fc.array(arbitraryEvent, { minLength: 1, maxLength: 8 }),
});

/** A valid document: lanes with distinct (part, staff, voice, measure), in any order. */
export const arbitraryDocument: fc.Arbitrary<LanesDocument> = fc
  .uniqueArray(arbitraryLane, {
    maxLength: 12,
    selector: (lane) => `${lane.part} ${lane.staff} ${lane.voice} ${lane.measure}`,
  })
  .map((lanes) => ({ lanes }));
