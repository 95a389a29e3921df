import { fc, test as property } from '@fast-check/vitest';
import { exportMidi } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { MAX_SCORE_QUARTERS } from './limits.ts';

const score = (body: string, divisions = '1') =>
  `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>${divisions}</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>${body}</measure></part></score-partwise>`;
const note = (duration: string, extra = '') =>
  `<note><pitch><step>C</step><octave>4</octave></pitch><duration>${duration}</duration><voice>1</voice>${extra}</note>`;

function refusedCode(text: string): string | undefined {
  const result = importMusicXml(text);
  return result.ok ? undefined : result.problems[0]?.code;
}

describe('import refuses what export cannot write', () => {
  it('a note of 2^52 divisions (export threw a RangeError from notateDuration)', () => {
    expect(refusedCode(score(note('4503599627370496', '<type>whole</type>')))).toBe(
      'number-out-of-range',
    );
  });

  it('a <forward> of 2^52 divisions', () => {
    expect(
      refusedCode(
        score(
          `${note('4', '<type>whole</type>')}<forward><duration>4503599627370496</duration></forward>`,
        ),
      ),
    ).toBe('number-out-of-range');
  });

  it(`a score longer than ${MAX_SCORE_QUARTERS} quarter notes, which MIDI export cannot time`, () => {
    const result = importMusicXml(
      score(`<forward><duration>${MAX_SCORE_QUARTERS + 4}</duration></forward>`),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems[0]?.code).toBe('number-out-of-range');
      expect(result.problems[0]?.message).toContain('more than 65536 quarter notes');
    }
    // Just under the limit still reads.
    expect(
      importMusicXml(score(`<forward><duration>${MAX_SCORE_QUARTERS}</duration></forward>`)).ok,
    ).toBe(true);
  });
});

const SOURCES = ['03c-Rhythm-DivisionChange.xml', '23a-Tuplets.xml', '43a-PianoStaff.xml'].map(
  (name) => new TextDecoder().decode(fixtureBytes(name)),
);
const number = fc.constantFrom(
  '4503599627370496',
  '2251799813685249',
  '3377699720527872',
  '1000000007',
  '262144',
  '999999999999.75',
  '0.000001',
  '1.0000001',
  '3',
  '1',
);

function replaceNumber(text: string, index: number, value: string): string {
  let seen = 0;
  return text.replace(/>(-?\d+(?:\.\d+)?)</g, (match) => (seen++ === index ? `>${value}<` : match));
}

describe('whatever imports, exports', () => {
  property.prop(
    [
      fc.constantFrom(...SOURCES),
      fc.array(fc.tuple(fc.nat(400), number), { minLength: 1, maxLength: 4 }),
    ],
    { numRuns: 60 },
  )(
    'large and fine numbers anywhere: refused, or exported as MusicXML and MIDI',
    (source, changes) => {
      expect(importMusicXml(source).ok).toBe(true);
      let text = source;
      for (const [index, value] of changes) text = replaceNumber(text, index, value);
      const result = importMusicXml(text);
      if (!result.ok) {
        // Only element numbers changed: a refusal is about a number, or an octave out of range.
        for (const problem of result.problems) {
          expect(['number-out-of-range', 'unsupported-pitch']).toContain(problem.code);
        }
        return;
      }
      expect(() => exportMusicXml(result.score)).not.toThrow();
      expect(() => exportMidi(result.score)).not.toThrow();
    },
  );
});
