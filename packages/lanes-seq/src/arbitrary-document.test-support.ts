/**
 * fast-check arbitraries for valid lanes-seq documents, shared by the
 * property tests. Not part of the published package.
 */
import fc from 'fast-check';
import { CHORD_QUALITIES } from './chord-symbol.ts';
import type { ChordNote, Lane, LaneEvent, LanesDocument } from './document.ts';
import { LIMITS } from './issue.ts';
import { fitsGrace, fitsOnset, fitsRest, markSlot } from './mark-text.ts';
import {
  ARTICULATIONS,
  DYNAMICS,
  type LaneMark,
  type LyricLine,
  type OnsetMarks,
  ORNAMENTS,
  type Syllable,
  TECHNIQUES,
} from './marks.ts';
import { type Alter, type Pitch, STEPS, samePitch } from './pitch.ts';
import {
  add,
  equals,
  formatRational,
  multiply,
  type Rational,
  rational,
  ZERO,
} from './rational.ts';
import { serializeEvent } from './serialize.ts';

export const arbitraryPitch: fc.Arbitrary<Pitch> = fc.record({
  step: fc.constantFrom(...STEPS),
  alter: fc.constantFrom<Alter>(-2, -1, 0, 1, 2),
  octave: fc.integer({ min: -1, max: 9 }),
});

/** Any duration, with the common ones often, so that events repeat the duration before them (which the canonical text leaves out). */
export const arbitraryDuration = fc.oneof(
  { arbitrary: fc.constantFrom(rational(1, 4), rational(1, 8), rational(1, 2)), weight: 2 },
  {
    arbitrary: fc
      .tuple(
        fc.integer({ min: 1, max: 64 }),
        fc.constantFrom(1, 2, 3, 4, 5, 6, 8, 12, 16, 20, 32, 64, 1000),
      )
      .map(([num, den]) => rational(num, den)),
    weight: 1,
  },
);

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

/** A string of a mark: any Unicode but white space and line breaks, with quotes and backslashes. */
const arbitraryMarkString = fc.string({
  unit: fc.constantFrom(...'aZé ö ß"\\.,!?1/-_'.replace(/ /g, '').split(''), '🎵', '日'),
  minLength: 1,
  maxLength: 6,
});

const arbitraryChordRoot = fc.record({
  step: fc.constantFrom(...STEPS),
  alter: fc.constantFrom<-1 | 0 | 1>(-1, 0, 1),
});

const arbitraryChordSymbol: fc.Arbitrary<LaneMark> = fc.oneof(
  fc.constant<LaneMark>({ kind: 'chord-symbol', quality: '' }),
  fc
    .record({
      root: arbitraryChordRoot,
      quality: fc.constantFrom(...CHORD_QUALITIES),
      bass: fc.option(arbitraryChordRoot, { nil: undefined }),
    })
    .map(
      ({ root, quality, bass }): LaneMark =>
        bass === undefined
          ? { kind: 'chord-symbol', root, quality }
          : { kind: 'chord-symbol', root, quality, bass },
    ),
);

const arbitraryTempo: fc.Arbitrary<LaneMark> = fc
  .record({
    text: fc.option(arbitraryMarkString, { nil: undefined }),
    metronome: fc.option(
      fc.record({
        beat: fc.constantFrom(
          rational(1, 4),
          rational(3, 8),
          rational(1, 2),
          rational(1, 8),
          rational(1),
        ),
        perMinute: fc.integer({ min: 1, max: 1000 }),
      }),
      { nil: undefined },
    ),
  })
  .filter(({ text, metronome }) => text !== undefined || metronome !== undefined)
  .map(
    ({ text, metronome }): LaneMark => ({
      kind: 'tempo',
      ...(text === undefined ? {} : { text }),
      ...(metronome === undefined ? {} : metronome),
    }),
  );

