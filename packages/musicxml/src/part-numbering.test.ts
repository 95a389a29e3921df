import { describe, expect, it } from 'vitest';
import { importMusicXml } from './import-musicxml.ts';
import { scoreNumbering } from './part-numbering.ts';
import { scoreDivisions } from './score-divisions.ts';
import { readScore } from './score-snapshot.ts';

const note = (voice: string, duration: string, notations = '') =>
  `<note><pitch><step>C</step><octave>4</octave></pitch><duration>${duration}</duration><voice>${voice}</voice>${notations}</note>`;
const dashed = (type: string) =>
  `<notations><slur type="${type}" number="3" line-type="dashed"/></notations>`;
const part = (id: string, body: string) =>
  `<part id="${id}"><measure number="1"><attributes><divisions>2</divisions><time><beats>2</beats><beat-type>4</beat-type></time></attributes>${body}</measure></part>`;
const text =
  '<score-partwise version="4.0"><part-list>' +
  '<score-part id="P1"><part-name>A</part-name></score-part>' +
  '<score-part id="P2"><part-name>B</part-name></score-part></part-list>' +
  part('P1', note('1', '1', dashed('start')) + note('1', '3', dashed('stop'))) +
  part(
    'P2',
    `${note('1', '4')}<backup><duration>4</duration></backup>${note('2', '3')}${note('2', '1')}`,
  ) +
  '</score-partwise>';

describe('scoreNumbering', () => {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  const snapshot = readScore(result.score);

  it("reads each part's highest kept slur number and voice stride in the walk that chooses divisions", () => {
    expect(scoreNumbering(snapshot)).toEqual({
      divisions: scoreDivisions(snapshot),
      parts: [
        { stride: 1, keptSlurs: 3 },
        { stride: 2, keptSlurs: 0 },
      ],
    });
  });
});
