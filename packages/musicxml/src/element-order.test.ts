import { fc, test as property } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { mergeInOrder, NOTE_ORDER } from './element-order.ts';
import type { XmlNode } from './xml-tree.ts';

/** The merge as a stable sort of every child by (rank, kept first, index): what mergeInOrder promises. */
function bySorting(kept: readonly XmlNode[], generated: readonly XmlNode[]): XmlNode[] {
  const ranked: { node: XmlNode; rank: number; group: number; index: number }[] = [];
  let previous = -1;
  for (const [index, node] of kept.entries()) {
    const rank =
      typeof node === 'object' && 'n' in node ? (NOTE_ORDER[node.n] ?? previous) : previous;
    previous = rank;
    ranked.push({ node, rank, group: 1, index });
  }
  for (const [index, node] of generated.entries()) {
    const rank = typeof node === 'object' && 'n' in node ? (NOTE_ORDER[node.n] ?? 99) : 99;
    ranked.push({ node, rank, group: 2, index });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.group - b.group || a.index - b.index);
  return ranked.map((entry) => entry.node);
}

const child: fc.Arbitrary<XmlNode> = fc.oneof(
  fc
    .constantFrom(
      'grace',
      'pitch',
      'duration',
      'tie',
      'voice',
      'type',
      'dot',
      'stem',
      'beam',
      'notations',
      'lyric',
      'unknown-a',
      'unknown-b',
    )
    .chain((n) => fc.nat(3).map((id) => ({ n, a: { id: String(id) } }))),
  fc.constantFrom('text', { '!': 'comment' }),
);

describe('laws', () => {
  property.prop([fc.array(child, { maxLength: 10 }), fc.array(child, { maxLength: 6 })])(
    'mergeInOrder orders children as a stable sort by rank, kept before generated at equal ranks',
    (kept, generated) => {
      expect(mergeInOrder(NOTE_ORDER, kept, generated)).toStrictEqual(bySorting(kept, generated));
    },
  );
  property.prop([fc.array(child, { maxLength: 10 }), fc.array(child, { maxLength: 6 })])(
    "the same for children each already in schema order, the file's usual case",
    (unsortedKept, unsortedGenerated) => {
      const kept = bySorting(unsortedKept, []);
      const generated = bySorting([], unsortedGenerated);
      expect(mergeInOrder(NOTE_ORDER, kept, generated)).toStrictEqual(bySorting(kept, generated));
    },
  );
});

describe('mergeInOrder', () => {
  property.prop([fc.array(child, { minLength: 1, maxLength: 10 })])(
    'gives the children of one side themselves, uncopied, when the other is empty and they are in order',
    (unsorted) => {
      const sorted = bySorting(unsorted, []);
      expect(mergeInOrder(NOTE_ORDER, sorted, [])).toBe(sorted);
      const generated = bySorting([], unsorted);
      expect(mergeInOrder(NOTE_ORDER, [], generated)).toBe(generated);
    },
  );
});
