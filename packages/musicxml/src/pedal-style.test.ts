import { apply, plan, type Score } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';
import { samePedalStyle } from './pedal-style.ts';
import { readScore } from './score-snapshot.ts';

function imported(xml: string): Score {
  const result = importMusicXml(xml);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

const pedal = (attributes: string) =>
  `<direction placement="below"><direction-type><pedal ${attributes}/></direction-type></direction>`;
const quarter = (step: string) =>
  `<note><pitch><step>${step}</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice><type>quarter</type></note>`;

/** One part of two 4/4 measures: each a pedal start on beat 1 and its stop on beat 3, drawn as given. */
function pedalled(first: string, second: string): string {
  const measure = (number: number, style: string) =>
    `<measure number="${number}">${number === 1 ? '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>' : ''}${pedal(`type="start" ${style}`)}${quarter('C')}${quarter('D')}${pedal(`type="stop" ${style}`)}${quarter('E')}${quarter('F')}</measure>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>P</part-name></score-part></part-list>
<part id="P1">${measure(1, first)}${measure(2, second)}</part></score-partwise>`;
}

/** The pedal marks of the events of each measure, as `start@0`, `stop@2`. */
function pedalMarks(score: Score): string[][] {
  const snapshot = readScore(score);
  return snapshot.measures.map((_, index) =>
    (snapshot.unit(1, 1, index + 1).voices[0]?.events ?? []).flatMap((event, at) =>
      (event.marks ?? []).flatMap((mark) => (mark.kind === 'pedal' ? [`${mark.type}@${at}`] : [])),
    ),
  );
}

describe('pedal style', () => {
  it('reads pedals drawn with signs into the model and writes them back with signs', () => {
    const score = imported(pedalled('line="no"', 'line="no"'));
    expect(pedalMarks(score)).toEqual([
      ['start@0', 'stop@2'],
      ['start@0', 'stop@2'],
    ]);
    const out = exportMusicXml(score);
    expect(out.match(/<pedal [^>]*\/>/g)).toEqual([
      '<pedal type="start" number="9" line="no"/>',
      '<pedal type="stop" number="9" line="no"/>',
      '<pedal type="start" number="9" line="no"/>',
      '<pedal type="stop" number="9" line="no"/>',
    ]);
    expect(exportMusicXml(imported(out))).toBe(out);
  });

  it("keeps a pedal drawn otherwise than its part's first as the file had it", () => {
    const score = imported(pedalled('line="no" sign="yes"', 'line="yes"'));
    expect(pedalMarks(score)).toEqual([['start@0', 'stop@2'], []]);
    const out = exportMusicXml(score);
    expect(out).toContain('<pedal type="start" number="9" line="no" sign="yes"/>');
    expect(out).toContain('<pedal type="start" line="yes"/>');
    expect(out).toContain('<pedal type="stop" line="yes"/>');
    expect(exportMusicXml(imported(out))).toBe(out);
  });

  it("draws a pedal an agent writes in the part's style", () => {
    const score = imported(pedalled('line="no"', 'line="no"'));
    const planned = plan(score, {
      start: 2,
      parts: [1],
      text: 'P1 s1 v1 m2: C4=1/4 D4=1/4\\ped E4=1/4 F4=1/4\\pedup\n',
    });
    if (!planned.ok) throw new Error(planned.problems.map((problem) => problem.message).join('\n'));
    expect(apply(score, planned.plan).ok).toBe(true);
    expect(pedalMarks(score)[1]).toEqual(['start@1', 'stop@3']);
    const second = exportMusicXml(score).split('<measure number="2"')[1]!;
    expect(second.match(/<pedal [^>]*\/>/g)).toEqual([
      '<pedal type="start" number="9" line="no"/>',
      '<pedal type="stop" number="9" line="no"/>',
    ]);
  });

  it('writes pedals that name no style with none, and draws pedals with a line in a part that read none', () => {
    const unstyled = exportMusicXml(imported(pedalled('', '')));
    expect(unstyled.match(/<pedal [^>]*\/>/g)?.[0]).toBe('<pedal type="start" number="9"/>');
    const plain = imported(
      pedalled('line="no"', 'line="no"').replace(/<direction .*?<\/direction>/g, ''),
    );
    expect(pedalMarks(plain)).toEqual([[], []]);
    const planned = plan(plain, {
      start: 1,
      parts: [1],
      text: 'P1 s1 v1 m1: C4=1/4\\ped D4=1/4 E4=1/4\\pedup F4=1/4\n',
    });
    if (!planned.ok) throw new Error(planned.problems.map((problem) => problem.message).join('\n'));
    expect(apply(plain, planned.plan).ok).toBe(true);
    expect(exportMusicXml(plain).match(/<pedal [^>]*\/>/g)).toEqual([
      '<pedal type="start" number="9" line="yes"/>',
      '<pedal type="stop" number="9" line="yes"/>',
    ]);
    expect(samePedalStyle({ line: 'yes' }, { line: 'yes', sign: 'no' })).toBe(false);
  });
});
