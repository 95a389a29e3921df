/**
 * How long a measure lasts, and what an empty one holds.
 */
import { compare, type Rational, rational } from '@scorelane/lanes-seq';
import type { MeasureInfo, UnitContent } from './score-types.ts';

/**
 * The length of a measure: its pickup length when it has one, else its time
 * signature's.
 *
 * @example
 * ```ts
 * measureLength({ time: { beats: 6, beatType: 8 }, key }); // { num: 3, den: 4 }
 * ```
 */
export function measureLength(info: MeasureInfo): Rational {
  return info.pickup ?? rational(info.time.beats, info.time.beatType);
}

/**
 * What an empty unit holds: one voice, one rest filling the measure.
 *
 * @example
 * ```ts
 * restUnit({ time: { beats: 3, beatType: 4 }, key }); // { voices: [{ voice: 1, events: [r=3/4] }] }
 * ```
 */
export function restUnit(info: MeasureInfo): UnitContent {
  return {
    voices: [{ voice: 1, events: [{ kind: 'rest', duration: measureLength(info), grace: false }] }],
  };
}

/**
 * Whether every voice of `content` is one rest (or invisible rest) lasting
 * `length`: a measure with nothing in it, which a new time refits.
 *
 * @example
 * ```ts
 * isWholeRest(restUnit(info), measureLength(info)); // true
 * ```
 */
export function isWholeRest(content: UnitContent, length: Rational): boolean {
  return content.voices.every(
    (voice) =>
      voice.events.length === 1 &&
      (voice.events[0]!.kind === 'rest' || voice.events[0]!.kind === 'space') &&
      compare(voice.events[0]!.duration, length) === 0,
  );
}
