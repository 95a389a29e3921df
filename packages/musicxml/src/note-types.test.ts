import { describe, expect, it, test } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

function exported(input: string | Uint8Array): string {
  const result = importMusicXml(input);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return exportMusicXml(result.score);
}

describe('export writes a note type for every note', () => {
  test.each([
    '03d-Rhythm-DottedDurations-Factors.xml',
    '02c-Rests-MultiMeasureRests.xml',
    '46a-Barlines.xml',
    '02e-Rests-NoType.xml',
  ])('%s: every <note> has a <type>, or is a rest marked measure="yes"', (name) => {
    const notes = exported(fixtureBytes(name)).match(/<note[ >][\s\S]*?<\/note>/g) ?? [];
    expect(notes.length).toBeGreaterThan(0);
    const untyped = notes.filter(
      (note) => !note.includes('<type>') && !note.includes('<rest measure="yes"'),
    );
    expect(untyped).toEqual([]);
  });

  it('a note without <type> gets its type, dots and time modification from its duration', () => {
    const note = (duration: number) =>
      `<note><pitch><step>C</step><octave>4</octave></pitch><duration>${duration}</duration><voice>1</voice></note>`;
    const out = exported(
      `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>6</divisions><time><beats>2</beats><beat-type>4</beat-type></time></attributes>${note(9)}${note(1)}${note(1)}${note(1)}</measure></part></score-partwise>`,
    );
    const notes = out.match(/<note[ >][\s\S]*?<\/note>/g) ?? [];
    expect(notes[0]).toMatch(/<type>quarter<\/type>\s*<dot\/>/);
    expect(notes[1]).toMatch(
      /<type>16th<\/type>\s*<time-modification>\s*<actual-notes>3<\/actual-notes>\s*<normal-notes>2<\/normal-notes>/,
    );
  });
});
