import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MAX_SCORE_MEASURES, MAX_XML_DEPTH, MAX_XML_ELEMENTS } from './limits.ts';
import { parseXml, type XmlElement } from './xml-tree.ts';
import { writeNode } from './xml-write.ts';

function written(root: XmlElement): string {
  const out: string[] = [];
  writeNode(root, 0, out);
  return out.join('');
}

describe('parseXml', () => {
  it('keeps elements, attributes in source order, text, comments and processing instructions', () => {
    const result = parseXml(
      '<a z="1" b="2"><!--note--><?app x?><b>t &amp; u</b><c><![CDATA[<raw>]]></c></a>',
    );
    expect(result).toEqual({
      ok: true,
      root: {
        n: 'a',
        a: { z: '1', b: '2' },
        c: [
          { '!': 'note' },
          { '?': 'app', d: 'x' },
          { n: 'b', c: ['t & u'] },
          { n: 'c', c: ['<raw>'] },
        ],
      },
    });
    if (result.ok) expect(Object.keys(result.root.a ?? {})).toEqual(['z', 'b']);
  });

  it('tolerates a DOCTYPE and fetches nothing', () => {
    const result = parseXml(
      '<?xml version="1.0"?>\n<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">\n<score-partwise/>',
    );
    expect(result).toMatchObject({ ok: true, root: { n: 'score-partwise' } });
  });

  it('gives an error as a value, with where it is', () => {
    expect(parseXml('<a><b></a>')).toMatchObject({ ok: false, line: 1 });
    expect(parseXml('')).toMatchObject({ ok: false });
  });

  it('refuses elements nested deeper than MAX_XML_DEPTH, as a value', () => {
    const deep = '<x>'.repeat(MAX_XML_DEPTH + 1) + '</x>'.repeat(MAX_XML_DEPTH + 1);
    expect(parseXml(deep)).toMatchObject({ ok: false, message: expect.stringContaining('nested') });
    const allowed = '<x>'.repeat(MAX_XML_DEPTH) + '</x>'.repeat(MAX_XML_DEPTH);
    expect(parseXml(allowed).ok).toBe(true);
  });

  it('stops at the first element past MAX_XML_ELEMENTS, as a value over the limit', () => {
    const wide = (count: number) => `<r>${'<x/>'.repeat(count)}</r>`;
    const refused = parseXml(wide(MAX_XML_ELEMENTS));
    expect(refused).toMatchObject({
      ok: false,
      overLimit: true,
      message: `the file holds more than ${MAX_XML_ELEMENTS} elements`,
    });
    // It stopped there: the error is where the element past the limit ends.
    expect(refused.ok || refused.column).toBe(3 + 4 * MAX_XML_ELEMENTS);
  });

  it('refuses an element holding more than MAX_SCORE_MEASURES measures, as a value over the limit', () => {
    const part = (count: number) => `<part>${'<measure/>'.repeat(count)}</part>`;
    expect(parseXml(part(MAX_SCORE_MEASURES + 1))).toMatchObject({
      ok: false,
      overLimit: true,
      message: `<part> holds more than ${MAX_SCORE_MEASURES} measures`,
    });
    expect(parseXml(part(MAX_SCORE_MEASURES)).ok).toBe(true);
    // Measures of different parts are counted apart.
    expect(
      parseXml(`<score>${part(MAX_SCORE_MEASURES)}${part(MAX_SCORE_MEASURES)}</score>`).ok,
    ).toBe(true);
  });

  it('drops whitespace between elements and keeps it in text', () => {
    expect(parseXml('<a>\n  <b> x </b>\n</a>')).toEqual({
      ok: true,
      root: { n: 'a', c: [{ n: 'b', c: [' x '] }] },
    });
  });
});

const name = fc.constantFrom('note', 'words', 'pitch', 'a-b', 'x');
const text = fc
  .string({ maxLength: 12 })
  .filter(
    (value) =>
      value.trim() !== '' &&
      !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\r]/.test(value) &&
      !/[\ud800-\udfff]/.test(value),
  );
const element: fc.Arbitrary<XmlElement> = fc.letrec<{ element: XmlElement }>((tie) => ({
  element: fc
    .tuple(
      name,
      fc.dictionary(fc.constantFrom('type', 'number', 'default-x'), text, { maxKeys: 2 }),
      fc.oneof(
        { depthSize: 'small' },
        fc.constant([] as (XmlElement | string)[]),
        text.map((value) => [value.trim()]),
        fc.array(tie('element'), { maxLength: 3 }),
      ),
    )
    .map(([n, a, c]) => {
      const built: { n: string; a?: Record<string, string>; c?: (XmlElement | string)[] } = { n };
      if (Object.keys(a).length > 0) built.a = a;
      const children = c.filter((child) => child !== '');
      if (children.length > 0) built.c = children;
      return built;
    }),
})).element;

describe('laws', () => {
  property.prop([element])('writing a tree and parsing it gives the tree back', (root) => {
    expect(parseXml(written(root))).toEqual({ ok: true, root });
  });
});
