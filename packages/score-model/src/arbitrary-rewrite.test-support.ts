/**
 * fast-check arbitraries for rewrites that fill their measures, and for any
 * text at all, over a fixed score with a pickup and a time change.
 */

import {
  type Lane,
  type LaneEvent,
  type Pitch,
  type Rational,
  rational,
  STEPS,
  serialize,
} from '@scorelane/lanes-seq';
import fc from 'fast-check';

/** Two parts (one on two staves), six measures: a pickup, 4/4, then 3/4 with a key change. */
export const PROPERTY_SCORE = `%% title: Properties
%% part P1 name="Flute" staves=1 clefs=treble
%% part P2 name="Piano" staves=2 clefs=treble,bass
%% measures 6
%% time m1 4/4
%% key m1 D major
%% pickup m1 1/4
%% time m4 3/4
%% key m4 B minor
P1 s1 v1 m1: A4=1/4
P1 s1 v1 m2: D5=1/2 F#5=1/4 A5=1/4~
P1 s1 v1 m3: A5=1/2 G5=1/2
P2 s1 v1 m2: (D4 F#4)=1
P2 s1 v2 m2: A3=1/2 A3=1/2
P2 s2 v1 m2: D3=1
P1 s1 v1 m4: B4=3/4
P2 s2 v1 m5: B2=1/4 F#3=1/2
`;

/** The length of each measure of {@link PROPERTY_SCORE}, in 1/48ths of a whole note. */
export const PROPERTY_LENGTHS = [12, 48, 48, 36, 36, 36];

/** (part, staves) of {@link PROPERTY_SCORE}. */
export const PROPERTY_PARTS = [
  { part: 1, staves: 1 },
  { part: 2, staves: 2 },
];

const pitch: fc.Arbitrary<Pitch> = fc.record({
  step: fc.constantFrom(...STEPS),
  alter: fc.constantFrom(-1 as const, 0 as const, 1 as const),
  octave: fc.integer({ min: 2, max: 5 }),
});

function d(units: number): Rational {
  return rational(units, 48);
}

/** A block of events and the time it takes, in 1/48ths. */
type Block = { units: number; events: LaneEvent[] };

const note = (units: number): fc.Arbitrary<Block> =>
  fc.tuple(pitch, fc.boolean()).map(([p, chord]) => ({
    units,
    events: [
      chord && p.octave < 5
        ? {
            kind: 'chord' as const,
            notes: [
              { pitch: p, tie: false },
              { pitch: { ...p, octave: p.octave + 1 }, tie: false },
            ],
            duration: d(units),
            grace: false,
            tie: false,
          }
        : { kind: 'note' as const, pitch: p, duration: d(units), grace: false, tie: false },
    ],
  }));

const rest = (units: number): fc.Arbitrary<Block> =>
  fc.constantFrom('rest' as const, 'space' as const).map((kind) => ({
    units,
    events: [{ kind, duration: d(units), grace: false as const }],
  }));

const tiedPair: fc.Arbitrary<Block> = pitch.map((p) => ({
  units: 12,
  events: [
    { kind: 'note' as const, pitch: p, duration: d(6), grace: false, tie: true },
    { kind: 'note' as const, pitch: p, duration: d(6), grace: false, tie: false },
  ],
}));

const triplet: fc.Arbitrary<Block> = fc.array(pitch, { minLength: 3, maxLength: 3 }).map((ps) => ({
  units: 12,
  events: ps.map((p) => ({
    kind: 'note' as const,
    pitch: p,
    duration: d(4),
    grace: false,
    tie: false,
  })),
}));

const graced: fc.Arbitrary<Block> = fc.tuple(pitch, pitch).map(([g, p]) => ({
  units: 12,
  events: [
    { kind: 'note' as const, pitch: g, duration: rational(1, 16), grace: true, tie: false },
    { kind: 'note' as const, pitch: p, duration: d(12), grace: false, tie: false },
  ],
}));

const block: fc.Arbitrary<Block> = fc.oneof(
  note(12),
  note(6),
  note(3),
  note(24),
  note(18),
  note(30),
  rest(12),
  rest(6),
  tiedPair,
  triplet,
  graced,
);

/** Events that fill exactly `units` 1/48ths: blocks while they fit, then sixteenth rests. */
export function fillingEvents(units: number): fc.Arbitrary<LaneEvent[]> {
  return fc.array(block, { maxLength: 8 }).map((blocks) => {
    const events: LaneEvent[] = [];
    let left = units;
    for (const candidate of blocks) {
      if (candidate.units > left) continue;
      events.push(...candidate.events);
      left -= candidate.units;
    }
    while (left > 0) {
      events.push({ kind: 'rest', duration: d(3), grace: false });
      left -= 3;
    }
    return events;
  });
}

/** A rewrite request that the planner must accept, and the lanes it writes. */
export interface ValidRewrite {
  readonly start: number;
  readonly end: number;
  readonly parts: number[];
  readonly lanes: Lane[];
  readonly text: string;
}

/** A rewrite of 1-3 measures of some parts of {@link PROPERTY_SCORE}, filling every voice. */
export const arbitraryValidRewrite: fc.Arbitrary<ValidRewrite> = fc
  .record({
    start: fc.integer({ min: 1, max: 6 }),
    size: fc.integer({ min: 1, max: 3 }),
    parts: fc.subarray([1, 2], { minLength: 1 }),
  })
  .chain(({ start, size, parts }) => {
    const end = Math.min(6, start + size - 1);
    const units: { part: number; staff: number; measure: number }[] = [];
    for (let measure = start; measure <= end; measure++) {
      for (const part of parts) {
        const staves = PROPERTY_PARTS[part - 1]!.staves;
        for (let staff = 1; staff <= staves; staff++) units.push({ part, staff, measure });
      }
    }
    return fc
      .tuple(
        ...units.map((unit) =>
          fc
            .integer({ min: 1, max: 2 })
            .chain((voices) =>
              fc.tuple(
                ...Array.from({ length: voices }, () =>
                  fillingEvents(PROPERTY_LENGTHS[unit.measure - 1]!),
                ),
              ),
            )
            .map((voices) =>
              voices.map((events, index) => ({ ...unit, voice: index + 1, events })),
            ),
        ),
      )
      .map((perUnit) => {
        const lanes: Lane[] = perUnit.flat();
        return { start, end, parts, lanes, text: serialize({ lanes }) };
      });
  });

/** Any lane-ish text: valid rewrites mixed with bytes that mostly do not parse or fit. */
export const arbitraryAnyText: fc.Arbitrary<string> = fc.oneof(
  arbitraryValidRewrite.map((rewrite) => rewrite.text),
  fc.string({
    unit: fc.constantFrom(...'P s v m 1 2 3 4 7 : = / ~ ( ) C D E # b r x g \n'.split(' ')),
    maxLength: 80,
  }),
  fc
    .tuple(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 0, max: 8 }),
    )
    .map(([part, measure, n]) => `P${part} s1 v1 m${measure}: C4=${n}/4\n`),
);
