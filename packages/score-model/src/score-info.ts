/**
 * What a score is, at a glance: what `get_score_info` answers.
 */
import type { Clef, Rational } from '@scorelane/lanes-seq';
import { printedNumbersIn } from './printed-numbers.ts';
import { currentRevision } from './revision.ts';
import { sameKey, sameTime } from './same-signature.ts';
import type { Score } from './score.ts';
import type { ScoreTexts } from './score-texts.ts';
import type { KeySignature, TimeSignature } from './score-types.ts';
import { viewScore } from './score-view.ts';
import { isTransposing, type Transposition } from './transposition.ts';

/**
 * The texts (title, composer, ...), parts, measure count, signature changes,
 * pickups, printed numbers and revision of a score.
 *
 * @example
 * ```ts
 * const info: ScoreInfo = scoreInfo(score);
 * info.parts.map((part) => part.name); // ['Violin', 'Piano']
 * ```
 */
export interface ScoreInfo extends ScoreTexts {
  readonly parts: readonly {
    readonly part: number;
    readonly name: string;
    readonly staves: number;
    readonly clefs: readonly Clef[];
    readonly program?: number;
    readonly abbreviation?: string;
    /** From written to sounding pitch; left out when the part sounds as written. */
    readonly transposition?: Transposition;
  }[];
  readonly measureCount: number;
  /** Every change of time, the first at m1. */
  readonly times: readonly ({ readonly measure: number } & TimeSignature)[];
  /** Every change of key, the first at m1. */
  readonly keys: readonly ({ readonly measure: number } & KeySignature)[];
  readonly pickups: readonly { readonly measure: number; readonly length: Rational }[];
  /** Printed numbers of the measures whose printed number is not their index. */
  readonly printedNumbers: readonly { readonly measure: number; readonly number: string }[];
  readonly revision: string;
}

/**
 * Describes the score: parts with staves and clefs, the measure count, every
 * time and key change, pickups, printed numbers, and the revision.
 *
 * @example
 * ```ts
 * scoreInfo(score).times; // [{ measure: 1, beats: 4, beatType: 4 }, { measure: 9, beats: 3, beatType: 4 }]
 * ```
 */
export function scoreInfo(score: Score): ScoreInfo {
  const view = viewScore(score);
  const times: ({ measure: number } & TimeSignature)[] = [];
  const keys: ({ measure: number } & KeySignature)[] = [];
  const pickups: { measure: number; length: Rational }[] = [];
  const printedNumbers: { measure: number; number: string }[] = [];
  const numbers = printedNumbersIn(view, 1, view.measureCount);
  for (let measure = 1; measure <= view.measureCount; measure++) {
    const info = view.measure(measure)!.info;
    const last = times.at(-1);
    if (!last || !sameTime(last, info.time)) {
      times.push({ measure, ...info.time });
    }
    const key = keys.at(-1);
    if (!key || !sameKey(key, info.key)) {
      keys.push({ measure, ...info.key });
    }
    if (info.pickup) pickups.push({ measure, length: info.pickup });
    const printed = numbers[measure - 1]!;
    if (printed !== String(measure)) printedNumbers.push({ measure, number: printed });
  }
  return {
    ...view.texts,
    parts: view.parts.map((part) => ({
      part: part.index,
      name: part.info.name,
      staves: part.info.staves,
      clefs: part.info.clefs,
      ...(part.info.program !== undefined ? { program: part.info.program } : {}),
      ...(part.info.abbreviation ? { abbreviation: part.info.abbreviation } : {}),
      ...(isTransposing(part.info.transposition)
        ? { transposition: part.info.transposition! }
        : {}),
    })),
    measureCount: view.measureCount,
    times,
    keys,
    pickups,
    printedNumbers,
    revision: currentRevision(score),
  };
}
