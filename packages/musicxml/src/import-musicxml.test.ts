import { formatRational, serialize } from '@scorelane/lanes-seq';
import { readMeasures, scoreToLanes } from '@scorelane/score-model';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, test } from 'vitest';
import * as Y from 'yjs';
import {
  FIXTURE_NAMES,
  fixtureBytes,
  IMPORTED_FIXTURES,
  REFUSED_FIXTURES,
} from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { MUSICXML_PROBLEM_CODES } from './problem.ts';

function imported(name: string) {
  const result = importMusicXml(fixtureBytes(name));
  if (!result.ok) throw new Error(`${name}: ${result.problems.map((p) => p.message).join('\n')}`);
  return result.score;
}

function lanesOf(name: string, start = 1, end = 1): string {
  const read = readMeasures(imported(name), { start, end });
  if (!read.ok) throw new Error(read.problems.map((p) => p.message).join('\n'));
  return read.lanes;
}

describe('every file of the MusicXML test suite', () => {
  it('is the whole suite: 150 files', () => {
    expect(FIXTURE_NAMES).toHaveLength(150);
  });

  test.each(IMPORTED_FIXTURES)('%s imports', (name) => {
    const result = importMusicXml(fixtureBytes(name));
    expect(result.ok).toBe(true);
    if (result.ok) expect(scoreToLanes(result.score).header.measures).toBeGreaterThan(0);
  });

  test.each(Object.entries(REFUSED_FIXTURES))(
    '%s is refused as %s, with a reason',
    (name, code) => {
      const result = importMusicXml(fixtureBytes(name));
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problems[0]?.code).toBe(code);
        for (const problem of result.problems) expect(problem.message.length).toBeGreaterThan(40);
      }
    },
  );
});

