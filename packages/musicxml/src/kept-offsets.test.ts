import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';

const score = (divisions: string, between: string) =>
  `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>${divisions}</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>${between}<note><pitch><step>C</step><octave>4</octave></pitch><duration>${4 * Number(divisions)}</duration><voice>1</voice><type>whole</type></note></measure></part></score-partwise>`;

function exported(text: string): string {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return exportMusicXml(result.score);
}

describe('values in divisions inside kept elements follow the new <divisions>', () => {
  it('an <offset> nested in <direction><sound>, and one in a <sound> between notes', () => {
    const out = exported(
      score(
        '4',
        '<direction><direction-type><words>x</words></direction-type><offset>2</offset><sound tempo="60"><offset>2</offset></sound></direction><sound tempo="90"><offset>2</offset></sound>',
      ),
    );
    expect(out).toContain('<divisions>2</divisions>');
    expect(out.match(/<offset>\d+<\/offset>/g)).toEqual([
      '<offset>1</offset>',
      '<offset>1</offset>',
      '<offset>1</offset>',
    ]);
  });

  it("<figured-bass>'s <duration> and <offset>, and an <offset> in <listening>", () => {
    const out = exported(
      score(
        '4',
        '<figured-bass><figure><figure-number>6</figure-number></figure><duration>8</duration><offset>4</offset></figured-bass><direction><direction-type><words>y</words></direction-type><listening><sync type="none"/><offset>6</offset></listening></direction>',
      ),
    );
    expect(out).toContain('<divisions>2</divisions>');
    expect(out).toMatch(/<duration>4<\/duration>\s*<offset>2<\/offset>/);
    expect(out).toMatch(/<offset>3<\/offset>\s*<\/listening>/);
  });

  it('a nested <offset> too large to hold is refused', () => {
    const result = importMusicXml(
      score('4', '<sound tempo="60"><offset>99999999999999999999</offset></sound>'),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]?.code).toBe('number-out-of-range');
  });
});
