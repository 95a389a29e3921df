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

/**
 * Merges children into schema order: each child by its rank, a child the
 * table does not know right after the child it followed, and equal ranks in
 * the order given, kept children before generated ones.
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
): XmlNode[] {
  const keptRanks: number[] = [];
  let previous = -1;
  let keptSorted = true;
  for (const node of kept) {
    const rank = isElement(node) ? (order[node.n] ?? previous) : previous;
    if (rank < previous) keptSorted = false;
    previous = rank;
    keptRanks.push(rank);
  }
  const generatedRanks = generated.map((node) => (isElement(node) ? (order[node.n] ?? 99) : 99));
  const generatedSorted = generatedRanks.every(
    (rank, index) => index === 0 || rank >= generatedRanks[index - 1]!,
  );
  if (keptSorted && generatedSorted) return mergeSorted(kept, keptRanks, generated, generatedRanks);
  const ranked: { node: XmlNode; rank: number; group: number; index: number }[] = [];
  for (const [index, node] of kept.entries())
    ranked.push({ node, rank: keptRanks[index]!, group: 1, index });
  for (const [index, node] of generated.entries())
    ranked.push({ node, rank: generatedRanks[index]!, group: 2, index });
  ranked.sort((a, b) => a.rank - b.rank || a.group - b.group || a.index - b.index);
  return ranked.map((entry) => entry.node);
}

/**
 * Two lists each already in rank order, merged as the sort of
 * {@link mergeInOrder} orders them (by rank, kept first at equal ranks),
 * without sorting: the common case, a file's children written in schema order.
 */
function mergeSorted(
  kept: readonly XmlNode[],
  keptRanks: readonly number[],
  generated: readonly XmlNode[],
  generatedRanks: readonly number[],
): XmlNode[] {
  const merged: XmlNode[] = [];
  let k = 0;
  let g = 0;
  while (k < kept.length || g < generated.length) {
    if (g >= generated.length || (k < kept.length && keptRanks[k]! <= generatedRanks[g]!))
      merged.push(kept[k++]!);
    else merged.push(generated[g++]!);
  }
  return merged;
}
