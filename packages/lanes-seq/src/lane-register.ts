/**
 * Finding a lane written twice, and the line it was first written on,
 * without a lookup per lane for text whose lanes come in order.
 */
import { blockOf } from './canonical-line-order.ts';
import type { Lane, LaneLocation } from './document.ts';
import { LIMITS } from './issue.ts';

type LaneHeader = Pick<Lane, 'part' | 'staff' | 'voice' | 'measure'>;

/** Whether `b` comes after `a` in the canonical text's line order: block, part, staff, voice, measure. */
function afterInLineOrder(a: LaneHeader, b: LaneHeader): boolean {
  const order =
    blockOf(b.measure) - blockOf(a.measure) ||
    b.part - a.part ||
    b.staff - a.staff ||
    b.voice - a.voice ||
    b.measure - a.measure;
  return order > 0;
}

/** Whether `b` comes after `a` by measure, then part, staff and voice (a parsed document's order). */
function afterInMeasureOrder(a: LaneHeader, b: LaneHeader): boolean {
  const order = b.measure - a.measure || b.part - a.part || b.staff - a.staff || b.voice - a.voice;
  return order > 0;
}

/**
 * The lanes a parse has kept so far, asked for each new lane whether it was
 * written before. While every lane has come after the one before it, in the
 * order the canonical text writes lanes or by measure (as a person or an
 * agent writes them), a lane after the last cannot repeat any: the answer
 * costs two comparisons. From the first lane out of both orders on, the
 * lines of the lanes kept are looked up by measure and voice.
 *
 * @example
 * ```ts
 * const register = new LaneRegister(read.lanes, read.locations);
 * register.firstLineOf({ part: 1, staff: 1, voice: 1, measure: 1 }, 3); // undefined: new, now kept on line 3
 * ```
 */
export class LaneRegister {
  private inLineOrder = true;
  private inMeasureOrder = true;
  private readonly last = { part: 0, staff: 0, voice: 0, measure: 0 };
  private lines: Map<number, Map<number, number>> | undefined;

  /** `lanes` and `locations` are the parse's own lists, which hold every lane the register has let through. */
  constructor(
    private readonly lanes: readonly Lane[],
    private readonly locations: readonly LaneLocation[],
  ) {}

  /**
   * The line the lane was first written on, or undefined when it is new:
   * it then counts as kept, written on `line`, and the caller keeps it.
   */
  firstLineOf(lane: LaneHeader, line: number): number | undefined {
    const first = this.lanes.length === 0;
    this.inLineOrder &&= first || afterInLineOrder(this.last, lane);
    this.inMeasureOrder &&= first || afterInMeasureOrder(this.last, lane);
    if (this.inLineOrder || this.inMeasureOrder) {
      this.keepAsLast(lane);
      return undefined;
    }
    const lines = this.lines ?? this.linesOfKeptLanes();
    const key = voiceKey(lane);
    let ofMeasure = lines.get(lane.measure);
    const firstLine = ofMeasure?.get(key);
    if (firstLine !== undefined) return firstLine;
    if (ofMeasure === undefined) {
      ofMeasure = new Map();
      lines.set(lane.measure, ofMeasure);
    }
    ofMeasure.set(key, line);
    return undefined;
  }

  private keepAsLast(lane: LaneHeader): void {
    this.last.part = lane.part;
    this.last.staff = lane.staff;
    this.last.voice = lane.voice;
    this.last.measure = lane.measure;
  }

  /** The lines of the lanes kept so far, by measure and voice: made once, when the text's order first gives out. */
  private linesOfKeptLanes(): Map<number, Map<number, number>> {
    const lines = new Map<number, Map<number, number>>();
    this.lanes.forEach((lane, index) => {
      let ofMeasure = lines.get(lane.measure);
      if (ofMeasure === undefined) {
        ofMeasure = new Map();
        lines.set(lane.measure, ofMeasure);
      }
      ofMeasure.set(voiceKey(lane), this.locations[index]!.line);
    });
    this.lines = lines;
    return lines;
  }
}

/** One number for part, staff and voice: each is at most LIMITS.maxIndex, so it is exact. */
function voiceKey(lane: LaneHeader): number {
  return (lane.part * (LIMITS.maxIndex + 1) + lane.staff) * (LIMITS.maxIndex + 1) + lane.voice;
}
