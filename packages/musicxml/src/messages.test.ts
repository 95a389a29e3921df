import { fc, test as property } from '@fast-check/vitest';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { MUSICXML_PROBLEM_CODES } from './problem.ts';

const SOURCE = new TextDecoder().decode(fixtureBytes('43a-PianoStaff.xml'));

/** A doubled period ending a sentence (an ellipsis or `..` inside quoted file text is not one). */
const DOUBLED_PERIOD = /(^|[^.])\.\.(\s|$)/;

/** Every message an import gives, refusal or warnings. */
function messages(input: string | Uint8Array): string[] {
  const result = importMusicXml(input);
  return (result.ok ? result.warnings : result.problems).map((problem) => problem.message);
}

/** What a damaged or hostile file holds in place of a stretch of a real one. */
const damage = fc.constantFrom(
  '',
  '<',
  '>',
  '&',
  '&foo;',
  '&#0;',
  '</b>',
  '"',
  '<a x="1" x="2"/>',
  '<!DOCTYPE x [<!ENTITY e "v">]>',
  '<staves>1000000</staves>',
  '<fifths>1e9</fifths>',
  '<time><beats>0</beats><beat-type>4</beat-type></time>',
  '<duration>-1</duration>',
  '<divisions>0</divisions>',
);

describe('no message ends a sentence with a doubled period', () => {
  it('an undefined entity: the parser error reads as a clause, without its own position prefix', () => {
    const [message] = messages('<score-partwise>&foo;</score-partwise>');
    expect(message).toBe(
      'The file is not well-formed XML (line 1, column 21): undefined entity. Open it with a MusicXML file (.musicxml, .xml or .mxl) as saved by a notation program.',
    );
  });

  property.prop([fc.nat(), fc.nat(200), damage])(
    'a real file with a stretch replaced by damage: every message, refusal or warning',
    (from, length, inserted) => {
      const start = from % SOURCE.length;
      const text = SOURCE.slice(0, start) + inserted + SOURCE.slice(start + length);
      for (const message of messages(text)) expect(message).not.toMatch(DOUBLED_PERIOD);
    },
  );

  property.prop([
    fc.constantFrom('../x.xml', '/x.xml', 'gone.xml', 'C:\\x.xml', ''),
    fc.boolean(),
    fc.constantFrom('', 'garbage', '<container/>'),
  ])(
    'an .mxl with any container: every message, refusal or warning',
    (path, holdsScore, broken) => {
      const container =
        broken || `<container><rootfiles><rootfile full-path="${path}"/></rootfiles></container>`;
      const entries: Record<string, Uint8Array> = { 'META-INF/container.xml': strToU8(container) };
      if (holdsScore) entries['s.xml'] = strToU8(SOURCE);
      for (const message of messages(zipSync(entries))) expect(message).not.toMatch(DOUBLED_PERIOD);
      for (const message of messages(zipSync(entries).slice(0, 60)))
        expect(message).not.toMatch(DOUBLED_PERIOD);
    },
  );

  it('the documented meaning of every code', () => {
    for (const meaning of Object.values(MUSICXML_PROBLEM_CODES))
      expect(meaning).not.toMatch(DOUBLED_PERIOD);
  });
});
