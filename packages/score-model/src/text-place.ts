/**
 * Pointing problems at the submitted text.
 */
import type { LaneLocation } from '@scorelane/lanes-seq';
import type { EventPlace } from './voice-check.ts';

/** Code points in `text` from `from` to `to` (a surrogate pair counts once). */
function codePointsBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code >= 0xd800 && code <= 0xdbff && at + 1 < to) {
      const next = text.charCodeAt(at + 1);
      if (next >= 0xdc00 && next <= 0xdfff) at++;
    }
    count++;
  }
  return count;
}

/**
 * Where a lane (no index) or one of its events is in `text`, as a 1-based
 * line and column; nothing when the lane's location is unknown. Computed
 * only when a problem needs it.
 *
 * A lane is one line, whose number the parser gives, so only the column is
 * counted, from the last place asked for on that line: a lane's problems,
 * asked for in order, cost one pass over the line however many there are.
 */
export function placeFor(text: string, location: LaneLocation | undefined): EventPlace {
  let lastOffset = location?.lineStart ?? 0;
  let lastColumn = 1;
  return (eventIndex) => {
    if (!location) return {};
    const offset =
      eventIndex === undefined
        ? location.start
        : (location.eventStarts[eventIndex] ?? location.start);
    lastColumn =
      offset >= lastOffset
        ? lastColumn + codePointsBetween(text, lastOffset, offset)
        : lastColumn - codePointsBetween(text, offset, lastOffset);
    lastOffset = offset;
    return { line: location.line, column: lastColumn };
  };
}
