/**
 * The timing loop every package's benchmark shares: benchmarks print ratios
 * against a baseline measured in the same process, never absolute verdicts.
 */

/**
 * Runs `work` repeatedly for about `seconds` after a warm-up of three runs,
 * and at least five times; returns the median time of one run in ms.
 */
export function measure(work: () => unknown, seconds = 1.5): number {
  for (let i = 0; i < 3; i++) work();
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until || times.length < 5) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
