import { readdirSync, readFileSync } from 'node:fs';
import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CASES, FIXTURE_NAMES, fixtureBytes, REFUSED_FIXTURES } from './fixtures.test-support.ts';
import { readInput } from './read-input.ts';
import { scanXml } from './xml-scan.ts';
import { parseXml, parseXmlBySaxes } from './xml-tree.ts';

function textOf(bytes: Uint8Array): string {
  const input = readInput(bytes);
  if (!input.ok) throw new Error(input.problems[0]?.message);
  return input.text;
}

describe('scanXml', () => {
  it('reads every well-formed file of the test suite into the tree saxes builds', () => {
    let scanned = 0;
    for (const name of FIXTURE_NAMES) {
      const text = textOf(fixtureBytes(name));
      const bySaxes = parseXmlBySaxes(text);
      const fast = scanXml(text);
      if (REFUSED_FIXTURES[name] === 'not-xml') {
        expect(bySaxes.ok, name).toBe(false);
        expect(fast, name).toBeUndefined();
        continue;
      }
      expect(fast, name).toBeDefined();
      expect({ ok: true, ...fast }, name).toEqual(bySaxes);
      scanned++;
    }
    expect(scanned).toBe(FIXTURE_NAMES.length - 1);
  });

  it('reads every file of our own cases into the tree saxes builds', () => {
    const names = readdirSync(CASES).filter((name) => /\.(xml|musicxml)$/.test(name));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const text = textOf(readFileSync(new URL(name, CASES)));
      expect({ ok: true, ...scanXml(text) }, name).toEqual(parseXmlBySaxes(text));
    }
  });

  it('reads references, CDATA, comments, instructions, a DOCTYPE and CRLF line ends as saxes does', () => {
    const text =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\r\n<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">\r\n' +
      '<a x="1\t2&#10;3" y=\'&quot;&apos;\'><?app   body ?><!-- c -->t&amp;&#x1D11E;<![CDATA[x<y]]>z\r\nw</a>\n<!-- after -->\n';
    const fast = scanXml(text);
    expect(fast?.root).toEqual({
      n: 'a',
      a: { x: '1 2\n3', y: '"\'' },
      c: [{ '?': 'app', d: 'body ' }, { '!': ' c ' }, 't&\u{1D11E}x<yz\nw'],
    });
    expect({ ok: true, ...fast }).toEqual(parseXmlBySaxes(text));
  });

  it('drops white space across lines as saxes does, and keeps it where it joins a CDATA section', () => {
    for (const text of [
      '<a>\n\t<b/>\n\t<![CDATA[x]]>\n</a>',
      '<a><![CDATA[x]]>\n\t<b/>\n</a>',
      '<a>\n\t</a>',
      '<a> <b/> </a>',
      '<a> </a>',
      '\n<a>\n<!-- c -->\n<?p d?>\n</a>\n',
    ]) {
      const fast = scanXml(text);
      expect(fast, JSON.stringify(text)).toBeDefined();
      expect({ ok: true, ...fast }, JSON.stringify(text)).toEqual(parseXmlBySaxes(text));
    }
    expect(scanXml('<a>\n\t<![CDATA[x]]>\n</a>')?.root).toEqual({ n: 'a', c: ['\n\tx\n'] });
  });

  it('is not sure of what it does not read, and parseXml then gives saxes its say', () => {
    for (const text of [
      '<a><b></a>',
      '<a>&nbsp;</a>',
      '<a>&#0;</a>',
      '<a x="1" x="2"/>',
      '<a x="1"y="2"/>',
      '<a/><b/>',
      'text<a/>',
      '<a>]]></a>',
      '<a><!-- a -- b --></a>',
      '<a>\u0001</a>',
      '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>',
      '<?xml version="1.1"?><a/>',
      '<a>',
      '<\u00e9t\u00e9/>',
      '',
    ]) {
      expect(scanXml(text), JSON.stringify(text)).toBeUndefined();
      expect(parseXml(text), JSON.stringify(text)).toEqual(parseXmlBySaxes(text));
    }
  });
});

/** Pieces of XML, well-formed and not, that a text is strung together from. */
const piece = fc.constantFrom(
  '<a>',
  '</a>',
  '<b x="1">',
  "<b x='&lt;2'>",
  '</b>',
  '<c/>',
  '<c y="1" y="2"/>',
  '<c\ty="\t"\n/>',
  '&amp;',
  '&#65;',
  '&#x10FFFF;',
  '&#xD800;',
  '&bogus;',
  '&',
  '<!--n-->',
  '<!--n--->',
  '<![CDATA[<]]>',
  '<![CDATA[]]>',
  '<?p d?>',
  '<?xml version="1.0"?>',
  '<!DOCTYPE a>',
  ' ',
  '\n',
  '\r\n',
  '\r',
  'text',
  '\u00e9',
  '\u0001',
  '\ud800',
  '"',
  "'",
  '<',
  '>',
  ']]>',
  '</a >',
  '</ab>',
  '<b x = "1" >',
  '<b x="1"\t/>',
  '\n\t ',
  '< a>',
);
const pieces = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const wrapped = pieces.map((inner) => `<a>${inner}</a>`);

describe('laws', () => {
  property.prop([fc.oneof(pieces, wrapped)], { numRuns: 2000 })(
    'where the scan answers, it answers the tree saxes builds; parseXml always answers as saxes does',
    (text) => {
      const bySaxes = parseXmlBySaxes(text);
      const fast = scanXml(text);
      if (fast !== undefined) expect({ ok: true, ...fast }).toEqual(bySaxes);
      expect(parseXml(text)).toEqual(bySaxes);
    },
  );
});
