/**
 * The children of a `<measure>` as they are written, with the time the
 * writing stands at: a `<backup>` or `<forward>` is written wherever the
 * next element stands elsewhere.
 */
import { compare, type Rational, subtract, ZERO } from '@scorelane/lanes-seq';
import { toDivisions } from './divisions.ts';
import { element, type XmlNode } from './xml-tree.ts';

/**
 * A measure's children written so far (`nodes`), and where in the measure
 * they end (`at`). (A class rather than closures in `writeMeasure`: export
 * writes every measure of every part, and a closure made per measure costs
 * more than a method.)
 *
 * @example
 * ```ts
 * const body = new MeasureBody(4);
 * body.moveTo(rational(1, 4)); // writes <forward><duration>4</duration></forward>
 * body.nodes.length; // 1
 * ```
 */
export class MeasureBody {
  readonly nodes: XmlNode[] = [];
  at: Rational = ZERO;
  readonly #divisions: number;

  constructor(divisions: number) {
    this.#divisions = divisions;
  }

  /** Writes the `<backup>` or `<forward>` from where the writing stands to `at`, if any. */
  moveTo(at: Rational): void {
    const order = compare(at, this.at);
    if (order === 0) return;
    const amount = order < 0 ? subtract(this.at, at) : subtract(at, this.at);
    this.nodes.push(
      element(order < 0 ? 'backup' : 'forward', {}, [
        element('duration', {}, [String(toDivisions(amount, this.#divisions))]),
      ]),
    );
    this.at = at;
  }

  /** Appends the nodes of `nodes`, one at a time (a spread can pass more arguments than a call takes). */
  push(nodes: readonly XmlNode[]): void {
    for (let index = 0; index < nodes.length; index++) this.nodes.push(nodes[index]!);
  }
}
