/**
 * How export notates each duration, worked out once per duration: a
 * voice's tuplet groups and the score's divisions ask it for every event,
 * and a score uses a few dozen durations.
 */
import { type DurationNotation, notateDuration, type Rational } from '@scorelane/lanes-seq';
import { ByDuration } from './by-duration.ts';

const notations = new ByDuration<DurationNotation>(notateDuration);

/**
 * `notateDuration(duration)`, shared by every caller that asks for the same
 * duration: read it, never change it.
 *
 * @example
 * ```ts
 * notationOf(rational(1, 12)).kind; // "tuplet"
 * notationOf(rational(1, 12)) === notationOf(rational(1, 12)); // true
 * ```
 */
export function notationOf(duration: Rational): DurationNotation {
  return notations.of(duration);
}