/** Any mark lanes-seq 1.1 writes. */
export const arbitraryMark: fc.Arbitrary<LaneMark> = fc.oneof(
  fc.constantFrom(...ARTICULATIONS).map((name): LaneMark => ({ kind: 'articulation', name })),
  fc.constantFrom(...ORNAMENTS).map((name): LaneMark => ({ kind: 'ornament', name })),
  fc.constantFrom(...TECHNIQUES).map((name): LaneMark => ({ kind: 'technique', name })),
  fc.constantFrom(...DYNAMICS).map((name): LaneMark => ({ kind: 'dynamic', name })),
  fc.constantFrom<LaneMark>(
    { kind: 'fermata' },
    { kind: 'arpeggio' },
    { kind: 'breath', name: 'breath' },
    { kind: 'breath', name: 'caesura' },
    { kind: 'tremolo', strokes: 1 },
    { kind: 'tremolo', strokes: 4 },
    { kind: 'fingering', finger: 0 },
    { kind: 'fingering', finger: 3 },
    { kind: 'slur', type: 'start', level: 1 },
    { kind: 'slur', type: 'stop', level: 1 },
    { kind: 'slur', type: 'start', level: 2 },
    { kind: 'slur', type: 'stop', level: 2 },
    { kind: 'hairpin', type: 'crescendo' },
    { kind: 'hairpin', type: 'diminuendo' },
    { kind: 'hairpin', type: 'stop' },
    { kind: 'octave-line', type: '8va' },
    { kind: 'octave-line', type: '15mb' },
    { kind: 'octave-line', type: 'stop' },
    { kind: 'pedal', type: 'start' },
    { kind: 'pedal', type: 'stop' },
  ),
  fc
    .record({
      text: arbitraryMarkString,
      placement: fc.constantFrom('above' as const, 'below' as const),
    })
    .map((text): LaneMark => ({ kind: 'text', ...text })),
  arbitraryTempo,
  arbitraryMarkString.map((text): LaneMark => ({ kind: 'rehearsal', text })),
  arbitraryChordSymbol,
);

/** Marks that `fits` allows, at most one per slot (no duplicate-mark), in any order. */
function arbitraryMarksWhere(fits: (mark: LaneMark) => boolean): fc.Arbitrary<LaneMark[]> {
  return fc.uniqueArray(arbitraryMark.filter(fits), { maxLength: 4, selector: markSlot });
}

/** An event of any kind with marks it may take (left out when none), and fingerings on chord notes. */
export const arbitraryMarkedEvent: fc.Arbitrary<LaneEvent> = arbitraryEvent.chain((event) => {
  const fits =
    event.kind === 'rest' || event.kind === 'space'
      ? fitsRest
      : event.grace
        ? fitsGrace
        : event.kind === 'chord'
          ? (mark: LaneMark) => mark.kind !== 'fingering'
          : () => true;
  const fingerings =
    event.kind === 'chord'
      ? fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }), {
          minLength: event.notes.length,
          maxLength: event.notes.length,
        })
      : fc.constant([]);
  return fc.tuple(arbitraryMarksWhere(fits), fingerings).map(([marks, fingers]) => {
    const withNotes =
      event.kind === 'chord'
        ? {
            ...event,
            notes: event.notes.map((note, i) =>
              fingers[i] === undefined ? note : { ...note, fingering: fingers[i]! },
            ),
          }
        : event;
    return marks.length === 0 ? withNotes : { ...withNotes, marks };
  });
});

/** `@` items for a lane of these events: onsets strictly inside a sounding event, so where no event starts. */
function arbitraryOnsetMarks(events: readonly LaneEvent[]): fc.Arbitrary<OnsetMarks[]> {
  const spans: { start: Rational; duration: Rational }[] = [];
  let time = ZERO;
  for (const event of events) {
    if (event.grace) continue;
    spans.push({ start: time, duration: event.duration });
    time = add(time, event.duration);
  }
  if (spans.length === 0) return fc.constant([]);
  const onset = fc
    .tuple(fc.integer({ min: 0, max: spans.length - 1 }), fc.constantFrom(2, 3, 4))
    .chain(([i, parts]) =>
      fc.integer({ min: 1, max: parts - 1 }).map((k) => {
        const span = spans[i]!;
        return add(span.start, multiply(span.duration, rational(k, parts)));
      }),
    );
  return fc
    .uniqueArray(
      fc.record({
        onset,
        marks: arbitraryMarksWhere(fitsOnset).filter((marks) => marks.length > 0),
      }),
      { maxLength: 2, selector: (item) => formatRational(item.onset) },
    )
    .map((items) =>
      // An onset is written with terms up to LIMITS.maxDurationTerm, as a duration is.
      items.filter(
        ({ onset }) => onset.num <= LIMITS.maxDurationTerm && onset.den <= LIMITS.maxDurationTerm,
      ),
    );
}

