import { plan, readMeasures, type Score } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { caseText } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { readScore } from './score-snapshot.ts';

function imported(xml: string): Score {
  const result = importMusicXml(xml);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

/** The line marks (hairpins, octave lines) of voice 1 of P1 s1, as `measure:event:text` or `measure@onset:text`. */
function lineMarks(score: Score): string[] {
  const snapshot = readScore(score);
  const found: string[] = [];
  snapshot.measures.forEach((_, index) => {
    const voice = snapshot.unit(1, 1, index + 1).voices.find((held) => held.voice === 1);
    voice?.events.forEach((event, eventIndex) => {
      for (const mark of event.marks ?? [])
        if (mark.kind === 'hairpin' || mark.kind === 'octave-line')
          found.push(`${index + 1}:${eventIndex + 1}:${mark.type}`);
    });
    for (const entry of voice?.onsetMarks ?? [])
      for (const mark of entry.marks)
        if (mark.kind === 'hairpin' || mark.kind === 'octave-line')
          found.push(`${index + 1}@${entry.onset.num}/${entry.onset.den}:${mark.type}`);
  });
  return found;
}

/** Whether a read of the whole score plans back as no change (spans that overlap are refused). */
function readPlansBackUnchanged(score: Score): void {
  const end = readScore(score).measures.length;
  const read = readMeasures(score, { start: 1, end });
  if (!read.ok) throw new Error(read.problems[0]?.message);
  const planned = plan(score, { start: 1, end, text: read.lanes, revision: read.revision });
  expect(planned.ok ? [] : planned.problems.map((problem) => problem.code)).toEqual([]);
  expect(planned.ok && planned.plan.changes.every((change) => change.unchanged)).toBe(true);
}

describe('lines along a voice: one open at a time, written in the order they pair', () => {
  const score = imported(caseText('voice-lines-out-of-order.musicxml'));

  it('reads one of two crescendos of a voice that overlap, keeps the other as the file had it, and the read plans back unchanged', () => {
    expect(lineMarks(score).filter((mark) => mark.startsWith('3') || mark.startsWith('4'))).toEqual(
      ['3:1:crescendo', '3:3:stop'],
    );
    const out = exportMusicXml(score);
    // The kept one is written back with its own number, both ends.
    expect(out.match(/<wedge type="crescendo"/g)).toHaveLength(2);
    readPlansBackUnchanged(score);
  });

  it("writes a hairpin stop inside a note before the voice's next hairpin starts, so a reader pairing by number pairs it so", () => {
    expect(lineMarks(score).filter((mark) => /^[12][:@]/.test(mark))).toEqual([
      '1:1:diminuendo',
      '1:3:diminuendo',
      '1@1/2:stop',
      '2:1:stop',
    ]);
    const out = exportMusicXml(score);
    const bar1 = out.slice(out.indexOf('<measure number="1"'), out.indexOf('<measure number="2"'));
    const ends = [...bar1.matchAll(/<wedge type="(\w+)" number="(\d+)"/g)].map(([, type]) => type);
    expect(ends).toEqual(['diminuendo', 'stop', 'diminuendo']);
    // Reached by a <backup> into voice 1's half note, and a <forward> back out of it.
    expect(bar1).toMatch(
      /<\/note>\s*<backup>\s*<duration>1<\/duration>\s*<\/backup>\s*<direction[\s\S]*?<\/direction>\s*<forward>\s*<duration>1<\/duration>/,
    );
    const again = imported(out);
    expect(lineMarks(again)).toEqual(lineMarks(score));
    expect(exportMusicXml(again)).toBe(out);
  });

  it('keeps an octave line whose stop would stand before its start in its voice', () => {
    // The 8va starts at beat 3, where only voice 2 has a note; voice 1's whole note ends where
    // it stops, so its stop would go on that note, before the start.
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>P</part-name></score-part></part-list>
<part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>
<note><pitch><step>C</step><octave>5</octave></pitch><duration>4</duration><voice>1</voice><type>whole</type></note>
<backup><duration>4</duration></backup>
<note><pitch><step>E</step><octave>4</octave></pitch><duration>2</duration><voice>2</voice><type>half</type></note>
<direction><direction-type><octave-shift type="down" size="8"/></direction-type><voice>1</voice></direction>
<note><pitch><step>G</step><octave>4</octave></pitch><duration>2</duration><voice>2</voice><type>half</type></note>
<direction><direction-type><octave-shift type="stop" size="8"/></direction-type><voice>1</voice></direction>
</measure></part></score-partwise>`;
    const kept = imported(xml);
    expect(lineMarks(kept)).toEqual([]);
    expect(exportMusicXml(kept).match(/<octave-shift /g)).toHaveLength(2);
    readPlansBackUnchanged(kept);
  });

  it('reads the same one of a pedal written twice over itself after an export, the one that starts first', () => {
    // As MuseScore wrote Herbie Hancock's Tell Me a Bedtime Story: each pedal twice, both
    // number 1, stopping at the end of the bar.
    const pedal = (type: string) =>
      `<direction placement="below"><direction-type><pedal type="${type}" line="yes" default-y="-86.95"/></direction-type><staff>1</staff></direction>`;
    const note = (step: string, staff: number, type = 'quarter', duration = 1) =>
      `<note><pitch><step>${step}</step><octave>4</octave></pitch><duration>${duration}</duration><voice>${staff === 1 ? 1 : 5}</voice><type>${type}</type><staff>${staff}</staff></note>`;
    const lower = `<backup><duration>4</duration></backup>${note('C', 2, 'whole', 4)}`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>P</part-name></score-part></part-list>
<part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><staves>2</staves></attributes>
${pedal('start')}${pedal('start')}${note('C', 1)}${note('D', 1)}${note('E', 1)}${note('F', 1)}${pedal('stop')}${pedal('stop')}${lower}
</measure><measure number="2">${note('G', 1, 'whole', 4)}${lower}</measure></part></score-partwise>`;
    const score = imported(xml);
    const out = exportMusicXml(score);
    expect(out.match(/<pedal type="start"/g)).toHaveLength(2);
    const again = imported(out);
    expect(exportMusicXml(again)).toBe(out);
    readPlansBackUnchanged(again);
  });
});
