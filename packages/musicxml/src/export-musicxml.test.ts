import { fc, test as property } from '@fast-check/vitest';
import { parseScoreFile, serializeScoreFile } from '@scorelane/lanes-seq';
import { type Score, scoreFromLanes, scoreToLanes } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';
import { notesOfScore, readWithVerovio } from './verovio.test-support.ts';

function scoreOf(text: string): Score {
  const file = parseScoreFile(text);
  if (!file.ok) throw new Error(file.issues.map((issue) => issue.message).join('\n'));
  return scoreFromLanes(file.score.header, file.score.document, { doc: new Y.Doc() });
}

function reimported(score: Score): Score {
  const result = importMusicXml(exportMusicXml(score));
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

const WRITTEN = `%% title: Written by an agent
%% part P1 name="Flute" staves=1 clefs=treble
%% part P2 name="Piano" staves=2 clefs=treble,bass
%% measures 3
%% time m1 4/4
%% key m1 D major
%% pickup m1 1/4
%% time m3 6/8
P1 s1 v1 m1: A4=1/4
P1 s1 v1 m2: B4=1/12 C#5=1/12 D5=1/12 E5=5/8~ E5=1/8
P2 s1 v1 m1: x=1/4
P2 s1 v1 m2: (D4 F#4~ A4)=1/2 (D4 F#4 B4)=1/2
P2 s1 v2 m2: x=1/4 A3=1/4 G3=1/2
P2 s2 v1 m2: D3=1
P2 s1 v1 m3: C#5=3/8 B4=3/8
`;

describe('exportMusicXml writes what the model holds', () => {
  const score = scoreOf(WRITTEN);
  const xml = exportMusicXml(score);

  it('writes MusicXML 4.0 partwise with a part list', () => {
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"/);
    expect(xml).toContain('<score-partwise version="4.0">');
    expect(xml).toContain('<score-part id="P1">');
    expect(xml).toContain('<part-name>Piano</part-name>');
  });

  it('chooses divisions that express every duration: 6 per quarter for triplet and eighth values', () => {
    expect(xml).toContain('<divisions>6</divisions>');
  });

  it('writes triplets with <time-modification> and a tuplet bracket', () => {
    expect(xml).toContain('<actual-notes>3</actual-notes>');
    expect(xml).toContain('<tuplet type="start" bracket="yes"/>');
    expect(xml).toContain('<tuplet type="stop"/>');
  });

  it('splits a duration that needs a tie into tied notes', () => {
    // 5/8 = a half tied to an eighth, and then tied on to the next E5.
    expect(xml.match(/<tie type="start"\/>/g)?.length).toBeGreaterThanOrEqual(3);
    expect(xml).toContain('<tied type="stop"/>');
  });

  it('writes the pickup as an implicit measure, staves, clefs, keys and time changes', () => {
    expect(xml).toContain('<measure number="0" implicit="yes">');
    expect(xml).toContain('<staves>2</staves>');
    expect(xml).toContain('<fifths>2</fifths>');
    expect(xml).toMatch(/<beats>6<\/beats>\s*<beat-type>8<\/beat-type>/);
    expect(xml).toContain('<backup>');
  });

  it('writes a grace note with <grace/> and no duration', () => {
    const graced = exportMusicXml(
      scoreOf(
        '%% part P1 name="A" staves=1 clefs=treble\n%% time m1 2/4\n%% key m1 C major\nP1 s1 v1 m1: D5=g1/16 C5=1/2\n',
      ),
    );
    expect(graced).toMatch(
      /<note>\s*<grace\/>\s*<pitch>\s*<step>D<\/step>\s*<octave>5<\/octave>\s*<\/pitch>\s*<voice>1<\/voice>\s*<type>16th<\/type>/,
    );
  });

  it('reads back as the same lanes, the split 5/8 as the tied notes it was written as', () => {
    expect(serializeScoreFile(scoreToLanes(reimported(score)))).toBe(
      serializeScoreFile(scoreToLanes(score)).replace('E5=5/8~ E5=1/8', 'E5=1/2~ E5=1/8~ E5'),
    );
  });

  it('is heard by verovio as we hear it', async () => {
    const reading = await readWithVerovio(xml);
    expect(reading.log).not.toMatch(/\[Error\]/);
    expect(reading.notes).toEqual(notesOfScore(score));
  });
});

/** One beat of 1/4 as a group of notes: plain, dotted, triplet, quintuplet, or tied values. */
const BEATS: readonly (readonly string[])[] = [
  ['1/4'],
  ['1/8', '1/8'],
  ['3/16', '1/16'],
  ['1/12', '1/12', '1/12'],
  ['1/6', '1/12'],
  ['1/20', '1/20', '1/20', '1/20', '1/20'],
  ['1/16', '1/8', '1/16'],
];
const PITCHES = ['C4', 'D4', 'Eb4', 'F#4', 'G4', 'A4', 'Bb4', 'C5', 'E5', 'G3'];

const measureText = fc
  .array(
    fc.tuple(
      fc.integer({ min: 0, max: BEATS.length - 1 }),
      fc.array(fc.constantFrom(...PITCHES, 'r'), { minLength: 5, maxLength: 5 }),
    ),
    { minLength: 4, maxLength: 4 },
  )
  .map((beats) =>
    beats
      .flatMap(([beat, pitches]) =>
        BEATS[beat]!.map((duration, index) => `${pitches[index]}=${duration}`),
      )
      .join(' '),
  );

describe('laws', () => {
  property.prop([fc.array(measureText, { minLength: 1, maxLength: 3 }), fc.boolean()])(
    'exporting a score and importing it gives the same lanes',
    (measures, twoVoices) => {
      const lines = measures.map((events, index) => `P1 s1 v1 m${index + 1}: ${events}`);
      if (twoVoices)
        lines.push(
          ...measures.map(
            (events, index) =>
              `P1 s1 v2 m${index + 1}: ${events.replace(/\b([A-G][#b]?)4\b/g, '$13')}`,
          ),
        );
      const score = scoreOf(
        `%% part P1 name="A" staves=1 clefs=treble\n%% measures ${measures.length}\n%% time m1 4/4\n%% key m1 C major\n${lines.join('\n')}\n`,
      );
      expect(scoreToLanes(reimported(score))).toEqual(scoreToLanes(score));
    },
  );
});
