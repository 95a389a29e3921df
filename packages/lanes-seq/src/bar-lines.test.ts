/**
 * Bar lines inside a lane (SPEC.md section 17): a line with ` | ` holds the
 * lanes of consecutive measures, the canonical text groups a voice's
 * measures in blocks of four, and every fix of a misused bar-line sign is
 * valid text that means what the writer meant.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { applyEdits } from './apply-edits.test-support.ts';
import { arbitraryDocument, arbitraryEvent } from './arbitrary-document.test-support.ts';
import { parse } from './parse.ts';
import { parseMarks } from './parse-marks.ts';
import { serialize, serializeLane, serializeLyricLine } from './serialize.ts';

describe('bar lines (property)', () => {
  test.prop([arbitraryDocument], { numRuns: 300 })(
    'the canonical text with bar lines and the same lanes one per line are one document',
    (document) => {
      const canonical = parse(serialize(document));
      if (!canonical.ok) throw new Error(JSON.stringify(canonical.issues));
      const lanes = canonical.document.lanes.map((lane) => `${serializeLane(lane)}\n`);
      const lyrics = (canonical.document.lyrics ?? []).map(
        (line) => `${serializeLyricLine(line)}\n`,
      );
      const onePerLine = parse([...lanes, ...lyrics].join(''));
      if (!onePerLine.ok) throw new Error(JSON.stringify(onePerLine.issues));
      expect(onePerLine.document).toEqual(canonical.document);
    },
  );

  test.prop([arbitraryDocument], { numRuns: 300 })(
    'no canonical line holds measures of two blocks of four, nor a gap',
    (document) => {
      for (const line of serialize(document).split('\n')) {
        const match = /^P\d+ s\d+ v\d+ m(\d+)( w\d+)?:/.exec(line);
        if (!match) continue;
        const first = Number(match[1]);
        const measures = line.split(' | ').length;
        expect(Math.floor((first - 1) / 4)).toBe(Math.floor((first + measures - 2) / 4));
      }
    },
  );

  const misusedSign = fc.constantFrom('||', '|:', ':|', ':|:', '|]', '||:');
  test.prop(
    [
      fc.array(fc.array(arbitraryEvent, { minLength: 1, maxLength: 4 }), {
        minLength: 2,
        maxLength: 5,
      }),
      fc.array(misusedSign, { minLength: 4, maxLength: 4 }),
    ],
    { numRuns: 200 },
  )('the fix of a misused bar-line sign gives the lanes written with |', (measures, signs) => {
    const lanes = measures.map((events, index) =>
      serializeLane({ part: 1, staff: 1, voice: 1, measure: index + 1, events }),
    );
    const bodies = lanes.map((lane) => lane.slice(lane.indexOf(':') + 1));
    const written = `P1 s1 v1 m1:${bodies.map((body, i) => (i === 0 ? body : ` ${signs[i - 1]}${body}`)).join('')}\n`;
    const meant = parse(lanes.map((lane) => `${lane}\n`).join(''));
    const result = parse(written);
    if (!meant.ok || result.ok) throw new Error('expected the lanes valid and the signs refused');
    expect(result.issues.every((issue) => issue.code === 'invalid-bar-line')).toBe(true);
    const fixed = parse(applyEdits(written, result.issues));
    if (!fixed.ok) throw new Error(JSON.stringify(fixed.issues));
    expect(fixed.document).toEqual(meant.document);
  });
});

describe('bar lines', () => {
  it('points each lane after a bar line, and its problems, at its own column', () => {
    const result = parse('P1 s1 v1 m1: C4=1 | D4=1/2 E4 | F4=1\n');
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.document.lanes.map((lane) => lane.measure)).toEqual([1, 2, 3]);
    expect(result.locations.map((location) => [location.line, location.start])).toEqual([
      [1, 0],
      [1, 20],
      [1, 32],
    ]);
    const bad = parse('P1 s1 v1 m1: C4=1 | c4=1\n');
    expect(bad.issues.map(({ code, column }) => [code, column])).toEqual([['lowercase-step', 21]]);
  });

  it('keeps the lanes of a line whose other measures have problems as partial', () => {
    const result = parse('P1 s1 v1 m1: C4=1 | D4=0 | E4=1\n');
    if (result.ok) throw new Error('expected a problem');
    expect(result.partial.document.lanes.map((lane) => lane.measure)).toEqual([1, 3]);
  });

  it('reads bar lines in a marks document, each measure a lane of its own', () => {
    const result = parseMarks('P1 s1 v1 m5: *\\p | * * | *\\f\n');
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(
      result.document.lanes.map((lane) => [lane.measure, lane.marks.map((marks) => marks.length)]),
    ).toEqual([
      [5, [1]],
      [6, [0, 0]],
      [7, [1]],
    ]);
    expect(result.locations.map((location) => location.start)).toEqual([0, 19, 25]);
  });

  it('reads a lyric line across bar lines, a word going on over one', () => {
    const result = parse('P1 s1 v1 m1 w1: Freu- | de schö- | ner |\n');
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(
      result.document.lyrics?.map((line) => [line.measure, line.slots.map((slot) => slot?.text)]),
    ).toEqual([
      [1, ['Freu']],
      [2, ['de', 'schö']],
      [3, ['ner']],
    ]);
    expect(result.lyricLocations?.map((location) => location.start)).toEqual([0, 24, 35]);
  });

  it('gives a bar line right after the header a fix that deletes it', () => {
    const text = 'P1 s1 v1 m1: | C4=1 | D4=1\n';
    const result = parse(text);
    expect(result.issues.map((issue) => issue.code)).toEqual(['empty-lane']);
    const fixed = applyEdits(text, result.issues);
    expect(fixed).toBe('P1 s1 v1 m1: C4=1 | D4=1\n');
    expect(parse(fixed).ok).toBe(true);
  });
});
