/**
 * What real scores (MuseScore's exports of piano music) do that the test
 * suite does not, each as a small file of our own: for each, MuseScore's
 * engine (webmscore) plays our export exactly as it plays the file.
 */
import { describe, expect, test } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { caseText } from './fixtures.test-support.ts';
import { type ImportResult, importMusicXml } from './import-musicxml.ts';
import { museScoreNotes } from './musescore.test-support.ts';
import { readScore } from './score-snapshot.ts';
import { firstDifference } from './sounding-notes.test-support.ts';

type Imported = Extract<ImportResult, { ok: true }>;

function imported(name: string): Imported {
  const result = importMusicXml(caseText(name));
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result;
}

/** The text of measure 1 of an export. */
function firstMeasure(xml: string): string {
  return xml.slice(xml.indexOf('<measure number="1"'), xml.indexOf('<measure number="2"'));
}

/** The first note MuseScore plays differently in our export, or undefined. */
async function museScoreDifference(name: string): Promise<string | undefined> {
  const exported = await museScoreNotes(exportMusicXml(imported(name).score));
  const original = await museScoreNotes(caseText(name));
  expect(original.loaded).toBe(true);
  expect(exported.errors).toEqual([]);
  return firstDifference(original.notes, exported.notes);
}

describe('real-score causes, read back by MuseScore', () => {
  test('cross-staff-voice.musicxml: a voice that crosses staves keeps its <voice>, so MuseScore keeps all its notes', async () => {
    const xml = exportMusicXml(imported('cross-staff-voice.musicxml').score);
    // The D4 of voice 5 on staff 1 is written as voice 5, as the file had it, not as a fifth voice of staff 1.
    expect(xml).toMatch(
      /<step>D<\/step>\s*<octave>4<\/octave>\s*<\/pitch>\s*<duration>\d+<\/duration>\s*<voice>5<\/voice>/,
    );
    expect(await museScoreDifference('cross-staff-voice.musicxml')).toBeUndefined();
  });

  test('ornaments-in-file-order.musicxml: ornaments the model would write in another order are kept as the file had them, so MuseScore performs them as in the file', async () => {
    const { score } = imported('ornaments-in-file-order.musicxml');
    const [, turnFirst, , mordentFirst] = readScore(score).unit(1, 1, 1).voices[0]!.events;
    expect(turnFirst?.marks).toBeUndefined();
    expect(mordentFirst?.marks).toEqual([
      { kind: 'ornament', name: 'inverted-mordent' },
      { kind: 'ornament', name: 'turn' },
    ]);
    expect(await museScoreDifference('ornaments-in-file-order.musicxml')).toBeUndefined();
  });

  test('overfull-measure.musicxml: a part that fills its time signature exactly gets no <forward> to the end of a measure another part overfills, so MuseScore starts the next measure where it does in the file', async () => {
    const xml = exportMusicXml(imported('overfull-measure.musicxml').score);
    const secondPart = xml.slice(xml.indexOf('<part id="P2"'));
    expect(firstMeasure(secondPart)).not.toContain('<forward>');
    expect(await museScoreDifference('overfull-measure.musicxml')).toBeUndefined();
  });

  test('rounded-tuplet.musicxml: tuplet notes whose <duration> rounds their printed value are read as that value, so the <backup> after them lands on the start', async () => {
    const { score, warnings } = imported('rounded-tuplet.musicxml');
    expect(warnings.map((warning) => [warning.code, warning.measure])).toEqual([
      ['rounded-duration', 1],
    ]);
    expect(warnings[0]?.message).toMatch(
      /^Part 1, measure 1: 11 tuplet notes have <duration>s \(87\)/,
    );
    const [first] = readScore(score).unit(1, 1, 1).voices;
    expect(first?.events.map((event) => `${event.duration.num}/${event.duration.den}`)).toEqual([
      ...Array(11).fill('1/22'),
      '1/2',
    ]);
    expect(await museScoreDifference('rounded-tuplet.musicxml')).toBeUndefined();
  });

  test('rounded-tuplet-forward.musicxml: rounded tuplet durations are read as printed values when only the <forward> that ends their voice says so, so the measure keeps its length', async () => {
    const { score, warnings } = imported('rounded-tuplet-forward.musicxml');
    expect(warnings.map((warning) => [warning.code, warning.measure])).toEqual([
      ['rounded-duration', 1],
    ]);
    const [, tuplets] = readScore(score).unit(1, 1, 1).voices;
    expect(
      tuplets?.events.slice(0, 11).map((event) => `${event.duration.num}/${event.duration.den}`),
    ).toEqual(Array(11).fill('1/22'));
    expect(await museScoreDifference('rounded-tuplet-forward.musicxml')).toBeUndefined();
  });

  test('backup-after-unprinted-rest.musicxml: a voice that starts late is reached with a <backup> straight to its first note, as the file does, so MuseScore lands it where it lands it in the file', async () => {
    const xml = exportMusicXml(imported('backup-after-unprinted-rest.musicxml').score);
    const measure = xml.slice(
      xml.indexOf('<measure number="1"'),
      xml.indexOf('<measure number="2"'),
    );
    expect(measure).toMatch(
      /<backup>\s*<duration>12<\/duration>\s*<\/backup>\s*<note>\s*<pitch>\s*<step>E<\/step>/,
    );
    expect(measure).not.toContain('<forward>');
    expect(await museScoreDifference('backup-after-unprinted-rest.musicxml')).toBeUndefined();
  });

  test('cross-staff-voice-order.musicxml: a voice that crosses staves is written among the voices of the staff its number belongs to, so MuseScore meets the voices in the order of the file', async () => {
    const { score, warnings } = imported('cross-staff-voice-order.musicxml');
    expect(warnings).toEqual([]);
    const xml = exportMusicXml(score);
    const measure = xml.slice(
      xml.indexOf('<measure number="1"'),
      xml.indexOf('<measure number="2"'),
    );
    const voices = [...measure.matchAll(/<voice>(\d+)<\/voice>/g)].map(([, id]) => id);
    expect([...new Set(voices)]).toEqual(['1', '5', '6']);
    expect(await museScoreDifference('cross-staff-voice-order.musicxml')).toBeUndefined();
  });

  test('cross-staff-grace.musicxml: a grace note on staff 2 that leads to a note of its voice on staff 1 is written just before that note, on staff 2', async () => {
    const { warnings, score } = imported('cross-staff-grace.musicxml');
    expect(warnings).toEqual([]);
    const xml = exportMusicXml(score);
    expect(xml).toMatch(
      /<grace slash="yes"\/>\s*<pitch>\s*<step>G<\/step>\s*<octave>4<\/octave>\s*<\/pitch>\s*<voice>5<\/voice>\s*<type>16th<\/type>\s*<staff>2<\/staff>\s*<\/note>\s*<note>\s*<pitch>\s*<step>B<\/step>/,
    );
    expect(await museScoreDifference('cross-staff-grace.musicxml')).toBeUndefined();
  });

  test('cross-staff-slur.musicxml: a voice that crosses staves is written as one voice in time order, so its slur starts before it stops', async () => {
    const xml = exportMusicXml(imported('cross-staff-slur.musicxml').score);
    const measure = firstMeasure(xml);
    const pitches = [...measure.matchAll(/<step>(\w)<\/step>\s*<octave>(\d)<\/octave>/g)].map(
      ([, step, octave]) => `${step}${octave}`,
    );
    expect(pitches).toEqual(['C2', 'E2', 'G2', 'C3', 'E3', 'G3', 'C4', 'E4']);
    expect(measure.indexOf('<slur type="start"')).toBeLessThan(
      measure.indexOf('<slur type="stop"'),
    );
    expect(await museScoreDifference('cross-staff-slur.musicxml')).toBeUndefined();
  });

  test('rounded-tuplet-as-written.musicxml: rounded tuplet durations that add up to the <backup> after them are read as written', async () => {
    const { score, warnings } = imported('rounded-tuplet-as-written.musicxml');
    expect(warnings).toEqual([]);
    const voices = readScore(score).unit(1, 1, 1).voices;
    expect(
      voices[1]?.events.slice(0, 3).map((event) => `${event.duration.num}/${event.duration.den}`),
    ).toEqual(['41/1920', '1/960', '11/480']);
    expect(await museScoreDifference('rounded-tuplet-as-written.musicxml')).toBeUndefined();
  });

  test('overlapping-voice.musicxml: notes of a voice that overlap keep its <voice>, so MuseScore gets no fifth voice on the staff', async () => {
    const { score, warnings } = imported('overlapping-voice.musicxml');
    expect(warnings.map((warning) => warning.code)).toEqual(['voice-overlap', 'voice-overlap']);
    const xml = exportMusicXml(score);
    expect(
      [...new Set([...xml.matchAll(/<voice>(\d+)<\/voice>/g)].map(([, id]) => id))].sort(),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(await museScoreDifference('overlapping-voice.musicxml')).toBeUndefined();
  });

  test('same-number-octave-shifts.musicxml: two 8va lines of one number over the same beats get a number each, so their ends pair as in the file', async () => {
    const { score, warnings } = imported('same-number-octave-shifts.musicxml');
    expect(warnings).toEqual([]);
    const xml = exportMusicXml(score);
    const shifts = [
      ...xml.matchAll(/<octave-shift type="(\w+)"(?: size="8")? number="(\d+)"/g),
    ].map(([, type, number]) => `${type} ${number}`);
    // Read into the model, each line is written with its voice, numbered for its staff and
    // voice: each stop finds its own start.
    const [first, second] = [shifts[0]?.split(' ')[1], shifts[2]?.split(' ')[1]];
    expect(first).not.toBe(second);
    expect(shifts).toEqual([`down ${first}`, `stop ${first}`, `down ${second}`, `stop ${second}`]);
    expect(await museScoreDifference('same-number-octave-shifts.musicxml')).toBeUndefined();
  });

  test('octave-shift-in-second-voice.musicxml: an 8vb between the notes of a second voice is written next to those notes, not reached by <backup>', async () => {
    const xml = exportMusicXml(imported('octave-shift-in-second-voice.musicxml').score);
    const measure = firstMeasure(xml);
    // Just before the A1 that starts under it, and just before the A2 it stops at.
    expect(measure).toMatch(
      /<octave-shift type="up"[^>]*\/>\s*<\/direction-type>\s*(<voice>\d+<\/voice>\s*)?<staff>2<\/staff>\s*<\/direction>\s*<note>\s*<pitch>\s*<step>A<\/step>\s*<octave>1<\/octave>/,
    );
    expect(measure).toMatch(
      /<octave-shift type="stop"[^>]*\/>\s*<\/direction-type>\s*(<voice>\d+<\/voice>\s*)?<staff>2<\/staff>\s*<\/direction>\s*<note>\s*<pitch>\s*<step>A<\/step>\s*<octave>2<\/octave>/,
    );
    expect(await museScoreDifference('octave-shift-in-second-voice.musicxml')).toBeUndefined();
  });

  test('typeless-tuplet-rest.musicxml: an invisible tuplet rest no note value prints stays without a <type>, so MuseScore times it by its <duration>', async () => {
    const { score, warnings } = imported('typeless-tuplet-rest.musicxml');
    expect(warnings).toEqual([]);
    const xml = exportMusicXml(score);
    const hidden = xml.match(/<note print-object="no">[\s\S]*?<\/note>/g) ?? [];
    expect(hidden).toHaveLength(4);
    for (const rest of hidden) {
      expect(rest).toContain('<time-modification>');
      expect(rest).not.toContain('<type>');
    }
    expect(await museScoreDifference('typeless-tuplet-rest.musicxml')).toBeUndefined();
  });

  test('late-voice-after-rounded-rest.musicxml: a voice that enters late is reached by one <backup> to its first note, as in the file', async () => {
    const xml = exportMusicXml(imported('late-voice-after-rounded-rest.musicxml').score);
    const measure = firstMeasure(xml);
    expect(measure).toMatch(
      // At 30 divisions (the least for a 16/480 rest): half a measure back, to beat 3.
      /<backup>\s*<duration>60<\/duration>\s*<\/backup>\s*<note>\s*<pitch>\s*<step>G<\/step>/,
    );
    expect(measure).not.toContain('<forward>');
    expect(await museScoreDifference('late-voice-after-rounded-rest.musicxml')).toBeUndefined();
  });

  test('zero-duration-rest.musicxml: an invisible rest of no duration is kept where it stands and written back as it was', async () => {
    const { score, warnings } = imported('zero-duration-rest.musicxml');
    expect(warnings).toEqual([]);
    const xml = exportMusicXml(score);
    // Between the C5 and the D5 of the triplet, as in the file.
    expect(xml).toMatch(
      /<step>C<\/step>[\s\S]*?<\/note>\s*<note print-object="no">\s*<rest\/>\s*<duration>0<\/duration>\s*<voice>1<\/voice>\s*<time-modification>[\s\S]*?<\/note>\s*<note>\s*<pitch>\s*<step>D<\/step>/,
    );
    expect(await museScoreDifference('zero-duration-rest.musicxml')).toBeUndefined();
  });

  test('voices-in-file-order.musicxml: a measure is written voice by voice in <voice> order, so each voice is reached from the voice before it as in the file', async () => {
    const xml = exportMusicXml(imported('voices-in-file-order.musicxml').score);
    const measure = firstMeasure(xml);
    const voices = [...measure.matchAll(/<voice>(\d+)<\/voice>/g)].map(([, id]) => id);
    expect([...new Set(voices)]).toEqual(['1', '2', '5', '6']);
    expect(await museScoreDifference('voices-in-file-order.musicxml')).toBeUndefined();
  });

  test('silent-first-staff.musicxml: with voice 1 on staff 2, the measure still opens with its <attributes>, before any note', async () => {
    const measure = firstMeasure(exportMusicXml(imported('silent-first-staff.musicxml').score));
    expect(measure.indexOf('<attributes>')).toBeGreaterThan(0);
    expect(measure.indexOf('<attributes>')).toBeLessThan(measure.indexOf('<note'));
    expect(await museScoreDifference('silent-first-staff.musicxml')).toBeUndefined();
  });
});
