/**
 * The order a parsed document holds its lanes in: by measure, then part,
 * staff and voice. The canonical text writes a voice's measures together
 * (m1-4 of P1, then m1-4 of P2), so text read back from `serialize` is out
 * of that order in every block; this puts it in order in linear time.
 */
import { compareLanes, type Lane } from './document.ts';

/**
 * The indexes of `lanes` in canonical order (by measure, then part, staff
 * and voice). The lanes are counted out by measure, which costs one pass
 * for whole-number measures that lie close together (a parsed document's),
 * then each measure's lanes are sorted where the text had them out of
 * order; any other list is sorted as it is. Lanes with the same key keep
 * their order.
 *
 * @example
 * ```ts
 * canonicalLaneOrder([laneP2m1, laneP1m2, laneP1m1]); // Int32Array [2, 0, 1]
 * ```
 */
export function canonicalLaneOrder(lanes: readonly Lane[]): Int32Array {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  let whole = true;
  for (let index = 0; index < lanes.length; index++) {
    const { measure } = lanes[index]!;
    whole &&= Number.isInteger(measure);
    if (measure < low) low = measure;
    if (measure > high) high = measure;
  }
  const order = new Int32Array(lanes.length);
  for (let index = 0; index < order.length; index++) order[index] = index;
  const byKey = (a: number, b: number) => compareLanes(lanes[a]!, lanes[b]!) || a - b;
  // A span of measures far wider than the lanes would cost more to count than to sort.
  if (!whole || lanes.length === 0 || high - low > 4 * lanes.length + 64) return order.sort(byKey);

  // ends[m] is, after the prefix sums, where the lanes of measure low + m end in `order`.
  const ends = new Int32Array(high - low + 1);
  for (let index = 0; index < lanes.length; index++) ends[lanes[index]!.measure - low]!++;
  for (let m = 1; m < ends.length; m++) ends[m]! += ends[m - 1]!;
  const next = new Int32Array(ends.length);
  next.set(ends.subarray(0, ends.length - 1), 1);
  for (let index = 0; index < lanes.length; index++) {
    order[next[lanes[index]!.measure - low]!++] = index;
  }
  let start = 0;
  for (const end of ends) {
    for (let i = start + 1; i < end; i++) {
      if (byKey(order[i - 1]!, order[i]!) > 0) {
        order.subarray(start, end).sort(byKey);
        break;
      }
    }
    start = end;
  }
  return order;
}
