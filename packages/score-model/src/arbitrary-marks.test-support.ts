/**
 * fast-check arbitraries for marks, lyrics and units that carry them.
 */
import {
  ARTICULATIONS,
  DYNAMICS,
  type LaneMark,
  type OnsetMarks,
  ORNAMENTS,
  type Pitch,
  rational,
  STEPS,
  TECHNIQUES,
} from '@scorelane/lanes-seq';
import fc from 'fast-check';
import type { Lyric, ScoreEvent, UnitContent, VoiceContent } from './score-types.ts';

const root = fc.record({
  step: fc.constantFrom(...STEPS),
  alter: fc.constantFrom(-1 as const, 0 as const, 1 as const),
});

const text = fc.string({ minLength: 1, maxLength: 8 });

/** Any mark lanes-seq 1.1 knows, of every kind. */
export const arbitraryMark: fc.Arbitrary<LaneMark> = fc.oneof(
  fc.constantFrom(...ARTICULATIONS).map((name) => ({ kind: 'articulation' as const, name })),
  fc.constantFrom(...ORNAMENTS).map((name) => ({ kind: 'ornament' as const, name })),
  fc.constantFrom(...TECHNIQUES).map((name) => ({ kind: 'technique' as const, name })),
  fc.constant({ kind: 'fermata' as const }),
  fc.constantFrom('breath' as const, 'caesura' as const).map((name) => ({
    kind: 'breath' as const,
    name,
  })),
  fc.constant({ kind: 'arpeggio' as const }),
  fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const).map((strokes) => ({
    kind: 'tremolo' as const,
    strokes,
  })),
  fc.integer({ min: 0, max: 5 }).map((finger) => ({ kind: 'fingering' as const, finger })),
  fc.constantFrom(...DYNAMICS).map((name) => ({ kind: 'dynamic' as const, name })),
  fc.record({
    kind: fc.constant('slur' as const),
    type: fc.constantFrom('start' as const, 'stop' as const),
    level: fc.constantFrom(1 as const, 2 as const),
  }),
  fc.record({
    kind: fc.constant('hairpin' as const),
    type: fc.constantFrom('crescendo' as const, 'diminuendo' as const, 'stop' as const),
  }),
  fc.record({
    kind: fc.constant('octave-line' as const),
    type: fc.constantFrom('8va' as const, '8vb' as const, '15ma' as const, '15mb' as const),
  }),
  fc.record({
    kind: fc.constant('pedal' as const),
    type: fc.constantFrom('start' as const, 'stop' as const),
  }),
  fc.record({
    kind: fc.constant('text' as const),
    text,
    placement: fc.constantFrom('above' as const, 'below' as const),
  }),
  fc.record(
    {
      kind: fc.constant('tempo' as const),
      text,
      beat: fc.constantFrom(rational(1, 4), rational(3, 8), rational(1, 2)),
      perMinute: fc.integer({ min: 20, max: 240 }),
    },
    { requiredKeys: ['kind'] },
  ),
  text.map((mark) => ({ kind: 'rehearsal' as const, text: mark })),
  fc.record(
    {
      kind: fc.constant('chord-symbol' as const),
      root,
      quality: fc.constantFrom('', 'm', '7', 'maj7', 'm7b5'),
      bass: root,
    },
    { requiredKeys: ['kind', 'quality'] },
  ),
);

const marks = fc.option(fc.array(arbitraryMark, { minLength: 1, maxLength: 4 }), {
  nil: undefined,
});

const lyric: fc.Arbitrary<Lyric> = fc.record({
  verse: fc.integer({ min: 1, max: 4 }),
  text,
  hyphen: fc.boolean(),
  extend: fc.boolean(),
});

const pitch: fc.Arbitrary<Pitch> = fc.record({
  step: fc.constantFrom(...STEPS),
  alter: fc.constantFrom(-1 as const, 0 as const, 1 as const),
  octave: fc.integer({ min: 2, max: 6 }),
});

const duration = fc.constantFrom(rational(1, 4), rational(1, 8), rational(3, 8), rational(1, 1));

/** Puts `value` under `key` only when it is defined, as the model leaves optional fields out. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value !== undefined ? { [key]: value } : {}) as { [P in K]?: V };
}

const event: fc.Arbitrary<ScoreEvent> = fc.oneof(
  fc
    .tuple(
      pitch,
      duration,
      fc.boolean(),
      fc.boolean(),
      marks,
      fc.option(fc.array(lyric, { minLength: 1, maxLength: 3 }), { nil: undefined }),
    )
    .map(([p, d, grace, tie, m, l]) => ({
      kind: 'note' as const,
      pitch: p,
      duration: d,
      grace,
      tie,
      ...optional('marks', m),
      ...optional('lyrics', l),
    })),
  fc
    .tuple(
      fc.array(
        fc.tuple(
          pitch,
          fc.boolean(),
          fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
        ),
        { minLength: 2, maxLength: 3 },
      ),
      duration,
      fc.boolean(),
      marks,
    )
    .map(([notes, d, tie, m]) => ({
      kind: 'chord' as const,
      notes: notes.map(([p, noteTie, finger]) => ({
        pitch: p,
        tie: noteTie,
        ...optional('fingering', finger),
      })),
      duration: d,
      grace: false,
      tie,
      ...optional('marks', m),
    })),
  fc
    .tuple(fc.constantFrom('rest' as const, 'space' as const), duration, marks)
    .map(([kind, d, m]) => ({ kind, duration: d, grace: false as const, ...optional('marks', m) })),
);

const onsetMarks: fc.Arbitrary<OnsetMarks> = fc.record({
  onset: fc.constantFrom(rational(1, 8), rational(1, 2), rational(3, 4)),
  marks: fc.array(arbitraryMark, { minLength: 1, maxLength: 3 }),
});

const voice = (number: number): fc.Arbitrary<VoiceContent> =>
  fc
    .tuple(
      fc.array(event, { minLength: 1, maxLength: 5 }),
      fc.option(fc.array(onsetMarks, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    )
    .map(([events, onset]) => ({ voice: number, events, ...optional('onsetMarks', onset) }));

/** A unit of one or two voices whose events carry any marks, fingerings, lyrics and onset marks. */
export const arbitraryMarkedUnit: fc.Arbitrary<UnitContent> = fc
  .tuple(voice(1), fc.option(voice(2), { nil: undefined }))
  .map(([first, second]) => ({ voices: second ? [first, second] : [first] }));
