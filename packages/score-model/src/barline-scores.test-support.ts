/**
 * Scores with bar lines for tests: one violin, one whole note per measure
 * (a different pitch in each, so what is played tells which measure it was).
 */
import { fc } from '@fast-check/vitest';
import { parsePitch, rational } from '@scorelane/lanes-seq';
import * as Y from 'yjs';
import { createScore, type Score } from './score.ts';
import type { MeasureBarlines, MeasureInfo } from './score-types.ts';

/** The MIDI key of measure `measure`'s note: C4 + measure - 1. */
export function keyOfMeasure(measure: number): number {
  return 59 + measure;
}

/** A score of `barlines.length` measures of 4/4, each with its bar lines and one whole note. */
export function scoreWithBarlines(barlines: readonly (MeasureBarlines | undefined)[]): Score {
  const measures: MeasureInfo[] = barlines.map((bars) => ({
    time: { beats: 4, beatType: 4 },
    key: { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 },
    ...(bars ? { barlines: bars } : {}),
  }));
  const names = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
  return createScore(new Y.Doc(), {
    parts: [{ name: 'Violin', staves: 1, clefs: ['treble'] }],
    measures,
    units: measures.map((_, index) => {
      const key = keyOfMeasure(index + 1);
      const pitch = parsePitch(`${names[key % 12]}${Math.floor(key / 12) - 1}`)!;
      return {
        part: 1,
        staff: 1,
        measure: index + 1,
        content: {
          voices: [
            {
              voice: 1,
              events: [{ kind: 'note', pitch, duration: rational(1, 1), grace: false, tie: false }],
            },
          ],
        },
      };
    }),
  });
}

/** Any bar lines a measure may have, voltas included (passes 1-3, times 2-3). */
export const arbitraryBarlines: fc.Arbitrary<MeasureBarlines | undefined> = fc.option(
  fc
    .record(
      {
        repeatStart: fc.constant(true as const),
        end: fc.constantFrom('double' as const, 'final' as const, 'repeat' as const),
        times: fc.integer({ min: 2, max: 3 }),
        volta: fc.record(
          {
            numbers: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
            end: fc.constantFrom('closed' as const, 'open' as const),
          },
          { requiredKeys: ['numbers'] },
        ),
      },
      { requiredKeys: [] },
    )
    .map((bars): MeasureBarlines => {
      const { times, ...rest } = bars;
      const volta = rest.volta && { ...rest.volta, numbers: [...rest.volta.numbers].sort() };
      return {
        ...rest,
        ...(volta ? { volta } : {}),
        ...(rest.end === 'repeat' && times !== undefined ? { times } : {}),
      };
    }),
  { nil: undefined },
);
