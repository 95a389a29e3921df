import { parseScoreFile, serializeScoreFile } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { keySignature } from './key-signature.ts';
import { planSetBarline } from './plan-barline.ts';
import { playOrder } from './play-order.ts';
import { readMeasures } from './read-measures.ts';
import { createScore, openScore } from './score.ts';
import { scoreContent } from './score-content.ts';
import { scoreFromLanes, scoreToLanes } from './score-lanes.ts';

const C_MAJOR = keySignature({ step: 'C', alter: 0 }, 'major')!;

describe('createScore and openScore', () => {
  it('writes a new score in one transaction with the chosen origin', () => {
    const doc = new Y.Doc();
    const origins: unknown[] = [];
    doc.on('afterTransaction', (transaction) => origins.push(transaction.origin));
    createScore(
      doc,
      {
        parts: [{ name: 'Flute', staves: 1, clefs: ['treble'], program: 73 }],
        measures: [{ time: { beats: 3, beatType: 4 }, key: C_MAJOR }],
      },
      { origin: 'import' },
    );
    expect(origins).toEqual(['import']);
    const read = readMeasures(openScore(doc), { start: 1, end: 1 });
    expect(read.ok && read.lanes).toBe('P1 s1 v1 m1: r=3/4\n');
  });

  it('throws on a doc that already holds a score, and on a part without one clef per staff', () => {
    const doc = new Y.Doc();
    const init = {
      parts: [{ name: 'Piano', staves: 2, clefs: ['treble' as const, 'bass' as const] }],
      measures: [{ time: { beats: 4, beatType: 4 }, key: C_MAJOR }],
    };
    createScore(doc, init);
    expect(() => createScore(doc, init)).toThrow(
      'This Y.Doc already holds a score; open it with openScore.',
    );
    expect(() =>
      createScore(new Y.Doc(), {
        ...init,
        parts: [{ name: 'Piano', staves: 2, clefs: ['treble'] }],
      }),
    ).toThrow('Part 1 ("Piano") needs one clef per staff: 2 staves, 1 clefs.');
  });

  it('sees a score synced in from a provider after it was opened', () => {
    const remote = scoreOf(SMALL);
    const doc = new Y.Doc();
    const score = openScore(doc, { origin: 'agent' });
    expect(readMeasures(score, { start: 1, end: 1 }).ok).toBe(false);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote.doc));
    expect(readMeasures(score, { start: 1, end: 1 }).ok).toBe(true);
  });
});

describe('scoreFromLanes and scoreToLanes', () => {
  it('give a score file back in canonical form', () => {
    for (const text of [SMALL, PROPERTY_SCORE]) {
      const file = parseScoreFile(text);
      if (!file.ok) throw new Error('fixture does not parse');
      expect(serializeScoreFile(scoreToLanes(scoreOf(text)))).toBe(serializeScoreFile(file.score));
    }
  });

  it('write a title and part names with line breaks (as MusicXML files have them) on one line', () => {
    const score = createScore(new Y.Doc(), {
      title: 'Ode\nto Joy',
      parts: [{ name: 'Long\r\nStaff\r\nName', staves: 1, clefs: ['treble'] }],
      measures: [{ time: { beats: 4, beatType: 4 }, key: C_MAJOR }],
    });
    const text = serializeScoreFile(scoreToLanes(score));
    expect(text).toContain('%% title: Ode to Joy\n%% part P1 name="Long Staff Name" ');
    const read = readMeasures(score, { start: 1, end: 1 });
    if (!read.ok) throw new Error('read refused');
    expect(read.text.split('\n').filter((line) => line !== '' && !/^(%|P\d)/.test(line))).toEqual(
      [],
    );
  });

  it('keep every score text and the abbreviation, program and transposition of each part', () => {
    const score = createScore(new Y.Doc(), {
      title: 'Quintet',
      subtitle: 'K. 581',
      composer: 'W. A. Mozart',
      lyricist: 'none',
      arranger: 'Anon.',
      copyright: 'Public domain',
      parts: [
        {
          name: 'Clarinet in A',
          abbreviation: 'Cl.',
          staves: 1,
          clefs: ['treble'],
          program: 71,
          transposition: { chromatic: -3, diatonic: -2 },
        },
        {
          name: 'Odd',
          staves: 1,
          clefs: ['treble'],
          transposition: { chromatic: -5, diatonic: -1, octaveChange: -1 },
        },
        { name: 'Viola', staves: 1, clefs: ['alto'], program: 41 },
      ],
      measures: [{ time: { beats: 4, beatType: 4 }, key: C_MAJOR }],
    });
    const text = serializeScoreFile(scoreToLanes(score));
    expect(text).toContain(
      '%% part P1 name="Clarinet in A" abbr="Cl." staves=1 clefs=treble program=71 transpose=-m3\n',
    );
    expect(text).toContain('%% part P2 name="Odd" staves=1 clefs=treble transpose=-5,-1,-1\n');
    const again = parseScoreFile(text);
    if (!again.ok) throw new Error(JSON.stringify(again.issues));
    const back = scoreFromLanes(again.score.header, again.score.document, { doc: new Y.Doc() });
    const { units: _a, ...kept } = scoreContent(back);
    const { units: _b, ...original } = scoreContent(score);
    expect(kept).toEqual(original);
  });
});

