/**
 * A small deterministic pseudo-random generator (mulberry32) for the
 * benchmarks: the same seed gives the same numbers on every run, so a run
 * can be repeated.
 *
 * @example
 * ```ts
 * const random = seededRandom(26);
 * random(); // a number in [0, 1), the same on every run
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
