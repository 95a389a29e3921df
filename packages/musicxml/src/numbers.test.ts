import { rational } from '@scorelane/lanes-seq';
import { readMeasures } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal.ts';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';
import { readScore } from './score-snapshot.ts';

const score = (divisions: string, body: string) =>
  `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>${divisions}</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>${body}</measure></part></score-partwise>`;
const note = (duration: string, extra = '', step = 'C') =>
  `<note><pitch><step>${step}</step><octave>4</octave></pitch><duration>${duration}</duration><voice>1</voice>${extra}</note>`;

function problem(text: string): { code: string; message: string } {
  const result = importMusicXml(text);
  if (result.ok) throw new Error('expected a refusal');
  return { code: result.problems[0]!.code, message: result.problems[0]!.message };
}

function warnings(text: string): string[] {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.warnings.map((warning) => `${warning.code}: ${warning.message}`);
}

function lanes(text: string): string {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  const read = readMeasures(result.score, { start: 1, end: 1 });
  return read.ok ? read.lanes : '';
}

describe('<divisions> that cannot be read are refused, not ignored', () => {
  it.each([
    ['0', 'the <divisions> "0" is not a positive number'],
    ['-4', 'the <divisions> "-4" is not a positive number'],
    ['x', 'the <divisions> "x" is not a positive number'],
    ['99999999999999999999', 'the <divisions> 99999999999999999999 is too large'],
  ])('<divisions>%s</divisions>', (divisions, says) => {
    const { code, message } = problem(score(divisions, note('4') + note('2')));
    expect(code).toBe('number-out-of-range');
    expect(message).toContain(`Part 1, measure 1: ${says}`);
  });
});

describe('<duration>', () => {
  it('a huge <duration> beside a <type> is refused, not read as the type', () => {
    const { code, message } = problem(
      score('1', note('99999999999999999999', '<type>quarter</type>')),
    );
    expect(code).toBe('number-out-of-range');
    expect(message).toContain('the note C4 has <duration> 99999999999999999999, too large');
  });

  it('<duration>0</duration> on a note: read as a grace note, its lyric kept, with a warning that says so', () => {
    const text = score(
      '1',
      note('0', '<type>quarter</type><lyric><text>kept</text></lyric>') + note('4', '', 'D'),
    );
    expect(lanes(text)).toBe('P1 s1 v1 m1: C4=g1/4 D4=1\n');
    expect(warnings(text)).toEqual([
      'zero-duration: Part 1, measure 1: the note C4 has <duration>0</duration> but no <grace/>: it takes no time, so it was read as a grace note (keeping what is on it). Give it a duration, or mark it <grace/>.',
    ]);
    const result = importMusicXml(text);
    if (result.ok) expect(exportMusicXml(result.score)).toContain('<text>kept</text>');
  });

  it('decimals are read exactly: 1.0000001 divisions is 10000001/10000000, not 1', () => {
    expect(parseDecimal('1.0000001')).toEqual(rational(10000001, 10000000));
    expect(parseDecimal('1.3333333')).toEqual(rational(13333333, 10000000));
    const result = importMusicXml(score('1', note('1.3333333')));
    if (!result.ok) throw new Error(result.problems[0]?.message);
    // 1.3333333 quarters, as the file says: not 3999999/4000000 of a whole note.
    expect(readScore(result.score).measures[0]?.pickup).toEqual(rational(13333333, 40000000));
    expect(exportMusicXml(result.score)).toContain('<duration>13333333</duration>');
  });

  it('a negative <duration> is read from the <type>, with a warning', () => {
    const text = score('1', note('-1', '<type>whole</type>'));
    expect(lanes(text)).toBe('P1 s1 v1 m1: C4=1\n');
    expect(warnings(text)).toEqual([
      'bad-duration: Part 1, measure 1: the note C4 has <duration> "-1", not a positive number; it was read from its <type> as 1/1. Fix its <duration>.',
    ]);
  });

  it('a grace rest is left out with a warning', () => {
    const text = score(
      '1',
      `<note><grace/><rest/><voice>1</voice><type>eighth</type></note>${note('4')}`,
    );
    expect(lanes(text)).toBe('P1 s1 v1 m1: C4=1\n');
    expect(warnings(text)).toEqual([
      'grace-rest: Part 1, measure 1: a rest has <grace/>, and Scorelane holds no grace rests, so it was left out (with what was on it). Remove its <grace/> or the rest.',
    ]);
  });

  it('a negative <forward> is ignored with a warning', () => {
    const text = score('1', `${note('2')}<forward><duration>-2</duration></forward>${note('2')}`);
    expect(warnings(text)).toEqual([
      'bad-duration: Part 1, measure 1: a <forward> has <duration> "-2", not a positive number; it was ignored. Fix its <duration>.',
    ]);
  });
});