const arbitraryLane: fc.Arbitrary<Lane> = fc
  .record({
    part: fc.integer({ min: 1, max: 4 }),
    staff: fc.integer({ min: 1, max: 2 }),
    voice: fc.integer({ min: 1, max: 3 }),
    measure: fc.integer({ min: 1, max: 40 }),
    events: fc.array(arbitraryMarkedEvent, { minLength: 1, maxLength: 8 }),
  })
  .chain((lane) =>
    fc
      .option(arbitraryOnsetMarks(lane.events), { nil: undefined, freq: 3 })
      .map((onsetMarks) =>
        onsetMarks === undefined || onsetMarks.length === 0 ? lane : { ...lane, onsetMarks },
      ),
  );

/** The text of a syllable: letters of any script, and the characters a lyric line escapes. */
const arbitrarySyllableText = fc.string({
  unit: fc.constantFrom(..."aeioudnrsöéßÆ'-_*~\\.|".split(''), '日'),
  minLength: 1,
  maxLength: 5,
});

const arbitrarySlot: fc.Arbitrary<Syllable | null> = fc.option(
  fc.record({ text: arbitrarySyllableText, hyphen: fc.boolean(), extend: fc.boolean() }),
  { nil: null, freq: 4 },
);

const arbitraryLyricLine: fc.Arbitrary<LyricLine> = fc.record({
  part: fc.integer({ min: 1, max: 4 }),
  staff: fc.integer({ min: 1, max: 2 }),
  voice: fc.integer({ min: 1, max: 3 }),
  measure: fc.integer({ min: 1, max: 40 }),
  verse: fc.integer({ min: 1, max: 3 }),
  slots: fc.array(arbitrarySlot, { minLength: 1, maxLength: 6 }),
});

/** A few voices over m1-9, so lanes of consecutive measures (one line, bar lines between) are common. */
function packed<T extends { part: number; staff: number; voice: number; measure: number }>(
  item: T,
): T {
  return {
    ...item,
    part: 1 + (item.part % 2),
    staff: 1,
    voice: 1 + (item.voice % 2),
    measure: 1 + (item.measure % 9),
  };
}

/**
 * A valid document: lanes with distinct (part, staff, voice, measure), in any
 * order, with marks, `@` items, fingerings and lyric lines (for lanes of the
 * document or not), left out where there are none. Half of them hold a few
 * voices in m1-9, whose canonical text has bar lines and blocks of four
 * measures.
 */
export const arbitraryDocument: fc.Arbitrary<LanesDocument> = fc.boolean().chain((dense) =>
  fc
    .tuple(
      fc.uniqueArray(dense ? arbitraryLane.map(packed) : arbitraryLane, {
        maxLength: 12,
        selector: (lane) => `${lane.part} ${lane.staff} ${lane.voice} ${lane.measure}`,
      }),
      fc.uniqueArray(dense ? arbitraryLyricLine.map(packed) : arbitraryLyricLine, {
        maxLength: dense ? 6 : 3,
        selector: (line) =>
          `${line.part} ${line.staff} ${line.voice} ${line.measure} ${line.verse}`,
      }),
    )
    .map(([lanes, lyrics]) => (lyrics.length === 0 ? { lanes } : { lanes, lyrics })),
);

/**
 * The events as the canonical text writes them (section 16.1): a duration
 * that repeats the one before it, on an event that is not a grace note, left out.
 */
export function compactTexts(events: readonly LaneEvent[]): string[] {
  let last: LaneEvent['duration'] | undefined;
  return events.map((event) => {
    const text = serializeEvent(event);
    if (event.grace) return text;
    const repeats = last !== undefined && equals(last, event.duration);
    last = event.duration;
    return repeats ? text.replace(`=${formatRational(event.duration)}`, '') : text;
  });
}
