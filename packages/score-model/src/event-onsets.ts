/**
 * Where the events of a voice start: grace notes take no time, so they
 * start where the next event does.
 */
import { add, type Rational, ZERO } from '@scorelane/lanes-seq';
import type { ScoreEvent } from './score-types.ts';

/**
 * The onset of each event from the start of its measure, and where the
 * last one ends.
 *
 * @example
 * ```ts
 * eventOnsets(events); // { onsets: [0, 1/4, 1/2], end: 3/4 } for three quarters
 * ```
 */
export function eventOnsets(events: readonly ScoreEvent[]): {
  onsets: Rational[];
  end: Rational;
} {
  let onset = ZERO;
  const onsets: Rational[] = [];
  for (const event of events) {
    onsets.push(onset);
    if (!event.grace) onset = add(onset, event.duration);
  }
  return { onsets, end: onset };
}
