import { apply, plan, readMeasures, type Score, validate } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

function imported(input: string | Uint8Array): Score {
  const result = importMusicXml(input);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function lanes(score: Score): string {
  const read = readMeasures(score, { start: 1, end: 2 });
  if (!read.ok) throw new Error('read failed');
  return read.lanes;
}

/** The `<tie>` and `<tied>` elements of each measure of an export, in order. */
function tiesByMeasure(xml: string): string[][] {
  return xml
    .split('<measure ')
    .slice(1)
    .map((measure) => measure.match(/<(tie|tied) type="[a-z-]+"\/>/g) ?? []);
}

const note = (step: string, extra = '', octave = 4) =>
  `<note><pitch><step>${step}</step><octave>${octave}</octave></pitch><duration>2</duration><voice>1</voice><type>half</type>${extra}</note>`;
const chord = (step: string, extra = '') =>
  `<note><chord/><pitch><step>${step}</step><octave>4</octave></pitch><duration>2</duration><voice>1</voice><type>half</type>${extra}</note>`;
const START = '<tie type="start"/><notations><tied type="start"/></notations>';
const STOP = '<tie type="stop"/><notations><tied type="stop"/></notations>';
const BOTH =
  '<tie type="stop"/><tie type="start"/><notations><tied type="stop"/><tied type="start"/></notations>';

function score(...measures: string[]): string {
  const body = measures
    .map(
      (content, index) =>
        `<measure number="${index + 1}">${index === 0 ? '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>' : ''}${content}</measure>`,
    )
    .join('');
  return `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list><part id="P1">${body}</part></score-partwise>`;
}

describe('ties follow the model on export', () => {
  it('33b: a tie removed by a tie repair does not come back as <tied> (cross-measure)', () => {
    const edited = imported(fixtureBytes('33b-Spanners-Tie.xml'));
    const planned = plan(edited, { start: 2, parts: [1], text: 'P1 s1 v1 m2: G4=1\n' });
    if (!planned.ok) throw new Error('plan refused');
    expect(planned.plan.repairs.map((repair) => repair.pitch)).toEqual(['F4']);
    apply(edited, planned.plan);
    const xml = exportMusicXml(edited);
    expect(tiesByMeasure(xml)).toEqual([[], []]);
    const again = importMusicXml(xml);
    if (!again.ok) throw new Error('re-import refused');
    expect(lanes(again.score)).toBe('P1 s1 v1 m1: F4=1 | G4\n');
    expect(again.warnings).toEqual([]);
  });

  it('a chord: the repaired note loses its <tied>, the other chord note keeps its tie', () => {
    const original = score(
      `${note('G')}${note('C', START)}${chord('E', START)}`,
      `${note('C', STOP)}${chord('E', STOP)}${note('G')}`,
    );
    const edited = imported(original);
    expect(lanes(edited)).toBe('P1 s1 v1 m1: G4=1/2 (C4 E4)~ | (C4 E4) G4\n');
    const planned = plan(edited, { start: 2, parts: [1], text: 'P1 s1 v1 m2: C4=1/2 G4=1/2\n' });
    if (!planned.ok) throw new Error('plan refused');
    expect(planned.plan.repairs.map((repair) => repair.pitch)).toEqual(['E4']);
    apply(edited, planned.plan);
    const xml = exportMusicXml(edited);
    expect(tiesByMeasure(xml)).toEqual([
      ['<tie type="start"/>', '<tied type="start"/>'],
      ['<tie type="stop"/>', '<tied type="stop"/>'],
    ]);
    const again = imported(xml);
    expect(lanes(again)).toBe('P1 s1 v1 m1: G4=1/2 (C4~ E4) | C4 G4\n');
  });

  it('a kept note loses a <tied type="stop"> once the tie into it is rewritten away', () => {
    const edited = imported(
      score(`${note('G')}${note('C', START)}`, `${note('C', STOP)}${note('G')}`),
    );
    const planned = plan(edited, { start: 1, parts: [1], text: 'P1 s1 v1 m1: G4=1/2 D4=1/2\n' });
    if (!planned.ok) throw new Error('plan refused');
    apply(edited, planned.plan);
    const xml = exportMusicXml(edited);
    expect(tiesByMeasure(xml)).toEqual([[], []]);
  });
});

describe('unfinished ties (33i-Ties-NotEnded.xml)', () => {
  it('33i: each tie is read as lanes-seq reads ties; the lone <tie> end is removed and warned about, its <tied> kept', () => {
    const result = importMusicXml(fixtureBytes('33i-Ties-NotEnded.xml'));
    if (!result.ok) throw new Error('refused');
    expect(result.warnings.map((warning) => [warning.code, warning.measure])).toEqual([
      ['unfinished-tie', 3],
    ]);
    const xml = exportMusicXml(result.score);
    const ties = tiesByMeasure(xml);
    expect(result.warnings[0]?.message).toContain('<tie type="stop"/> on C5');
    // m1's tie lands on m2's C5 (as lanes-seq reads ties), so m2 gets the <tie> end the file left out.
    expect(ties[1]).toEqual(['<tie type="stop"/>']);
    // m3's lone <tie type="stop"> ties nothing and is gone; its drawn <tied type="stop"> stays.
    expect(ties[2]).toEqual(['<tie type="start"/>', '<tied type="stop"/>', '<tied type="start"/>']);
    expect(validate(result.score).ok).toBe(true);
  });

  it('a tie start on a note the next note does not hold is not a tie; its <tied> is kept as drawn', () => {
    const result = importMusicXml(
      score(`${note('C', START)}${note('D')}`, `${note('E', STOP)}${note('F', START)}`),
    );
    if (!result.ok) throw new Error('refused');
    expect(lanes(result.score)).toBe('P1 s1 v1 m1: C4=1/2 D4 | E4 F4\n');
    expect(validate(result.score).ok).toBe(true);
    expect(result.warnings.map((warning) => [warning.code, warning.measure])).toEqual([
      ['unfinished-tie', 1],
      ['unfinished-tie', 2],
      ['unfinished-tie', 2],
    ]);
    expect(result.warnings[0]?.message).toBe(
      'Part 1, measure 1: a <tie type="start"/> on C4 in voice 1 ties nothing (no note before or after holds the pitch), so it was removed; a drawn <tied> on the note is kept as it was. Give the tie its matching note, or remove it.',
    );
    const xml = exportMusicXml(result.score);
    expect(tiesByMeasure(xml)).toEqual([
      ['<tied type="start"/>'],
      ['<tied type="stop"/>', '<tied type="start"/>'],
    ]);
    const again = importMusicXml(xml);
    if (!again.ok) throw new Error('refused');
    expect(again.warnings).toEqual([]);
    expect(lanes(again.score)).toBe(lanes(result.score));
    expect(exportMusicXml(again.score)).toBe(xml);
  });

  it('a kept unfinished tie start is not written once the next note holds its pitch', () => {
    const edited = imported(score(`${note('G')}${note('C', START)}`, `${note('D')}${note('G')}`));
    const planned = plan(edited, { start: 2, parts: [1], text: 'P1 s1 v1 m2: C4=1/2 G4=1/2\n' });
    if (!planned.ok) throw new Error('plan refused');
    apply(edited, planned.plan);
    const xml = exportMusicXml(edited);
    expect(tiesByMeasure(xml)).toEqual([[], []]);
    expect(lanes(imported(xml))).toBe('P1 s1 v1 m1: G4=1/2 C4 | C4 G4\n');
  });

  it('a tie drawn only with <tied> that ends nowhere is kept as drawn, without a warning', () => {
    const result = importMusicXml(
      score(
        `${note('C', '<notations><tied type="start"/></notations>')}${note('D')}`,
        `${note('E')}${note('E', BOTH)}`,
      ),
    );
    if (!result.ok) throw new Error('refused');
    expect(lanes(result.score)).toBe('P1 s1 v1 m1: C4=1/2 D4 | E4 E4\n');
    expect(result.warnings.map((warning) => warning.measure)).toEqual([2]);
    const xml = exportMusicXml(result.score);
    expect(tiesByMeasure(xml)).toEqual([
      ['<tied type="start"/>'],
      ['<tied type="stop"/>', '<tied type="start"/>'],
    ]);
  });
});