describe('bar lines in score files', () => {
  it('keep every repeat, volta and end bar through a .lanes file, and play the same', () => {
    const score = scoreOf(SMALL);
    for (const request of [
      { measure: 1, style: 'repeat-start' },
      { measure: 2, style: 'repeat-end', times: 3, volta: '1, 2' },
      { measure: 3, volta: '3', voltaEnd: 4, voltaOpen: true },
      { measure: 4, style: 'final' },
    ]) {
      const planned = planSetBarline(score, request);
      if (!planned.ok) throw new Error(planned.problems[0]?.message);
      expect(apply(score, planned.plan).ok).toBe(true);
    }
    const text = serializeScoreFile(scoreToLanes(score));
    expect(text).toContain(
      '%% barline m1 |:\n%% barline m2 [1,2. ] :|x3\n%% barline m3 [3.\n%% barline m4 ) |.\n',
    );
    const file = parseScoreFile(text);
    if (!file.ok) throw new Error(JSON.stringify(file.issues));
    const back = scoreFromLanes(file.score.header, file.score.document, { doc: new Y.Doc() });
    expect(scoreContent(back).measures).toEqual(scoreContent(score).measures);
    expect(playOrder(back)).toEqual(playOrder(score));
  });
});

describe('readMeasures context', () => {
  it('gives signatures in force and changing, pickups, printed numbers and ties in', () => {
    const score = scoreOf(PROPERTY_SCORE);
    const read = readMeasures(score, { start: 3, end: 5, parts: [1] });
    if (!read.ok) throw new Error('read failed');
    expect(read.context).toEqual({
      title: 'Properties',
      measureCount: 6,
      start: 3,
      end: 5,
      parts: [{ part: 1, name: 'Flute', staves: 1, clefs: ['treble'] }],
      times: [
        { measure: 3, beats: 4, beatType: 4 },
        { measure: 4, beats: 3, beatType: 4 },
      ],
      keys: [
        { measure: 3, tonic: { step: 'D', alter: 0 }, mode: 'major', fifths: 2 },
        { measure: 4, tonic: { step: 'B', alter: 0 }, mode: 'minor', fifths: 2 },
      ],
      pickups: [],
      printedNumbers: [
        { measure: 3, number: '2' },
        { measure: 4, number: '3' },
        { measure: 5, number: '4' },
      ],
      clefChanges: [],
      barlines: '',
      tiesIn: [{ lane: 'P1 s1 v1 m3', pitches: ['A5'] }],
    });
    expect(read.text.split('\n').slice(0, 6)).toEqual([
      '% Properties: measures 3-5 of 6',
      '% P1 "Flute": 1 staff, clefs treble',
      '% time 4/4 from m3, 3/4 from m4',
      '% key D major from m3, B minor from m4',
      '% printed numbers: m-1 throughout',
      '% tied in from the measure before: P1 s1 v1 m3 A5',
    ]);
  });

  it('refuses a range past the score, longer than 64 measures, or of an unknown part', () => {
    const score = scoreOf(PROPERTY_SCORE);
    expect(readMeasures(score, { start: 5, end: 9 })).toEqual({
      ok: false,
      problems: [
        {
          code: 'invalid-range',
          message: 'Measures 5-9 are not a range of this score, which has measures 1-6.',
          fix: 'Give a start and end with 1 <= start <= end <= 6.',
        },
      ],
    });
    expect(readMeasures(score, { start: 1, end: 2, parts: [3] })).toEqual({
      ok: false,
      problems: [
        {
          code: 'unknown-part',
          message: 'There is no part 3; the score has parts 1-2.',
          fix: 'Name parts between 1 and 2.',
        },
      ],
    });
    const long = scoreOf(PROPERTY_SCORE.replace('%% measures 6', '%% measures 70'));
    const tooLong = readMeasures(long, { start: 1, end: 65 });
    expect(tooLong.ok ? [] : tooLong.problems.map((problem) => problem.message)).toEqual([
      'Measures 1-65 are 65 measures; at most 64 fit in one call.',
    ]);
  });
});
