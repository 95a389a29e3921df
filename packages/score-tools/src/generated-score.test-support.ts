/**
 * A generated long score for the synopsis test and the benchmark: 16 parts
 * with different ranges and densities, stretches of rest, rehearsal marks
 * and tempo text kept as MusicXML-like attachments.
 */
import { type LaneEvent, parsePitch, rational } from '@scorelane/lanes-seq';
import {
  createScore,
  type Json,
  keySignature,
  type Score,
  type ScoreInit,
  type UnitInit,
} from '@scorelane/score-model';
import * as Y from 'yjs';

const NAMES = [
  'Flute',
  'Oboe',
  'Clarinet in Bb',
  'Bassoon',
  'Horn in F',
  'Trumpet in Bb',
  'Trombone',
  'Tuba',
  'Timpani',
  'Harp',
  'Piano',
  'Violin I',
  'Violin II',
  'Viola',
  'Cello',
  'Double Bass',
];
const LOWEST = [62, 60, 55, 36, 48, 57, 43, 31, 43, 40, 36, 57, 55, 50, 38, 31];

function direction(children: Json[]): Json {
  return { n: 'direction', c: [{ n: 'direction-type', c: children }] };
}

function unitAttachments(measure: number): Json | undefined {
  const items: Json[] = [];
  if (measure % 64 === 1) {
    const letter = String.fromCharCode(65 + (Math.floor(measure / 64) % 26));
    items.push({ at: '0', x: direction([{ n: 'rehearsal', c: [letter] }]) });
  }
  if (measure % 500 === 1) items.push({ at: '0', x: direction([{ n: 'words', c: ['Allegro'] }]) });
  return items.length > 0 ? { musicxml: { items } } : undefined;
}

function events(part: number, measure: number): LaneEvent[] {
  const resting = (measure + part * 7) % 40 < 8;
  if (resting) return [{ kind: 'rest', duration: rational(1, 1), grace: false }];
  const perMeasure = part % 3 === 0 ? 8 : 4;
  return Array.from({ length: perMeasure }, (_, beat) => ({
    kind: 'note' as const,
    pitch: parsePitch(
      ['C', 'D', 'E', 'F', 'G', 'A', 'B'][(measure + beat) % 7] +
        String(Math.floor(LOWEST[part - 1]! / 12) - 1 + ((measure >> 4) % 2)),
    )!,
    duration: rational(1, perMeasure),
    grace: false,
    tie: false,
  }));
}

/** The content of a generated score of `measures` measures and `parts` parts (at most 16). */
export function generatedScoreInit(measures: number, parts = 16): ScoreInit {
  const key = keySignature({ step: 'C', alter: 0 }, 'major')!;
  const units: UnitInit[] = [];
  for (let measure = 1; measure <= measures; measure++) {
    for (let part = 1; part <= parts; part++) {
      const attachments = part === 1 ? unitAttachments(measure) : undefined;
      units.push({
        part,
        staff: 1,
        measure,
        content: {
          voices: [{ voice: 1, events: events(part, measure) }],
          ...(attachments ? { attachments } : {}),
        },
      });
    }
  }
  return {
    title: `Generated ${measures}`,
    parts: NAMES.slice(0, parts).map((name) => ({ name, staves: 1, clefs: ['treble' as const] })),
    measures: Array.from({ length: measures }, (_, index) => ({
      time: { beats: 4, beatType: 4 },
      key,
      ...(index === 0 ? {} : {}),
    })),
    units,
  };
}

/** A generated score on a fresh Y.Doc. */
export function generatedScore(measures: number, parts = 16): Score {
  return createScore(new Y.Doc(), generatedScoreInit(measures, parts), { origin: 'import' });
}
