/**
 * A generated string quartet, shaped like an imported one: four parts, a
 * seeded mix of notes, chords, rests, grace notes and ties, slurs,
 * articulations and dynamics, and on every event and unit the kind of
 * attachments the MusicXML importer keeps (the element it came from, its
 * pitches, its marks). The read benchmark decodes it whole.
 */
import { type LaneMark, type Pitch, rational, STEPS } from '@scorelane/lanes-seq';
import { seededRandom } from '../../../scripts/bench/seeded-random.ts';
import {
  type Json,
  keySignature,
  type ScoreEvent,
  type ScoreInit,
  type UnitInit,
} from '../src/index.ts';

/** The durations of one 4/4 measure, as `[num, den]`. */
const RHYTHMS: readonly (readonly (readonly [number, number])[])[] = [
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
];

const TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'whole',
  2: 'half',
  4: 'quarter',
  8: 'eighth',
  16: '16th',
};

const PITCH_SIGNS: Readonly<Record<number, string>> = { [-1]: 'b', 0: '', 1: '#' };

const pitchText = (pitch: Pitch) => `${pitch.step}${PITCH_SIGNS[pitch.alter]}${pitch.octave}`;

/** What the importer keeps of a note: its element without what the model reads, and its pitches. */
function noteAttachments(den: number, pitches: readonly Pitch[]): Json {
  return {
    musicxml: {
      notes: pitches.map(() => ({
        n: 'note',
        c: [
          { n: 'type', c: [TYPE_NAMES[den] ?? 'quarter'] },
          { n: 'stem', c: ['up'] },
        ],
      })),
      pitches: pitches.map(pitchText),
    },
    marks: [],
  };
}

/**
 * A quartet of `measures` measures of 4/4, the same on every run.
 *
 * @example
 * ```ts
 * const init = quartetScore(250); // 1,000 units
 * ```
 */
export function quartetScore(measures: number, seed = 132): ScoreInit {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const pitch = (low: number): Pitch => ({
    step: pick(STEPS),
    alter: pick([0, 0, 0, 1, -1] as const),
    octave: low + Math.floor(random() * 2),
  });
  const lows = [4, 4, 3, 2];
  const units: UnitInit[] = [];
  for (let measure = 1; measure <= measures; measure++) {
    for (let part = 1; part <= 4; part++) {
      const events: ScoreEvent[] = [];
      for (const [num, den] of pick(RHYTHMS)) {
        const duration = rational(num, den);
        const roll = random();
        const marks: LaneMark[] = [];
        if (roll > 0.8) marks.push({ kind: 'articulation', name: 'staccato' });
        if (roll > 0.95) marks.push({ kind: 'slur', type: 'start', level: 1 });
        if (roll < 0.02) marks.push({ kind: 'dynamic', name: 'p' });
        const extra = marks.length > 0 ? { marks } : {};
        if (roll < 0.03) {
          const grace = pitch(lows[part - 1]!);
          events.push({
            kind: 'note',
            pitch: grace,
            duration: rational(1, 16),
            grace: true,
            tie: false,
            attachments: noteAttachments(16, [grace]),
          });
        }
        if (roll < 0.12) {
          events.push({
            kind: 'rest',
            duration,
            grace: false,
            attachments: noteAttachments(den, []),
          });
        } else if (roll < 0.25) {
          const root = pitch(lows[part - 1]!);
          const notes = [root, { ...root, octave: root.octave + 1 }];
          events.push({
            kind: 'chord',
            notes: notes.map((note) => ({ pitch: note, tie: false })),
            duration,
            grace: false,
            tie: false,
            ...extra,
            attachments: noteAttachments(den, notes),
          });
        } else {
          const note = pitch(lows[part - 1]!);
          events.push({
            kind: 'note',
            pitch: note,
            duration,
            grace: false,
            tie: roll > 0.9,
            ...extra,
            attachments: noteAttachments(den, [note]),
          });
        }
      }
      units.push({
        part,
        staff: 1,
        measure,
        content: {
          voices: [{ voice: 1, events }],
          attachments: { musicxml: { measure: {}, voices: { '1': '1' }, items: [] }, marks: [] },
        },
      });
    }
  }
  const key = keySignature({ step: 'A', alter: 0 }, 'minor')!;
  const clefs = ['treble', 'treble', 'alto', 'bass'] as const;
  return {
    title: 'Generated quartet',
    parts: ['Violin I', 'Violin II', 'Viola', 'Violoncello'].map((name, index) => ({
      name,
      staves: 1,
      clefs: [clefs[index]!],
      program: index < 2 ? 40 : index === 2 ? 41 : 42,
    })),
    measures: Array.from({ length: measures }, () => ({ time: { beats: 4, beatType: 4 }, key })),
    units,
  };
}
