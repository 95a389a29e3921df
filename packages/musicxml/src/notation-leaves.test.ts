import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { markLeaf, NOTATION_CHILD_DEPTH, slurLeaf } from './notation-leaves.ts';
import { element, type XmlWritten } from './xml-tree.ts';
import { xmlText } from './xml-write.ts';

/** What a leaf is written as from its tree alone, ignoring the text written ahead. */
function fromTree(leaf: XmlWritten, depth: number): string {
  return xmlText(element(leaf.n, leaf.a ?? {}, leaf.c ?? []), depth);
}

const slurNumber = fc.integer({ min: 1, max: 16 }).map(String);

describe('notation leaves', () => {
  property.prop([fc.constantFrom<'start' | 'stop'>('start', 'stop'), slurNumber])(
    'a slur end is written, ahead and from its tree, as <slur type number/>',
    (type, number) => {
      const leaf = slurLeaf(type, number);
      expect(leaf.a).toEqual({ type, number });
      const expected = `${'  '.repeat(NOTATION_CHILD_DEPTH)}<slur type="${type}" number="${number}"/>\n`;
      expect(xmlText(leaf, NOTATION_CHILD_DEPTH)).toBe(expected);
      expect(fromTree(leaf, NOTATION_CHILD_DEPTH)).toBe(expected);
    },
  );

  property.prop([fc.constantFrom<'start' | 'stop'>('start', 'stop'), slurNumber, slurNumber])(
    'two slur ends share a leaf exactly when they are the same',
    (type, a, b) => {
      expect(slurLeaf(type, a) === slurLeaf(type, b)).toBe(a === b);
      expect(slurLeaf('start', a) === slurLeaf('stop', a)).toBe(false);
    },
  );

  it('a mark is written empty one level inside its group, and from its tree at any other depth', () => {
    const leaf = markLeaf('staccato');
    expect(markLeaf('staccato')).toBe(leaf);
    expect(xmlText(leaf, NOTATION_CHILD_DEPTH + 1)).toBe(
      `${'  '.repeat(NOTATION_CHILD_DEPTH + 1)}<staccato/>\n`,
    );
    expect(xmlText(leaf, 0)).toBe('<staccato/>\n');
    const group = element('articulations', {}, [leaf, markLeaf('accent')]);
    expect(xmlText(group, NOTATION_CHILD_DEPTH)).toBe(
      xmlText(
        element('articulations', {}, [element('staccato'), element('accent')]),
        NOTATION_CHILD_DEPTH,
      ),
    );
  });
});
