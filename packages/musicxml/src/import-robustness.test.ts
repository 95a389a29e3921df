import { fc, test as property } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { MUSICXML_PROBLEM_CODES } from './problem.ts';

const SOURCES = [
  '03c-Rhythm-DivisionChange.xml',
  '23a-Tuplets.xml',
  '43a-PianoStaff.xml',
  '46e-PickupMeasure-SecondVoiceStartsLater.xml',
].map((name) => new TextDecoder().decode(fixtureBytes(name)));

/** A number as a damaged or hostile file might hold it. */
const number = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map(String),
  fc.constantFrom(
    '0',
    '4503599627370495',
    '1000000007',
    '999999999999.75',
    '1e309',
    '99999999999999999999',
    '0.000001',
    '-1',
    '1.5',
    '',
    'x',
    '3+2',
    'NaN',
  ),
);

/** Replaces the n-th number between tags with another. */
function replaceNumber(text: string, index: number, value: string): string {
  let seen = 0;
  return text.replace(/>(-?\d+(?:\.\d+)?)</g, (match) => (seen++ === index ? `>${value}<` : match));
}

describe('import never throws on damaged input', () => {
  property.prop([
    fc.constantFrom(...SOURCES),
    fc.array(fc.tuple(fc.nat(400), number), { minLength: 1, maxLength: 6 }),
  ])('numbers changed anywhere: a score or problems with documented codes', (source, changes) => {
    let text = source;
    for (const [index, value] of changes) text = replaceNumber(text, index, value);
    const result = importMusicXml(text);
    const reported = result.ok ? result.warnings : result.problems;
    for (const problem of reported)
      expect(Object.keys(MUSICXML_PROBLEM_CODES)).toContain(problem.code);
  });

  property.prop([fc.constantFrom(...SOURCES), fc.nat(), fc.nat()])(
    'a stretch cut out anywhere: a score or problems with documented codes',
    (source, from, length) => {
      const start = from % source.length;
      const text = source.slice(0, start) + source.slice(start + (length % 400));
      const result = importMusicXml(text);
      expect(typeof result.ok).toBe('boolean');
    },
  );
});
