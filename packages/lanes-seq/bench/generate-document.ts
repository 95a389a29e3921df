/**
 * A large, realistic lanes-seq document for benchmarks: a seeded mix of
 * notes, chords, rests, ties, dotted values, triplets and grace notes, so
 * every run measures the same text.
 */

import { seededRandom } from '../../../scripts/bench/seeded-random.ts';
import {
  type Alter,
  type Lane,
  type LaneEvent,
  type LanesDocument,
  rational,
  STEPS,
} from '../src/index.ts';

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

/** One event as compact JSON: pitch (`"r"`, `"x"`, or chord pitches), duration, and flags only when set. */
interface JsonEvent {
  readonly p: string | readonly string[];
  readonly d: string;
  readonly g?: 1;
  readonly t?: 1;
}

const PITCH_SIGNS: Record<number, string> = { [-2]: 'bb', [-1]: 'b', 0: '', 1: '#', 2: '##' };

/**
 * The same events as the compact JSON a hand-rolled format would use, the
 * baseline issue 26 names: a lane is `{"h":[part,staff,voice,measure],"e":[...]}`,
 * an event `{"p":"C4","d":"1/4"}` (a chord's `p` a list, a rest `"r"`, a
 * grace note `"g":1`, a tie `"t":1`).
 */
export function compactJson(document: LanesDocument): unknown {
  const pitch = (p: { step: string; alter: number; octave: number }) =>
    `${p.step}${PITCH_SIGNS[p.alter]}${p.octave}`;
  return document.lanes.map((lane) => ({
    h: [lane.part, lane.staff, lane.voice, lane.measure],
    e: lane.events.map((event): JsonEvent => {
      const d = `${event.duration.num}/${event.duration.den}`;
      const flags = {
        ...(event.grace ? { g: 1 as const } : {}),
        ...('tie' in event && event.tie ? { t: 1 as const } : {}),
      };
      switch (event.kind) {
        case 'note':
          return { p: pitch(event.pitch), d, ...flags };
        case 'chord':
          return { p: event.notes.map((note) => pitch(note.pitch)), d, ...flags };
        case 'rest':
          return { p: 'r', d, ...flags };
        default:
          return { p: 'x', d, ...flags };
      }
    }),
  }));
}
