/**
 * Pointing problems at the submitted text.
 */
import { type LaneLocation, pointAt } from '@scorelane/lanes-seq';
import type { EventPlace } from './voice-check.ts';

/**
 * Where a lane (no index) or one of its events is in `text`, as a 1-based
 * line and column; nothing when the lane's location is unknown. Computed
 * only when a problem needs it.
 */
export function placeFor(text: string, location: LaneLocation | undefined): EventPlace {
  return (eventIndex) => {
    if (!location) return {};
    const offset =
      eventIndex === undefined
        ? location.start
        : (location.eventStarts[eventIndex] ?? location.start);
    const point = pointAt(text, offset);
    return { line: point.line, column: point.column };
  };
}
