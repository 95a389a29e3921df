/**
 * Finding a mark of the submitted text by where it lands in the score: a
 * problem about a mark points at the mark itself, by line and column.
 */
import {
  type LaneLocation,
  type LaneMark,
  laneKey,
  type OnsetMarks,
  pointAt,
} from '@scorelane/lanes-seq';
import { encodeMark } from './mark-codec.ts';
import type { MarkLocator } from './span-check.ts';

/** A lane of the text as the locator reads it: the marks of each event (or `*`), and its `@` items. */
export interface LocatedLane {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly measure: number;
  readonly eventMarks: readonly (readonly LaneMark[])[];
  readonly onsetMarks?: readonly OnsetMarks[];
}

const same = (a: LaneMark, b: LaneMark) =>
  JSON.stringify(encodeMark(a)) === JSON.stringify(encodeMark(b));

/**
 * A locator over the lanes of a text and their locations (parallel arrays):
 * the mark's own place when the text writes it, else its lane's header, else
 * nothing.
 *
 * @example
 * ```ts
 * const locate = markLocator(text, lanes, locations);
 * locate({ part: 1, staff: 1, voice: 1, measure: 3, event: 1 }, slurStart); // { line: 1, column: 15 }
 * ```
 */
export function markLocator(
  text: string,
  lanes: readonly LocatedLane[],
  locations: readonly LaneLocation[],
): MarkLocator {
  const byKey = new Map(lanes.map((lane, index) => [laneKey(lane), index]));
  const point = (offset: number) => {
    const found = pointAt(text, offset);
    return { line: found.line, column: found.column };
  };
  return (at, mark) => {
    const index = byKey.get(laneKey(at));
    if (index === undefined) return {};
    const lane = lanes[index]!;
    const location = locations[index];
    if (!location) return {};
    if (at.event !== undefined) {
      const which = (lane.eventMarks[at.event - 1] ?? []).findIndex((held) => same(held, mark));
      const offset = location.eventMarks?.[at.event - 1]?.[which]?.start;
      if (which !== -1 && offset !== undefined) return point(offset);
    } else {
      for (const [item, onset] of (lane.onsetMarks ?? []).entries()) {
        const which = onset.marks.findIndex((held) => same(held, mark));
        const offset = location.onsetMarks?.[item]?.marks[which]?.start;
        if (which !== -1 && offset !== undefined) return point(offset);
      }
    }
    return point(location.start);
  };
}
