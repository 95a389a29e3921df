import { describe, expect, it } from 'vitest';
import { importMusicXml } from './import-musicxml.ts';
import { readScore } from './score-snapshot.ts';

/** A one-part score of two 4/4 measures; `attributes` is the first measure's extra attributes. */
function score(attributes: string): string {
  const rest = '<note><rest/><duration>4</duration></note>';
  return `<?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>x</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>${rest}</measure><measure number="2"><attributes>${attributes}</attributes>${rest}</measure></part></score-partwise>`;
}

function imported(attributes: string) {
  const result = importMusicXml(score(attributes));
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return { warnings: result.warnings, read: readScore(result.score) };
}

describe('attributes the model cannot hold are warnings naming the measure and what was used', () => {
  it('<staves>1000000</staves>: the part keeps the staves its notes are on', () => {
    const { warnings, read } = imported('<staves>1000000</staves>');
    expect(read.parts[0]?.staves).toBe(1);
    expect(warnings).toContainEqual({
      code: 'bad-staves',
      part: 1,
      measure: 2,
      message: expect.stringMatching(
        /^Part 1, measure 2: <staves> "1000000" is not a number of staves from 1 to 64 .*the staves its notes are on/,
      ),
    });
  });

  it('<fifths>1e9</fifths>: read as no sharps or flats, not C## major', () => {
    const { warnings, read } = imported('<key><fifths>1e9</fifths></key>');
    expect(read.measures[1]?.key.fifths).toBe(0);
    expect(warnings).toContainEqual({
      code: 'bad-key',
      part: 1,
      measure: 2,
      message: expect.stringMatching(
        /^Part 1, measure 2: <fifths> "1e9" is not a key signature .*read as no sharps or flats/,
      ),
    });
  });

  it('an extreme key the MusicXML test suite writes (11 flats) is still read, without a warning', () => {
    const { warnings, read } = imported('<key><fifths>-11</fifths></key>');
    expect(read.measures[1]?.key.fifths).toBe(-11);
    expect(warnings).toEqual([]);
  });

  it('<beats>0</beats>: the measure keeps the time before it, and says so', () => {
    const { warnings, read } = imported('<time><beats>0</beats><beat-type>4</beat-type></time>');
    expect(read.measures[1]?.time).toEqual({ beats: 4, beatType: 4 });
    expect(warnings).toContainEqual({
      code: 'bad-time',
      part: 1,
      measure: 2,
      message: expect.stringMatching(
        /^Part 1, measure 2: <time> 0\/4 is not a time signature .*read in 4\/4, the time before it/,
      ),
    });
  });

  it('senza misura is no time signature to warn about', () => {
    expect(imported('<time><senza-misura/></time>').warnings).toEqual([]);
  });
});
