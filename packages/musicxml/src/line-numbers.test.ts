import { describe, expect, test } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';

const note = (staff: number) =>
  `<note><pitch><step>C</step><octave>${staff === 1 ? 5 : 3}</octave></pitch><duration>2</duration><voice>${staff === 1 ? 1 : 5}</voice><type>half</type><staff>${staff}</staff></note>`;
const line = (name: string, type: string, staff: number, number?: string) =>
  `<direction><direction-type><${name} type="${type}"${number ? ` number="${number}"` : ''} line-type="dashed"/></direction-type><staff>${staff}</staff></direction>`;
const backup = '<backup><duration>4</duration></backup>';
/** A line over a staff's two half notes, stopping at the end of the measure. */
const over = (name: string, start: string, staff: number, number?: string) =>
  line(name, start, staff, number) + note(staff) + note(staff) + line(name, 'stop', staff, number);

/** A two-staff piano part of the given measures (each a string of elements). */
function score(measures: readonly string[]): string {
  const attributes =
    '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><staves>2</staves><clef number="1"><sign>G</sign><line>2</line></clef><clef number="2"><sign>F</sign><line>4</line></clef></attributes>';
  return `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Piano</part-name></score-part></part-list><part id="P1">${measures
    .map(
      (body, index) =>
        `<measure number="${index + 1}">${index === 0 ? attributes : ''}${body}</measure>`,
    )
    .join('')}</part></score-partwise>`;
}

/** The lines of each kind in the export, in its order: `type number`. */
function linesOut(xml: string, name: string): string[] {
  const result = importMusicXml(xml);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  const out = exportMusicXml(result.score);
  return [...out.matchAll(new RegExp(`<${name} type="(\\w+)"(?: number="(\\d+)")?`, 'g'))].map(
    ([, type, number]) => `${type} ${number ?? '-'}`,
  );
}

describe('lines of one number that overlap in time get a number each', () => {
  test('two hairpins numbered 1 over the same half notes, one per staff: the second becomes 2', () => {
    const measure =
      over('wedge', 'crescendo', 1, '1') + backup + over('wedge', 'crescendo', 2, '1');
    // Both stops stand at the end of the measure, which export writes after both staves.
    expect(linesOut(score([measure]), 'wedge')).toEqual([
      'crescendo 1',
      'crescendo 2',
      'stop 1',
      'stop 2',
    ]);
  });

  test('lines one after the other in other measures keep their number, and one left without a number keeps none', () => {
    const measures = [1, 2, 3].map(
      () =>
        line('octave-shift', 'down', 1) +
        note(1) +
        line('octave-shift', 'stop', 1) +
        note(1) +
        backup +
        note(2) +
        note(2),
    );
    expect(linesOut(score(measures), 'octave-shift')).toEqual([
      'down -',
      'stop -',
      'down -',
      'stop -',
      'down -',
      'stop -',
    ]);
  });

  test('a lone stop keeps its number and holds it: a line renumbered beside it takes the next free one', () => {
    const measure =
      over('bracket', 'start', 1, '1') +
      backup +
      note(2) +
      line('bracket', 'stop', 2, '2') +
      line('bracket', 'start', 2, '1') +
      note(2) +
      line('bracket', 'stop', 2, '1');
    // Number 1 is the first line's and 2 the lone stop's, so the second line takes 3.
    expect(linesOut(score([measure]), 'bracket')).toEqual([
      'start 1',
      'stop 2',
      'start 3',
      'stop 1',
      'stop 3',
    ]);
  });

  test('a start never stopped holds its number to the end of the part: a line renumbered later does not take it', () => {
    const measures = [
      line('octave-shift', 'down', 1, '1') + note(1) + note(1) + backup + note(2) + note(2),
      over('octave-shift', 'down', 1, '2') + backup + over('octave-shift', 'down', 2, '2'),
    ];
    // Number 1 is still open from measure 1 (a reader would pair a new start of 1 with it), so the
    // second line of number 2 takes 3.
    expect(linesOut(score(measures), 'octave-shift')).toEqual([
      'down 1',
      'down 2',
      'down 3',
      'stop 2',
      'stop 3',
    ]);
  });

  test('two stops of one number in a row leave nothing waiting: later lines of that number keep it', () => {
    const rest = backup + note(2) + note(2);
    const measures = [
      note(1) + line('octave-shift', 'stop', 1, '1') + note(1) + rest,
      note(1) + line('octave-shift', 'stop', 1, '1') + note(1) + rest,
      over('octave-shift', 'down', 1, '1') + backup + note(2) + note(2),
    ];
    // A reader pairing by number drops both stops, so the 8va of measure 3 pairs with its own stop.
    expect(linesOut(score(measures), 'octave-shift')).toEqual([
      'stop 1',
      'stop 1',
      'down 1',
      'stop 1',
    ]);
  });
});
