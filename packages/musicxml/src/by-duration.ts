/**
 * A cache of what is worked out from a duration, for export's hot path.
 */
import type { Rational } from '@scorelane/lanes-seq';

/**
 * Something worked out from a duration, kept by numerator, then denominator
 * (no key string made to find it): a score uses few durations, each many
 * times, so export works out what each is written as once. Bounded, since it
 * outlives one export: past 4096 durations it starts again.
 *
 * @example
 * ```ts
 * const pieces = new ByDuration(printedPieces);
 * pieces.of(rational(5, 8)) === pieces.of(rational(5, 8)); // true
 * ```
 */
export class ByDuration<T> {
  private byNum = new Map<number, Map<number, T>>();
  private size = 0;
  constructor(private readonly make: (duration: Rational) => T) {}

  /** What `make` gives for `duration`, made the first time it is asked. */
  of(duration: Rational): T {
    let byDen = this.byNum.get(duration.num);
    const known = byDen?.get(duration.den);
    if (known !== undefined) return known;
    if (++this.size > 4096) {
      this.byNum = new Map();
      this.size = 1;
      byDen = undefined;
    }
    if (!byDen) {
      byDen = new Map();
      this.byNum.set(duration.num, byDen);
    }
    const made = this.make(duration);
    byDen.set(duration.den, made);
    return made;
  }
}
