import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { museScoreNotes } from './musescore.test-support.ts';
import { endWavyLinesBeforeTrailingGraces, type WrittenEvent } from './trailing-grace-spans.ts';
import { parseXml, type XmlElement } from './xml-tree.ts';

const NAME = '33f-Trill-EndingOnGraceNote.xml';
const ORIGINAL = new TextDecoder().decode(fixtureBytes(NAME));

function exported(): string {
  const result = importMusicXml(ORIGINAL);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return exportMusicXml(result.score);
}

function note(xml: string): XmlElement {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.root;
}

const STOP = '<notations><ornaments><wavy-line number="1" type="stop"/></ornaments></notations>';

describe('a trill that ends on grace notes after the last note of a measure', () => {
  it(`${NAME}: MuseScore opens the export (its own file makes MuseScore divide by zero)`, async () => {
    const original = await museScoreNotes(ORIGINAL);
    expect(original.errors.join(' ')).toContain('divide by zero');
    const ours = await museScoreNotes(exported());
    expect(ours.errors).toEqual([]);
    expect(ours.loaded).toBe(true);
    // The trill is played: more notes than the seven written.
    expect(ours.notes.length).toBeGreaterThan(7);
  });

  it('the export ends the wavy line on the last main note, and reads back to the same export', () => {
    const xml = exported();
    const notes = xml.split('<note>').slice(1);
    const stopAt = notes.findIndex((text) => text.includes('<wavy-line number="1" type="stop"/>'));
    expect(notes[stopAt]).toContain('<step>A</step>');
    expect(notes[stopAt]).not.toContain('<grace/>');
    expect(notes.slice(stopAt + 1).every((text) => text.includes('<grace/>'))).toBe(true);
    const again = importMusicXml(xml);
    if (!again.ok) throw new Error(again.problems[0]?.message);
    expect(exportMusicXml(again.score)).toBe(xml);
  });

  it('moves only the stops of grace notes after the last main note, into its existing <notations>', () => {
    const events: WrittenEvent[] = [
      { grace: true, notes: [note(`<note><grace/>${STOP}</note>`)] },
      {
        grace: false,
        notes: [note('<note><pitch/><notations><slur type="stop"/></notations></note>')],
      },
      { grace: true, notes: [note(`<note><grace/><type>16th</type>${STOP}</note>`)] },
    ];
    const moved = endWavyLinesBeforeTrailingGraces(events, (event, notes) => ({ ...event, notes }));
    expect(moved[0]).toBe(events[0]);
    expect(moved[1]!.notes).toEqual([
      note(
        '<note><pitch/><notations><slur type="stop"/><ornaments><wavy-line number="1" type="stop"/></ornaments></notations></note>',
      ),
    ]);
    expect(moved[2]!.notes).toEqual([note('<note><grace/><type>16th</type></note>')]);
  });

  it('leaves a voice that ends on a main note, or holds no stop, as it was', () => {
    const ending: WrittenEvent[] = [
      { grace: false, notes: [note(`<note><pitch/>${STOP}</note>`)] },
    ];
    expect(endWavyLinesBeforeTrailingGraces(ending, (event) => event)).toBe(ending);
    const noStop: WrittenEvent[] = [
      { grace: false, notes: [note('<note><pitch/></note>')] },
      { grace: true, notes: [note('<note><grace/></note>')] },
    ];
    expect(endWavyLinesBeforeTrailingGraces(noStop, (event) => event)).toBe(noStop);
  });
});
