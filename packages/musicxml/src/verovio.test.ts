import { describe, expect, test } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes, IMPORTED_FIXTURES } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { notesOfScore, readWithVerovio } from './verovio.test-support.ts';

/**
 * Files where verovio's own reading of a construct differs from the file's
 * durations and pitches. For each, verovio reads our export exactly as it
 * reads the original file, which is what is tested instead.
 */
const VEROVIO_READS_DIFFERENTLY: Readonly<Record<string, string>> = {
  '23c-Tuplet-Display-NonStandard.xml':
    'verovio times tuplets from their printed display, not <duration>',
  '23d-Tuplets-Nested.xml': 'verovio times nested tuplets from their brackets, not <duration>',
  '23f-Tuplets-DurationButNoBracket.xml':
    'verovio ignores <time-modification> without a <tuplet> bracket',
  '24a-GraceNotes.xml': 'grace notes take time in verovio, moving the notes after them',
  '24b-ChordAsGraceNote.xml': 'grace notes take time in verovio, moving the notes after them',
  '24d-AfterGrace.xml': 'grace notes take time in verovio, moving the notes after them',
  '24e-GraceNote-StaffChange.xml':
    'grace notes take time in verovio, moving the notes after them (here the grace notes on staff 2 lead to a note of their voice on staff 1, and are written before it)',
  '24f-GraceNote-Slur.xml': 'grace notes take time in verovio, moving the notes after them',
  '33f-Trill-EndingOnGraceNote.xml':
    'grace notes take time in verovio, moving the notes after them',
  '61f-Lyrics-GracedNotes.xml': 'grace notes take time in verovio, moving the notes after them',
  '74a-FiguredBass.xml':
    'a note whose <type> (dotted eighth) contradicts its <duration> (quarter); verovio times by the type',
  '32d-Arpeggio.xml': 'verovio rolls arpeggiated chords in time',
  '32a-Notations.xml':
    'verovio sounds the plain C5 notes of measures 3 and 4 as D5, after an ornament',
  '32c-MultipleNotationChildren.xml':
    'verovio sounds a printed <accidental> that contradicts <alter>',
  '33a-Spanners.xml': 'verovio times a two-note tremolo (measure 20) its own way',
  '33e-Spanners-OctaveShifts-InvalidSize.xml':
    'verovio cuts a measure that is longer than its time signature',
  '41c-StaffGroups.xml': 'verovio sounds one unpitched note as MIDI 0',
  '45b-RepeatWithAlternatives.xml': 'verovio plays a repeat with its ending',
  '71e-TabStaves.xml': 'verovio sounds TAB notes from string and fret, not <pitch>',
  '73a-Percussion.xml': 'verovio sounds unpitched percussion as MIDI 0',
};

function exported(name: string): { xml: string; notes: string[] } {
  const result = importMusicXml(fixtureBytes(name));
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return { xml: exportMusicXml(result.score), notes: notesOfScore(result.score) };
}

describe('verovio, an independent reader, agrees with our export', () => {
  const agreeing = IMPORTED_FIXTURES.filter((name) => !(name in VEROVIO_READS_DIFFERENTLY));

  test.each(agreeing)(
    '%s: verovio loads it and hears our pitches at our onsets (grace notes excluded)',
    async (name) => {
      const { xml, notes } = exported(name);
      const reading = await readWithVerovio(xml);
      expect(reading.loaded).toBe(true);
      expect(reading.log).not.toMatch(/\[Error\]/);
      expect(reading.notes).toEqual(notes);
    },
  );

  test.each(Object.entries(VEROVIO_READS_DIFFERENTLY))(
    '%s: verovio loads it and reads it exactly as it reads the original (%s)',
    async (name) => {
      const { xml } = exported(name);
      const reading = await readWithVerovio(xml);
      const original = await readWithVerovio(
        name.endsWith('.mxl') ? fixtureBytes(name) : new TextDecoder().decode(fixtureBytes(name)),
      );
      expect(reading.loaded).toBe(true);
      expect(reading.log).not.toMatch(/\[Error\]/);
      expect(reading.notes).toEqual(original.notes);
    },
  );
});
