/**
 * The `number`s the model's slurs are written with in one part, given out
 * as export writes them, as MuseScore numbers its own: a slur takes a number
 * no slur open at the time holds, and gives it back at its stop. A reader
 * pairs slur ends by number in the file's order, so two slurs open at once
 * must never share one; numbers fixed by staff and voice ran out past eight
 * voice lanes in a part and two lanes shared one (Beethoven's sonata 17-2:
 * a reader paired their ends across the voices).
 */

/** MusicXML's `number-level`: 1 to 16. */
const MOST_NUMBERS = 16;

/**
 * Gives out slur numbers for one part, measure by measure. A number a slur
 * gave back in the measure being written is given again in that measure only
 * to the lane that gave it back: the voices of a measure are written one
 * after the other, in an order this does not know, and a lane's own ends are
 * written in its order.
 *
 * @example
 * ```ts
 * const numbering = new SlurNumbering(0);
 * numbering.start('1/1/1'); // "1"
 * numbering.start('2/1/1'); // "2": another lane, while the first slur is open
 * numbering.stop('1/1/1'); // "1"
 * ```
 */
export class SlurNumbering {
  /** The first number given out: above every number the part's kept slurs use. */
  readonly #first: number;
  /** The number each open slur holds, by its lane (`staff/voice/level`). */
  readonly #open = new Map<string, number>();
  /** The numbers given back in the measure being written, with the lane that gave each back. */
  readonly #givenBack = new Map<number, string>();

  /** @param keptSlurs the highest slur `number` the part's kept notes use (0 when none). */
  constructor(keptSlurs: number) {
    this.#first = (keptSlurs % MOST_NUMBERS) + 1;
  }

  /**
   * The number of a slur that starts in `lane`: one the lane gave back in
   * this measure, else the first that no open slur holds and no other lane
   * gave back in this measure, counting up from above the kept slurs'.
   */
  start(lane: string): string {
    const before = this.#open.get(lane);
    if (before !== undefined) this.#giveBack(lane, before);
    const number = this.#ownGivenBack(lane) ?? this.#free(true) ?? this.#free(false) ?? this.#first;
    this.#givenBack.delete(number);
    this.#open.set(lane, number);
    return String(number);
  }

  /** The number of the slur open in `lane`, given back; `undefined` when none is open there. */
  stop(lane: string): string | undefined {
    const number = this.#open.get(lane);
    if (number === undefined) return undefined;
    this.#giveBack(lane, number);
    return String(number);
  }

  /** Ends the measure being written: what was given back in it is free for every lane. */
  endMeasure(): void {
    this.#givenBack.clear();
  }

  #giveBack(lane: string, number: number): void {
    this.#open.delete(lane);
    this.#givenBack.set(number, lane);
  }

  #ownGivenBack(lane: string): number | undefined {
    for (const [number, by] of this.#givenBack) if (by === lane) return number;
    return undefined;
  }

  /** The first number no open slur holds (and, when `fresh`, none given back in this measure). */
  #free(fresh: boolean): number | undefined {
    // A part has a few slurs open at a time: their numbers are looked through, not indexed.
    const held = new Set(this.#open.values());
    for (let step = 0; step < MOST_NUMBERS; step++) {
      const number = ((this.#first - 1 + step) % MOST_NUMBERS) + 1;
      if (!held.has(number) && !(fresh && this.#givenBack.has(number))) return number;
    }
    return undefined;
  }
}
