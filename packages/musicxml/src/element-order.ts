/**
 * The order MusicXML's schema gives the children of `<note>` and
 * `<attributes>`, so that children written from the model and children kept
 * from the file can be merged into one valid sequence.
 */
import { isElement, type XmlNode } from './xml-tree.ts';

/** The rank of each child of `<note>` in the schema's sequence. */
export const NOTE_ORDER: Readonly<Record<string, number>> = {
  grace: 0,
  cue: 1,
  chord: 2,
  pitch: 3,
  unpitched: 3,
  rest: 3,
  duration: 4,
  tie: 5,
  instrument: 6,
  footnote: 7,
  level: 8,
  voice: 9,
  type: 10,
  dot: 11,
  accidental: 12,
  'time-modification': 13,
  stem: 14,
  notehead: 15,
  'notehead-text': 16,
  staff: 17,
  beam: 18,
  notations: 19,
  lyric: 20,
  play: 21,
  listen: 22,
};

/** The rank of each child of `<attributes>` in the schema's sequence. */
export const ATTRIBUTES_ORDER: Readonly<Record<string, number>> = {
  footnote: 0,
  level: 1,
  divisions: 2,
  key: 3,
  time: 4,
  staves: 5,
  'part-symbol': 6,
  instruments: 7,
  clef: 8,
  'staff-details': 9,
  transpose: 10,
  'for-part': 10,
  directive: 11,
  'measure-style': 12,
};

// Indexed loops here, not for-of: these run for every note export writes, and an iterator
// (ArrayIterator and its results) is allocated wherever the loop is not optimized away.

/** The rank of a kept child: a child the table does not know (or text) ranks as the one before it. */
function keptRank(
  order: Readonly<Record<string, number>>,
  node: XmlNode,
  previous: number,
): number {
  return isElement(node) ? (order[node.n] ?? previous) : previous;
}

/** The rank of a generated child: one the table does not know goes last. */
function generatedRank(order: Readonly<Record<string, number>>, node: XmlNode): number {
  return isElement(node) ? (order[node.n] ?? 99) : 99;
}

function keptInOrder(order: Readonly<Record<string, number>>, kept: readonly XmlNode[]): boolean {
  let previous = -1;
  for (let index = 0; index < kept.length; index++) {
    const rank = keptRank(order, kept[index]!, previous);
    if (rank < previous) return false;
    previous = rank;
  }
  return true;
}

function generatedInOrder(
  order: Readonly<Record<string, number>>,
  generated: readonly XmlNode[],
): boolean {
  let previous = -1;
  for (let index = 0; index < generated.length; index++) {
    const rank = generatedRank(order, generated[index]!);
    if (rank < previous) return false;
    previous = rank;
  }
  return true;
}

/**
 * Merges children into schema order: each child by its rank, a child the
 * table does not know right after the child it followed, and equal ranks in
 * the order given, kept children before generated ones. When one side is
 * empty and the other already in order, that side is the result itself (no
 * copy: export merges the children of every note it writes).
 *
 * @example
 * ```ts
 * mergeInOrder(NOTE_ORDER, [{ n: 'type', c: ['quarter'] }], [{ n: 'pitch' }, { n: 'duration', c: ['1'] }]);
 * // pitch, duration, type
 * ```
 */
export function mergeInOrder(
  order: Readonly<Record<string, number>>,
  kept: readonly XmlNode[],
  generated: readonly XmlNode[],
): readonly XmlNode[] {
  const keptSorted = keptInOrder(order, kept);
  if (keptSorted && generated.length === 0) return kept;
  const generatedSorted = generatedInOrder(order, generated);
  if (generatedSorted && kept.length === 0) return generated;
  if (keptSorted && generatedSorted) return mergeSorted(order, kept, generated);
  const ranked: { node: XmlNode; rank: number; group: number; index: number }[] = [];
  let previous = -1;
  for (const [index, node] of kept.entries()) {
    previous = keptRank(order, node, previous);
    ranked.push({ node, rank: previous, group: 1, index });
  }
  for (const [index, node] of generated.entries())
    ranked.push({ node, rank: generatedRank(order, node), group: 2, index });
  ranked.sort((a, b) => a.rank - b.rank || a.group - b.group || a.index - b.index);
  return ranked.map((entry) => entry.node);
}

/**
 * Two lists each already in rank order, merged as the sort of
 * {@link mergeInOrder} orders them (by rank, kept first at equal ranks),
 * without sorting and with each rank found as it is needed: the common
 * case, a file's children written in schema order.
 */
function mergeSorted(
  order: Readonly<Record<string, number>>,
  kept: readonly XmlNode[],
  generated: readonly XmlNode[],
): XmlNode[] {
  const merged: XmlNode[] = [];
  let k = 0;
  let previous = -1;
  for (let index = 0; index < generated.length; index++) {
    const node = generated[index]!;
    const rank = generatedRank(order, node);
    while (k < kept.length) {
      const next = keptRank(order, kept[k]!, previous);
      if (next > rank) break;
      merged.push(kept[k++]!);
      previous = next;
    }
    merged.push(node);
  }
  while (k < kept.length) merged.push(kept[k++]!);
  return merged;
}
