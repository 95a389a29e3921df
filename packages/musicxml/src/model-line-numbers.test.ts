import type { Score } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';
import { readScore } from './score-snapshot.ts';

function imported(xml: string): Score {
  const result = importMusicXml(xml);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

/** The line marks of every event of a staff's first voice, measure by measure. */
function lineMarks(score: Score, staff: number): string[][][] {
  const snapshot = readScore(score);
  return snapshot.measures.map((_, index) =>
    (snapshot.unit(1, staff, index + 1).voices[0]?.events ?? []).map((event) =>
      (event.marks ?? [])
        .filter((mark) => mark.kind === 'pedal' || mark.kind === 'hairpin')
        .map((mark) => `${mark.kind} ${'type' in mark ? mark.type : ''}`),
    ),
  );
}

/** A direction drawing one line end, on a staff. */
const line = (element: string, staff: number) =>
  `<direction placement="below"><direction-type>${element}</direction-type><staff>${staff}</staff></direction>`;

const half = (step: string, staff: number, voice: number) =>
  `<note><pitch><step>${step}</step><octave>${staff === 1 ? 5 : 3}</octave></pitch><duration>2</duration><voice>${voice}</voice><type>half</type><staff>${staff}</staff></note>`;

/**
 * Two measures of a piano part, each staff with a pedal line and a hairpin
 * from its first note to the next measure's second: lines that overlap in
 * time on the two staves, as a piano score has them.
 */
function piano(): string {
  const staffOf = (staff: number, first: boolean) => {
    const voice = staff === 1 ? 1 : 5;
    const number = String(staff);
    const starts = first
      ? line(`<pedal type="start" number="${number}" line="yes"/>`, staff) +
        line(`<wedge type="crescendo" number="${number}"/>`, staff)
      : '';
    const stops = first
      ? ''
      : line(`<pedal type="stop" number="${number}" line="yes"/>`, staff) +
        line(`<wedge type="stop" number="${number}"/>`, staff);
    return `${starts}${half('C', staff, voice)}${stops}${half('E', staff, voice)}`;
  };
  const measure = (number: number) =>
    `<measure number="${number}">${number === 1 ? '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><staves>2</staves></attributes>' : ''}${staffOf(1, number === 1)}<backup><duration>4</duration></backup>${staffOf(2, number === 1)}</measure>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list><part id="P1">${measure(1)}${measure(2)}</part></score-partwise>`;
}

describe('lines the model writes', () => {
  it('are numbered by staff and voice, so lines that overlap on two staves pair up again on reading', () => {
    const score = imported(piano());
    const expected = [
      [['pedal start', 'hairpin crescendo'], []],
      [[], ['hairpin stop', 'pedal stop']],
    ];
    expect(lineMarks(score, 1)).toEqual(expected);
    expect(lineMarks(score, 2)).toEqual(expected);
    const out = exportMusicXml(score);
    const again = imported(out);
    expect(lineMarks(again, 1)).toEqual(expected);
    expect(lineMarks(again, 2)).toEqual(expected);
    expect(exportMusicXml(again)).toBe(out);
  });
});
