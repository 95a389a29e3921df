import { rational } from '@scorelane/lanes-seq';
import {
  apply,
  clefChanges,
  createScore,
  planSetClef,
  readMeasures,
  type Score,
  scoreContent,
} from '@scorelane/score-model';
import { describe, expect, it, test } from 'vitest';
import * as Y from 'yjs';
import { exportMusicXml } from './export-musicxml.ts';
import { FIXTURE_NAMES, fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { museScoreXml } from './musescore.test-support.ts';

function imported(input: string | Uint8Array): Score {
  const result = importMusicXml(input);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

/** Every `<clef>` of a file, white space between tags left out, in file order. */
function clefElements(xml: string): string[] {
  return [...xml.matchAll(/<clef\b[\s\S]*?<\/clef>/g)].map((match) =>
    match[0].replace(/>\s+</g, '><'),
  );
}

/** Each clef change of the score as `P1 s1 m3 0/1 alto`. */
function changesOf(score: Score): string[] {
  return clefChanges(score).map(
    (change) =>
      `P${change.part} s${change.staff} m${change.measure} ${change.onset.num}/${change.onset.den} ${change.clef}`,
  );
}

/** The part clefs of the score's first part. */
function viewParts(score: Score): readonly string[] {
  return scoreContent(score).parts[0]!.clefs;
}

/** A piano (treble and bass) with three empty measures of 4/4 in C major. */
function pianoScore(): Score {
  return createScore(new Y.Doc(), {
    parts: [{ name: 'Piano', staves: 2, clefs: ['treble', 'bass'] }],
    measures: [1, 2, 3].map(() => ({
      time: { beats: 4, beatType: 4 },
      key: { tonic: { step: 'C' as const, alter: 0 as const }, mode: 'major' as const, fifths: 0 },
    })),
  });
}

function setClef(score: Score, request: Parameters<typeof planSetClef>[1]): void {
  const planned = planSetClef(score, request);
  if (!planned.ok) throw new Error(planned.problems[0]?.message);
  expect(apply(score, planned.plan).ok).toBe(true);
}

const CLEF_FIXTURES = FIXTURE_NAMES.filter((name) => /^(12a[a-d]|46c)-/.test(name));

describe('clef changes in MusicXML', () => {
  it('the suite has the clef fixtures these tests name', () => {
    expect(CLEF_FIXTURES).toHaveLength(5);
  });

  test.each(CLEF_FIXTURES)('%s exports every <clef> exactly as the file has it', (name) => {
    const original = new TextDecoder().decode(fixtureBytes(name));
    expect(clefElements(exportMusicXml(imported(original)))).toEqual(clefElements(original));
  });

  it('reads a mid-part clef as a change of the model, shown by reads', () => {
    const score = imported(fixtureBytes('46c-Midmeasure-Clef.xml'));
    expect(changesOf(score)).toEqual(['P1 s1 m3 0/1 alto', 'P1 s1 m4 1/2 treble']);
    const read = readMeasures(score, { start: 2, end: 4 });
    if (!read.ok) throw new Error('read failed');
    expect(read.text).toContain(
      '% clef alto on P1 s1 from m3\n% clef treble on P1 s1 from m4 at 1/2\n',
    );
  });

  it('reads the octave clefs of 12ad as changes, and writes them back', () => {
    const score = imported(fixtureBytes('12ad-Clefs-Extreme-Octave.xml'));
    const changes = changesOf(score);
    expect(changes.some((change) => change.endsWith('treble8va'))).toBe(true);
    expect(changes.some((change) => change.endsWith('bass8vb'))).toBe(true);
    expect(changesOf(imported(exportMusicXml(score)))).toEqual(changes);
  });

  it('a clef the model changes is written anew, and one it removes is left out', () => {
    const score = imported(fixtureBytes('46c-Midmeasure-Clef.xml'));
    setClef(score, { part: 1, staff: 1, measure: 3, clef: 'tenor' });
    setClef(score, { part: 1, staff: 1, measure: 4, onset: rational(1, 2), clef: 'tenor' });
    expect(changesOf(score)).toEqual(['P1 s1 m3 0/1 tenor']);
    const xml = exportMusicXml(score);
    expect(clefElements(xml)).toEqual([
      '<clef><sign>G</sign><line>2</line></clef>',
      '<clef><sign>C</sign><line>4</line></clef>',
    ]);
    expect(changesOf(imported(xml))).toEqual(['P1 s1 m3 0/1 tenor']);
  });

  it('a clef set at the very start of the music becomes the part clef when read again', () => {
    const score = imported(fixtureBytes('46c-Midmeasure-Clef.xml'));
    setClef(score, { part: 1, staff: 1, measure: 1, clef: 'bass' });
    const again = imported(exportMusicXml(score));
    expect(viewParts(again)).toEqual(['bass']);
    expect(changesOf(again)).toEqual(['P1 s1 m3 0/1 alto', 'P1 s1 m4 1/2 treble']);
  });

  it('a change on the second staff of a piano is written with its staff number', () => {
    const score = pianoScore();
    setClef(score, { part: 1, staff: 2, measure: 2, clef: 'treble' });
    setClef(score, { part: 1, staff: 2, measure: 3, onset: rational(1, 2), clef: 'bass' });
    const xml = exportMusicXml(score);
    expect(clefElements(xml)).toEqual([
      '<clef number="1"><sign>G</sign><line>2</line></clef>',
      '<clef number="2"><sign>F</sign><line>4</line></clef>',
      '<clef number="2"><sign>G</sign><line>2</line></clef>',
      '<clef number="2"><sign>F</sign><line>4</line></clef>',
    ]);
    expect(changesOf(imported(xml))).toEqual(['P1 s2 m2 0/1 treble', 'P1 s2 m3 1/2 bass']);
  });
});

describe('MuseScore finds the clef changes of our export', () => {
  it('after set_clef, MuseScore reads the same clef changes as the model holds', async () => {
    const score = imported(fixtureBytes('46c-Midmeasure-Clef.xml'));
    setClef(score, { part: 1, staff: 1, measure: 2, clef: 'bass' });
    setClef(score, { part: 1, staff: 1, measure: 4, onset: rational(1, 4), clef: 'treble8vb' });
    const read = await museScoreXml(exportMusicXml(score));
    if (read.xml === undefined) throw new Error(`MuseScore cannot open the file: ${read.error}`);
    expect(changesOf(imported(read.xml))).toEqual(changesOf(score));
  }, 120_000);

  it('after set_clef on the lower staff of a piano, MuseScore finds it on that staff', async () => {
    const score = pianoScore();
    setClef(score, { part: 1, staff: 2, measure: 2, clef: 'treble' });
    setClef(score, { part: 1, staff: 2, measure: 3, onset: rational(1, 2), clef: 'bass8vb' });
    const read = await museScoreXml(exportMusicXml(score));
    if (read.xml === undefined) throw new Error(`MuseScore cannot open the file: ${read.error}`);
    expect(changesOf(imported(read.xml))).toEqual(['P1 s2 m2 0/1 treble', 'P1 s2 m3 1/2 bass8vb']);
  }, 120_000);
});
