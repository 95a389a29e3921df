/**
 * A large, realistic lanes-seq document for benchmarks: a seeded mix of
 * notes, chords, rests, ties, dotted values, triplets and grace notes, so
 * every run measures the same text.
 */
import {
  type Alter,
  type Lane,
  type LaneEvent,
  type LanesDocument,
  rational,
  STEPS,
} from '../src/index.ts';

/** A small deterministic PRNG (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The durations of one 4/4 measure, chosen from common rhythms. */
const RHYTHMS = [
  [
    [1, 4],
    [1, 4],
    [1, 4],
    [1, 4],
  ],
  [
    [1, 2],
    [1, 4],
    [1, 8],
    [1, 8],
  ],
  [
    [3, 8],
    [1, 8],
    [1, 4],
    [1, 4],
  ],
  [
    [1, 12],
    [1, 12],
    [1, 12],
    [1, 4],
    [1, 2],
  ],
  [
    [1, 8],
    [1, 8],
    [1, 8],
    [1, 8],
    [1, 16],
    [1, 16],
    [1, 16],
    [1, 16],
    [1, 4],
  ],
  [[1, 1]],
] as const;

export function generateDocument(
  measures: number,
  lanesPerMeasure: number,
  seed = 42,
): LanesDocument {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const pitch = () => ({
    step: pick(STEPS),
    alter: pick<Alter>([0, 0, 0, 1, -1]),
    octave: 2 + Math.floor(random() * 4),
  });
  const lanes: Lane[] = [];
  for (let measure = 1; measure <= measures; measure++) {
    for (let lane = 0; lane < lanesPerMeasure; lane++) {
      const events: LaneEvent[] = [];
      for (const [num, den] of pick(RHYTHMS)) {
        const duration = rational(num, den);
        const roll = random();
        if (roll < 0.03)
          events.push({
            kind: 'note',
            pitch: pitch(),
            duration: rational(1, 16),
            grace: true,
            tie: false,
          });
        if (roll < 0.15) events.push({ kind: 'rest', duration, grace: false });
        else if (roll < 0.35) {
          const root = pitch();
          const notes = [root, { ...root, octave: root.octave + 1 }].map((p) => ({
            pitch: p,
            tie: false,
          }));
          events.push({ kind: 'chord', notes, duration, grace: false, tie: false });
        } else
          events.push({ kind: 'note', pitch: pitch(), duration, grace: false, tie: roll > 0.9 });
      }
      lanes.push({ part: 1 + (lane >> 1), staff: 1 + (lane & 1), voice: 1, measure, events });
    }
  }
  return { lanes };
}

/** The same events in a compact JSON shape a hand-rolled format might use. */
export function compactJson(document: LanesDocument): unknown {
  return document.lanes.map((lane) => [
    lane.part,
    lane.staff,
    lane.voice,
    lane.measure,
    lane.events.map((event) => {
      const duration = [event.duration.num, event.duration.den];
      switch (event.kind) {
        case 'note':
          return [
            `${event.pitch.step}${event.pitch.alter}${event.pitch.octave}`,
            duration,
            event.grace,
            event.tie,
          ];
        case 'chord':
          return [
            event.notes.map((n) => `${n.pitch.step}${n.pitch.alter}${n.pitch.octave}`),
            duration,
            event.grace,
            event.tie,
          ];
        default:
          return [event.kind, duration];
      }
    }),
  ]);
}
