import { type LaneMark, parsePitch, rational } from '@scorelane/lanes-seq';
import { createScore, type ScoreEvent, type UnitInit } from '@scorelane/score-model';
import { describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { exportMusicXml } from './export-musicxml.ts';
import { caseText, FIXTURE_NAMES, fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { museScoreXml } from './musescore.test-support.ts';
import { readScore } from './score-snapshot.ts';

/** The test-suite files with marks, and cases of our own. */
const SUITE = FIXTURE_NAMES.filter((name) =>
  /^(31a|31c|32a-|32b|32c|32d|32e|33a|33c|33d|42a|43e|46g|61[a-i]-|71)/.test(name),
);
const CASES = [
  'marks-one-voice.musicxml',
  'musescore-marks.musicxml',
  'voice-lines-out-of-order.musicxml',
];

/** Elements inside every `<name>…</name>` of `xml`. */
function childrenOf(xml: string, name: string): number {
  let count = 0;
  for (const [, inner] of xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g')))
    count += inner!.match(/<[a-z][^>/]*\/?>/g)?.length ?? 0;
  return count;
}

function count(xml: string, pattern: RegExp): number {
  return xml.match(pattern)?.length ?? 0;
}

/** The marks MuseScore wrote of what it read, by kind. */
function marksIn(xml: string): Record<string, number> {
  return {
    lyrics: count(xml, /<lyric[\s>]/g),
    dynamics: count(xml, /<dynamics[\s>]/g),
    slurs: count(xml, /<slur\b[^>]*type="start"/g),
    hairpins: count(xml, /<wedge\b[^>]*type="(crescendo|diminuendo)"/g),
    articulations: childrenOf(xml, 'articulations'),
    fermatas: count(xml, /<fermata[\s>/]/g),
    chordSymbols: count(xml, /<harmony[\s>]/g),
    tempo: count(xml, /<sound\b[^>]*tempo=/g),
  };
}

async function museScoreMarks(xml: string): Promise<Record<string, number>> {
  const read = await museScoreXml(xml);
  if (read.xml === undefined) throw new Error(`MuseScore cannot open the file: ${read.error}`);
  return marksIn(read.xml);
}

function exported(input: string | Uint8Array): string {
  const result = importMusicXml(input);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return exportMusicXml(result.score);
}

describe('MuseScore finds the same marks in our export as in the original', () => {
  test.each([...SUITE.map((name) => ['suite', name]), ...CASES.map((name) => ['case', name])])(
    '%s %s',
    async (kind, name) => {
      const original = kind === 'suite' ? fixtureBytes(name!) : caseText(name!);
      const text = typeof original === 'string' ? original : new TextDecoder().decode(original);
      const before = await museScoreMarks(text);
      const after = await museScoreMarks(exported(original));
      expect({ name, marks: after }).toEqual({ name, marks: before });
    },
    60_000,
  );

  test('the files hold marks of every kind counted', async () => {
    const found = marksIn(caseText('marks-one-voice.musicxml'));
    for (const [kind, value] of Object.entries(found))
      expect({ kind, value }).not.toEqual({ kind, value: 0 });
  });
});

/** One mark of each kind, in the order they go on the events of a plain score, one event each. */
const MARKS: readonly (readonly LaneMark[])[] = [
  [
    { kind: 'tempo', text: 'Allegro', beat: rational(1, 4), perMinute: 132 },
    { kind: 'rehearsal', text: 'A' },
    { kind: 'chord-symbol', root: { step: 'G', alter: 0 }, quality: '7' },
    { kind: 'dynamic', name: 'mf' },
    { kind: 'slur', type: 'start', level: 1 },
  ],
  [{ kind: 'articulation', name: 'staccato' }],
  [{ kind: 'articulation', name: 'staccatissimo' }],
  [
    { kind: 'slur', type: 'stop', level: 1 },
    { kind: 'articulation', name: 'tenuto' },
  ],
  [
    { kind: 'articulation', name: 'portato' },
    { kind: 'hairpin', type: 'crescendo' },
  ],
  [{ kind: 'articulation', name: 'accent' }],
  [{ kind: 'articulation', name: 'marcato' }],
  [
    { kind: 'hairpin', type: 'stop' },
    { kind: 'ornament', name: 'trill' },
  ],
  [{ kind: 'ornament', name: 'mordent' }],
  [{ kind: 'ornament', name: 'inverted-mordent' }],
  [{ kind: 'ornament', name: 'turn' }],
  [{ kind: 'ornament', name: 'inverted-turn' }],
  [
    { kind: 'technique', name: 'up-bow' },
    { kind: 'octave-line', type: '8va' },
  ],
  [{ kind: 'technique', name: 'down-bow' }],
  [{ kind: 'technique', name: 'harmonic' }],
  [
    { kind: 'technique', name: 'open' },
    { kind: 'octave-line', type: 'stop' },
  ],
  [{ kind: 'technique', name: 'stopped' }],
  [{ kind: 'technique', name: 'snap-pizzicato' }],
  [{ kind: 'fermata' }],
  [{ kind: 'breath', name: 'breath' }],
  [
    { kind: 'tremolo', strokes: 2 },
    { kind: 'pedal', type: 'start' },
  ],
  [{ kind: 'fingering', finger: 3 }],
  [{ kind: 'text', text: 'dolce', placement: 'above' }],
  [
    { kind: 'pedal', type: 'stop' },
    { kind: 'breath', name: 'caesura' },
  ],
];

describe('marks added to a score in code', () => {
  test('export them so that MuseScore finds each one', async () => {
    let index = 0;
    const units: UnitInit[] = Array.from({ length: 8 }, (_, measure) => ({
      part: 1,
      staff: 1,
      measure: measure + 1,
      content: {
        voices: [
          {
            voice: 1,
            events: Array.from({ length: 4 }, (): ScoreEvent => {
              const marks = MARKS[index];
              const lyric =
                index === 0
                  ? { lyrics: [{ verse: 1, text: 'Ah', hyphen: false, extend: false }] }
                  : {};
              index++;
              return {
                kind: 'note',
                pitch: parsePitch(measure === 0 ? 'G4' : 'A4')!,
                duration: rational(1, 4),
                grace: false,
                tie: false,
                ...(marks ? { marks } : {}),
                ...lyric,
              };
            }),
          },
        ],
      },
    }));
    const score = createScore(new Y.Doc(), {
      parts: [{ name: 'Violin', staves: 1, clefs: ['treble'] }],
      measures: Array.from({ length: 8 }, () => ({
        time: { beats: 4, beatType: 4 },
        key: { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 },
      })),
      units,
    });
    const read = await museScoreXml(exportMusicXml(score));
    if (read.xml === undefined) throw new Error(`MuseScore cannot open the export: ${read.error}`);
    const out = read.xml;
    expect(marksIn(out)).toEqual({
      lyrics: 1,
      dynamics: 1,
      slurs: 1,
      hairpins: 1,
      articulations: 8,
      fermatas: 1,
      chordSymbols: 1,
      tempo: 1,
    });
    for (const name of [
      'trill-mark',
      'mordent',
      'inverted-mordent',
      'turn',
      'inverted-turn',
      'up-bow',
      'down-bow',
      // MuseScore 3 reads <harmonic/> but writes no natural harmonic back, so it is not looked for.
      'open-string',
      'stopped',
      'snap-pizzicato',
      'tremolo',
      'fingering',
      'octave-shift',
      'pedal',
      'rehearsal',
      'words',
      'metronome',
    ])
      expect({ name, found: out.includes(`<${name}`) }).toEqual({ name, found: true });
    // Read back from MuseScore's file, the model holds every kind again.
    const again = importMusicXml(out);
    if (!again.ok) throw new Error(again.problems[0]?.message);
    const kinds = new Set<string>();
    const snapshot = readScore(again.score);
    for (let measure = 1; measure <= snapshot.measures.length; measure++)
      for (const voice of snapshot.unit(1, 1, measure).voices)
        for (const event of voice.events)
          for (const mark of event.marks ?? []) kinds.add(mark.kind);
    expect([...kinds].sort()).toEqual([...new Set(MARKS.flat().map((mark) => mark.kind))].sort());
  }, 60_000);
});
