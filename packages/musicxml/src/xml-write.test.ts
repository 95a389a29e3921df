import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { XmlElement, XmlNode } from './xml-tree.ts';
import { flatXmlText, writtenAhead, xmlText, xmlTextEndingWith } from './xml-write.ts';

/** Small trees of elements, attributes and text that needs escaping, as export writes them. */
const tree = fc.letrec<{ element: XmlElement; node: XmlNode }>((of) => ({
  element: fc.record(
    {
      n: fc.constantFrom('note', 'pitch', 'step', 'words'),
      a: fc.dictionary(fc.constantFrom('type', 'number'), fc.string({ maxLength: 4 }), {
        minKeys: 1,
      }),
      c: fc.array(of('node'), { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: ['n'] },
  ),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 4 }),
    of('element'),
  ),
})).element;

describe('xmlTextEndingWith', () => {
  property.prop([tree, fc.array(tree, { maxLength: 3 }), fc.nat(3)])(
    'writes an element with more children, written as text, exactly as xmlText writes them all',
    (head, more, depth) => {
      const node: XmlElement = { n: 'part', c: [head] };
      const inner = more.map((child) => xmlText(child, depth + 1)).join('');
      expect(xmlTextEndingWith(node, depth, inner)).toBe(
        xmlText({ n: 'part', c: [head, ...more] }, depth),
      );
    },
  );

  it('refuses an element whose content is text, which xmlText writes inline', () => {
    expect(() => xmlTextEndingWith({ n: 'step', c: ['C'] }, 0, '')).toThrow(TypeError);
  });
});

describe('writtenAhead', () => {
  property.prop([tree, fc.nat(5), fc.nat(5)])(
    'an element written ahead is written as its tree is, at its depth and at any other',
    (element, at, depth) => {
      const written = writtenAhead(element, at);
      expect(written['=']).toBe(xmlText(element, at));
      expect(xmlText({ n: 'part', c: [written, element] }, depth)).toBe(
        xmlText({ n: 'part', c: [element, element] }, depth),
      );
    },
  );
});

describe('flatXmlText', () => {
  property.prop([tree, fc.nat(5), fc.nat(5)])(
    'writes exactly the text xmlText writes, with elements written ahead among them',
    (element, at, depth) => {
      const written = writtenAhead(element, at);
      const node: XmlElement = { n: 'measure', a: { number: '1' }, c: [element, written, 'x'] };
      expect(flatXmlText(node, depth)).toBe(xmlText(node, depth));
      expect(flatXmlText(element, depth)).toBe(xmlText(element, depth));
    },
  );

  it('writes a comment, an instruction and text as xmlText does', () => {
    for (const node of [{ '!': 'a -- b' }, { '?': 'pi', d: 'x' }, 'a & b'] as XmlNode[])
      expect(flatXmlText(node, 2)).toBe(xmlText(node, 2));
  });
});
