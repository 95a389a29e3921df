import { parsePitch, rational } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { oneMeasureScore, SMALL, scoreOf } from './fixtures.test-support.ts';
import { readMeasures } from './read-measures.ts';
import { openScore } from './score.ts';

describe('readMeasures', () => {
  it('reads a range of parts as canonical lanes with context lines and a revision', () => {
    const score = scoreOf(SMALL);
    const result = readMeasures(score, { start: 2, end: 3 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lanes).toBe(
      [
        'P1 s1 v1 m2: D5=1/2 B4~ | B4=1/4 A4 G4=1/2',
        'P2 s1 v1 m2: (D4 F#4)=1 | (C4 E4)',
        'P2 s1 v2 m2: A3=1/2 A3',
        'P2 s2 v1 m2: D3=1 | C3',
        '',
      ].join('\n'),
    );
    expect(result.text).toBe(
      [
        '% Small: measures 2-3 of 4',
        '% P1 "Violin": 1 staff, clefs treble',
        '% P2 "Piano": 2 staves, clefs treble,bass',
        '% time 4/4 from m2',
        '% key G major from m2',
        `% revision ${result.revision}`,
        result.lanes,
      ].join('\n'),
    );
  });
});

describe('readMeasures: refusals', () => {
  it('refuses an empty parts list', () => {
    expect(readMeasures(scoreOf(SMALL), { start: 1, end: 1, parts: [] })).toEqual({
      ok: false,
      problems: [
        {
          code: 'unknown-part',
          message: 'The request names no parts: its parts list is empty.',
          fix: 'Name at least one part between 1 and 2, or leave parts out to mean all parts.',
        },
      ],
    });
  });

  it('refuses to read a document that holds no score, writing nothing', () => {
    const doc = new Y.Doc();
    const before = Y.encodeStateVector(doc);
    expect(readMeasures(openScore(doc), { start: 1, end: 1 })).toEqual({
      ok: false,
      problems: [
        {
          code: 'no-score',
          message:
            'This document holds no score: nothing was created in it, or it has not synced yet.',
          fix: 'Wait for the document to sync, or create a score in it (createScore, or import a file) first.',
        },
      ],
    });
    expect(Y.encodeStateVector(doc)).toEqual(before);
  });
});

describe('readMeasures: ties entering the range', () => {
  it('lists a tie from a grace note that ends the measure before', () => {
    const score = scoreOf(
      SMALL.replace('P1 s1 v1 m2: D5=1/2 B4=1/2~', 'P1 s1 v1 m2: D5=1/2 A4=1/2 B4=g1/8~'),
    );
    const read = readMeasures(score, { start: 3, end: 3, parts: [1] });
    if (!read.ok) throw new Error('read failed');
    expect(read.context.tiesIn).toEqual([{ lane: 'P1 s1 v1 m3', pitches: ['B4'] }]);
    expect(read.text).toContain('% tied in from the measure before: P1 s1 v1 m3 B4\n');
  });
});

describe('a lane the score holds but lanes-seq cannot write', () => {
  it('is named in a % line with why and how to keep it; the other lanes read as usual', () => {
    const a2 = parsePitch('A2')!;
    const score = oneMeasureScore([
      {
        voice: 1,
        events: [
          {
            kind: 'chord',
            // A unison on two strings, as a tab staff in MusicXML may hold.
            notes: [
              { pitch: a2, tie: false },
              { pitch: a2, tie: false },
            ],
            duration: rational(1, 1),
            grace: false,
            tie: false,
          },
        ],
      },
      {
        voice: 2,
        events: [
          {
            kind: 'note',
            pitch: parsePitch('E4')!,
            duration: rational(1, 1),
            grace: false,
            tie: false,
          },
        ],
      },
    ]);
    const read = readMeasures(score, { start: 1, end: 1 });
    if (!read.ok) throw new Error('read failed');
    const notes = read.text.split('\n').filter((line) => line.startsWith('% not writable'));
    expect(notes).toEqual([
      '% not writable as read: P1 s1 v1 m1: The pitch A2 appears twice in one chord. To keep it as it is, leave every lane of P1 s1 m1 out of a rewrite.',
    ]);
    expect(read.lanes).toBe('P1 s1 v1 m1: (A2 A2)=1\nP1 s1 v2 m1: E4=1\n');
    expect(read.text.indexOf('% not writable')).toBeLessThan(read.text.indexOf('% revision'));
  });

  it('a read whose every lane parses back has no such line', () => {
    const read = readMeasures(scoreOf(SMALL), { start: 1, end: 4 });
    if (!read.ok) throw new Error('read failed');
    expect(read.text).not.toContain('% not writable');
  });
});
