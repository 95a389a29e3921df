/**
 * The lines (hairpins, octave lines, pedals) import reads into one voice
 * lane, kept apart. The model holds one line of a kind open at a time in a
 * part, staff and voice: a second start before the first one's stop is
 * `span-overlap` (lanes-seq's SPEC, section 11.1), and every stop after it
 * ends a line no note starts. A file may draw two hairpins of one voice
 * that overlap (numbers 3 and 4, each start before the other's stop); import
 * reads the first that fits and keeps the other as the file had it.
 */
import { compare, type Rational } from '@scorelane/lanes-seq';

/**
 * Where a line end stands in its voice: its measure, its onset there, then
 * its place among the voice's events at that onset (a grace note before the
 * note it leads into; -1 for a voice's marks at an onset where no event
 * starts).
 */
export interface LinePoint {
  readonly measure: number;
  readonly onset: Rational;
  readonly order: number;
}

function comparePoints(a: LinePoint, b: LinePoint): number {
  return a.measure - b.measure || compare(a.onset, b.onset) || a.order - b.order;
}

interface TakenLine {
  readonly from: LinePoint;
  readonly to: LinePoint;
}

/**
 * The lines taken so far, by lane (kind, staff and voice), each lane's in
 * order: taken lines never overlap, so one order holds both their starts
 * and their stops, and a new line is checked against its two neighbours.
 *
 * @example
 * ```ts
 * const lanes = new LineLanes();
 * lanes.take('hairpin/1/1', at(17, 0), at(17, 3)); // true
 * lanes.take('hairpin/1/1', at(17, 1), at(18, 2)); // false: it starts before the first stops
 * lanes.take('hairpin/1/1', at(17, 3), at(18, 0)); // true: it starts where the first stops
 * ```
 */
export class LineLanes {
  readonly #lanes = new Map<string, TakenLine[]>();

  /**
   * Takes the line from `from` to `to` in `lane` unless it overlaps a line
   * taken there (touching is fine: one may start on the event where the
   * other stops), or that does not stop after it starts. Returns whether it
   * was taken.
   */
  take(lane: string, from: LinePoint, to: LinePoint): boolean {
    // An octave line's stop goes on the last note it covers: in a voice with no note under it,
    // that note comes before the start, and the voice would read the stop first.
    if (comparePoints(to, from) <= 0) return false;
    let taken = this.#lanes.get(lane);
    if (taken === undefined) {
      taken = [];
      this.#lanes.set(lane, taken);
    }
    // The first taken line that starts after this one's start (lines mostly come in order: look at the end first).
    let index = taken.length;
    if (index > 0 && comparePoints(taken[index - 1]!.from, from) > 0) {
      let low = 0;
      while (low < index) {
        const middle = (low + index) >> 1;
        if (comparePoints(taken[middle]!.from, from) > 0) index = middle;
        else low = middle + 1;
      }
    }
    const before = taken[index - 1];
    const after = taken[index];
    if (before !== undefined && comparePoints(before.to, from) > 0) return false;
    // (A line that starts where a taken one starts is refused by the first test: the taken one stops later.)
    if (after !== undefined && comparePoints(after.from, to) < 0) return false;
    taken.splice(index, 0, { from, to });
    return true;
  }
}