describe('importMusicXml reads what the model holds', () => {
  it('reads pitches with their accidentals', () => {
    expect(lanesOf('01a-Pitches-Pitches.xml')).toBe('P1 s1 v1 m1: G2=1/4 A2 B2 C3\n');
    expect(lanesOf('01a-Pitches-Pitches.xml', 17, 17)).toBe('P1 s1 v1 m17: Gb2=1/4 Ab2 Bb2 Cb3\n');
  });

  it('keeps durations exact across <divisions> changes', () => {
    // Measure 2 changes <divisions>; the half notes must still read as 1/2.
    expect(serialize(scoreToLanes(imported('03c-Rhythm-DivisionChange.xml')).document)).toBe(
      'P1 s1 v1 m1: C5=1/4 C5 C5 C5 | C5=1/2 C5\n',
    );
  });

  it('reads triplets from <time-modification> as exact thirds', () => {
    expect(lanesOf('23a-Tuplets.xml', 4, 4)).toBe('P1 s1 v1 m4: A4=1/12 G4 F4 E4 D4 C4 C4=1/2\n');
    expect(lanesOf('23a-Tuplets.xml', 3, 3)).toContain('A5=3/28');
  });

  it('starts a voice that enters late with an invisible rest', () => {
    expect(lanesOf('46e-PickupMeasure-SecondVoiceStartsLater.xml', 2, 2)).toBe(
      'P1 s1 v1 m2: C5=1/4 A4 F4 C5\nP1 s1 v2 m2: x=1/4 C4 x=1/2\n',
    );
  });

  it('reads chords, ties and grace notes', () => {
    expect(lanesOf('21a-Chord-Basic.xml')).toMatch(/\([A-G][#b]?\d( [A-G][#b]?\d)+\)=/);
    expect(serialize(scoreToLanes(imported('33b-Spanners-Tie.xml')).document)).toContain('~');
    expect(serialize(scoreToLanes(imported('24a-GraceNotes.xml')).document)).toMatch(/=g1\/\d+/);
  });

  it('reads a pickup measure as shorter than its time signature', () => {
    const lanes = scoreToLanes(imported('46d-PickupMeasure-ImplicitMeasures.xml'));
    expect(lanes.header.pickups[0]?.measure).toBe(1);
    expect(formatRational(lanes.header.pickups[0]!.length)).toBe('3/8');
  });

  it('keeps the measures of a multi-measure rest, each holding its rest', () => {
    const lanes = scoreToLanes(imported('02c-Rests-MultiMeasureRests.xml'));
    expect(lanes.header.measures).toBeGreaterThan(8);
  });

  it('reads parts with their staves and clefs', () => {
    const lanes = scoreToLanes(imported('43a-PianoStaff.xml'));
    expect(lanes.header.parts[0]).toMatchObject({ staves: 2, clefs: ['treble', 'bass'] });
  });

  it('reads a compressed .mxl archive', () => {
    expect(
      scoreToLanes(imported('90a-Compressed-MusicXML.mxl')).document.lanes.length,
    ).toBeGreaterThan(0);
  });
});

describe('importMusicXml refuses what is not a MusicXML score, as a value', () => {
  const codes = Object.keys(MUSICXML_PROBLEM_CODES);

  it('refuses text that is not XML', () => {
    const result = importMusicXml('this is not <xml');
    expect(result).toMatchObject({ ok: false, problems: [{ code: 'not-xml' }] });
  });

  it('refuses XML that is not a score', () => {
    const result = importMusicXml('<html><body/></html>');
    expect(result).toMatchObject({ ok: false, problems: [{ code: 'not-musicxml' }] });
    if (!result.ok) expect(result.problems[0]?.message).toContain('<html>');
  });

  it('refuses bytes that are not text', () => {
    const result = importMusicXml(new Uint8Array([0, 1, 2, 3, 255, 254, 0]));
    expect(result.ok).toBe(false);
  });

  it('refuses a zip without a score', () => {
    const archive = zipSync({ 'readme.txt': strToU8('hello') });
    expect(importMusicXml(archive)).toMatchObject({
      ok: false,
      problems: [{ code: 'unreadable-archive' }],
    });
  });

  it('refuses a broken zip', () => {
    const archive = zipSync({ 'score.musicxml': strToU8('<score-partwise/>') }).slice(0, 40);
    expect(importMusicXml(archive)).toMatchObject({
      ok: false,
      problems: [{ code: 'unreadable-archive' }],
    });
  });

  it('refuses a score without measures', () => {
    expect(importMusicXml('<score-partwise><part-list/></score-partwise>')).toMatchObject({
      ok: false,
      problems: [{ code: 'no-parts' }],
    });
  });

  it('refuses elements nested 20,000 deep instead of overflowing the stack', () => {
    const deep = `${'<x>'.repeat(20000)}${'</x>'.repeat(20000)}`;
    const text = `<score-partwise><part-list/><part id="P1"><measure><direction>${deep}</direction><note><rest/><duration>4</duration></note></measure></part></score-partwise>`;
    expect(importMusicXml(text)).toMatchObject({ ok: false, problems: [{ code: 'too-large' }] });
  });

  it('uses only documented codes', () => {
    for (const name of Object.keys(REFUSED_FIXTURES)) {
      const result = importMusicXml(fixtureBytes(name));
      if (!result.ok) for (const problem of result.problems) expect(codes).toContain(problem.code);
    }
  });

  it('never expands an entity declared in a DTD', () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE score-partwise [<!ENTITY x SYSTEM "file:///etc/passwd">]><score-partwise><part-list/><part id="P1"><measure><note><rest/><duration>4</duration></note><direction><direction-type><words>&x;</words></direction-type></direction></measure></part></score-partwise>';
    const result = importMusicXml(text);
    expect(result).toMatchObject({ ok: false, problems: [{ code: 'not-xml' }] });
  });
});

describe('importMusicXml converts score-timewise', () => {
  it('reads a timewise score as the same music as its partwise form', () => {
    const timewise = `<?xml version="1.0"?>
<score-timewise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list>
<measure number="1"><part id="P1"><attributes><divisions>2</divisions><time><beats>2</beats><beat-type>4</beat-type></time></attributes>
<note><pitch><step>C</step><octave>4</octave></pitch><duration>2</duration><type>quarter</type></note>
<note><pitch><step>D</step><octave>4</octave></pitch><duration>2</duration><type>quarter</type></note></part></measure>
<measure number="2"><part id="P1"><note><pitch><step>E</step><octave>4</octave></pitch><duration>4</duration><type>half</type></note></part></measure>
</score-timewise>`;
    const result = importMusicXml(timewise);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(serialize(scoreToLanes(result.score).document)).toBe(
        'P1 s1 v1 m1: C4=1/4 D4 | E4=1/2\n',
      );
    }
  });
});

describe('importMusicXml and its Y.Doc', () => {
  it('writes into the doc it is given, with the origin it is given', () => {
    const doc = new Y.Doc();
    const origins: unknown[] = [];
    doc.on('afterTransaction', (transaction) => origins.push(transaction.origin));
    const result = importMusicXml(fixtureBytes('01a-Pitches-Pitches.xml'), {
      doc,
      origin: 'import',
    });
    expect(result.ok && result.score.doc).toBe(doc);
    expect(origins).toEqual(['import']);
  });

  it('throws when the doc already holds a score: that is misuse', () => {
    const doc = new Y.Doc();
    importMusicXml(fixtureBytes('01a-Pitches-Pitches.xml'), { doc });
    expect(() => importMusicXml(fixtureBytes('01a-Pitches-Pitches.xml'), { doc })).toThrow(
      /already holds a score/,
    );
  });

  it('writes nothing to a doc when it refuses the file', () => {
    const doc = new Y.Doc();
    importMusicXml(fixtureBytes('01d-Pitches-Microtones.xml'), { doc });
    expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVector(new Y.Doc()));
  });
});
