import { parsePitch, rational } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { scoreOf, stateVector } from './fixtures.test-support.ts';
import { withMarks } from './marks.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import { createScore } from './score.ts';
import { scoreFromLanes, scoreToLanes } from './score-lanes.ts';

const MARKED = `%% title: Marked
%% part P1 name="Voice" staves=1 clefs=treble
%% measures 3
%% time m1 4/4
%% key m1 C major
P1 s1 v1 m1: E4=1/4-.\\p( E4=1/4 F4=1/4 G4=1/4~)
P1 s1 v1 w1 m1: Freu- de schö- ner
P1 s1 v1 m2: G4=1/4 F4=1/4"Dm" E4=1/4 D4=1/4 @7/8\\>
P1 s1 v1 m2 w1: Göt- ter- fun- ken
P1 s1 v1 m3: C4=1\\fermata
`.replace('P1 s1 v1 w1 m1', 'P1 s1 v1 m1 w1');

function lanesOf(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('%'))
    .join('\n');
}

describe('readMeasures: marks', () => {
  it('writes event marks, @ items and lyric lines, skipping a tie continuation for the syllables', () => {
    const read = readMeasures(scoreOf(MARKED), { start: 1, end: 2 });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.lanes).toBe(
      [
        'P1 s1 v1 m1: E4=1/4-.\\p( E4 F4 G4~) | G4 F4"Dm" E4 D4 @7/8\\>',
        'P1 s1 v1 m1 w1: Freu- de schö- ner | Göt- ter- fun-',
        '',
      ].join('\n'),
    );
  });

  it('reads notes alone with marks: false', () => {
    const read = readMeasures(scoreOf(MARKED), { start: 1, end: 1, marks: false });
    expect(read.ok && read.lanes).toBe('P1 s1 v1 m1: E4=1/4 E4 F4 G4~\n');
  });

  it('names what it cannot show in one % line per lane, before the revision', () => {
    const note = (pitch: string, extra: object = {}) => ({
      kind: 'note' as const,
      pitch: parsePitch(pitch)!,
      duration: rational(1, 4),
      grace: false as const,
      tie: false,
      ...extra,
    });
    const score = createScore(new Y.Doc(), {
      parts: [{ name: 'Voice', staves: 1, clefs: ['treble'] }],
      measures: [
        {
          time: { beats: 4, beatType: 4 },
          key: { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 },
        },
      ],
      units: [
        {
          part: 1,
          staff: 1,
          measure: 1,
          content: {
            voices: [
              {
                voice: 1,
                events: [
                  note('C4', { tie: true }),
                  note('C4', { lyrics: [{ verse: 1, text: 'la', hyphen: false, extend: false }] }),
                  note('D4', { attachments: withMarks({}, [{ kind: 'glissando' }]) }),
                  { kind: 'rest', duration: rational(1, 4), grace: false },
                ],
              },
            ],
          },
        },
      ],
    });
    const read = readMeasures(score, { start: 1, end: 1 });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const lines = read.text.split('\n');
    const at = lines.findIndex((line) => line.startsWith('% marks not shown'));
    expect(lines[at]).toBe(
      '% marks not shown: P1 s1 v1 m1: a glissando on event 3, the lyric "la" (verse 1) on event 2, a tie continuation.',
    );
    expect(lines[at + 1]).toMatch(/^% revision /);
    // Written back, the read changes nothing: what it cannot show rides on the unchanged events.
    const before = stateVector(score);
    const planned = plan(score, { start: 1, text: read.text, revision: read.revision });
    expect(planned.ok && planned.plan.changes.map((change) => change.unchanged)).toEqual([true]);
    expect(planned.ok && planned.plan.dropped).toEqual([]);
    if (planned.ok) apply(score, planned.plan);
    expect(stateVector(score)).toEqual(before);
  });
});

describe('plan: the no-accident rule for marks', () => {
  it('writing a read back changes nothing', () => {
    const score = scoreOf(MARKED);
    const read = readMeasures(score, { start: 1, end: 3 });
    if (!read.ok) throw new Error('read failed');
    const before = stateVector(score);
    const planned = plan(score, { start: 1, text: read.text, revision: read.revision });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.plan.changes.every((change) => change.unchanged)).toBe(true);
    expect(planned.plan.dropped).toEqual([]);
    apply(score, planned.plan);
    expect(stateVector(score)).toEqual(before);
  });

  it('a notes-only text keeps the marks and lyrics of events written again, and lists those of changed ones', () => {
    const score = scoreOf(MARKED);
    const planned = plan(score, {
      start: 1,
      text: 'P1 s1 v1 m1: E4=1/4 D4=1/4 F4=1/4 G4=1/4~\n',
    });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.plan.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 v1 m1: event 2 lost the lyric "de".',
    ]);
    apply(score, planned.plan);
    const read = readMeasures(score, { start: 1, end: 1 });
    expect(read.ok && lanesOf(read.lanes)).toBe(
      'P1 s1 v1 m1: E4=1/4-.\\p( D4 F4 G4~)\nP1 s1 v1 m1 w1: Freu- * schö- ner\n',
    );
  });

  it('a text that writes a mark states the marks of its lanes in full', () => {
    const score = scoreOf(MARKED);
    const planned = plan(score, { start: 2, text: 'P1 s1 v1 m2: G4=1/4-> F4=1/4 E4=1/4 D4=1/4\n' });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.plan.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 v1 m2: event 2 lost the chord symbol Dm and the lyric "Göt".',
      'P1 s1 v1 m2: event 3 lost the lyric "ter".',
      'P1 s1 v1 m2: event 4 lost the lyric "fun".',
      'P1 s1 v1 m2: lost a diminuendo at 7/8.',
    ]);
  });

  it("marks: 'replace' removes the marks of a notes-only text's lanes", () => {
    const score = scoreOf(MARKED);
    const planned = plan(score, { start: 3, text: 'P1 s1 v1 m3: C4=1\n', marks: 'replace' });
    expect(planned.ok && planned.plan.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 v1 m3: event 1 lost a fermata.',
    ]);
    const kept = plan(score, { start: 3, text: 'P1 s1 v1 m3: C4=1\n' });
    expect(kept.ok && kept.plan.changes[0]?.unchanged).toBe(true);
  });

  it('a lyric line without its lane sets the lyrics of that voice and keeps its notes and marks', () => {
    const score = scoreOf(MARKED);
    const planned = plan(score, { start: 1, text: 'P1 s1 v1 m1 w1: Ah_ * * la\n' });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    apply(score, planned.plan);
    const read = readMeasures(score, { start: 1, end: 1 });
    expect(read.ok && read.lanes).toBe(
      'P1 s1 v1 m1: E4=1/4-.\\p( E4 F4 G4~)\nP1 s1 v1 m1 w1: Ah_ * * la\n',
    );
  });

  it('refuses more syllables than slots, and a lyric line for a voice that does not exist', () => {
    const score = scoreOf(MARKED);
    const planned = plan(score, {
      start: 2,
      text: 'P1 s1 v1 m2 w1: a b c d e\nP1 s1 v2 m2 w1: la\n',
    });
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.problems.map((problem) => [problem.code, problem.line, problem.column])).toEqual(
      [
        ['lyric-slots', 1, 23],
        ['unknown-voice', 2, 1],
      ],
    );
    // G4 at the start of m2 continues the tie from m1, so it takes no syllable.
    expect(planned.problems[0]?.message).toBe(
      'The lyric line P1 s1 v1 m2 w1 has 5 syllables, but P1 s1 v1 m2 has 3 slots (notes and chords that are neither grace notes nor tie continuations).',
    );
  });
});

describe('plan: spans are judged on the score as it would be', () => {
  it('takes a slur that ends in a later measure already holding its stop', () => {
    const score = scoreOf(MARKED);
    // m1 ends its slur at G4~); moving the stop away from m1 leaves the slur open...
    const open = plan(score, {
      start: 1,
      text: 'P1 s1 v1 m1: E4=1/4-.\\p( E4=1/4 F4=1/4 G4=1/4~\n',
    });
    expect(open.ok).toBe(false);
    if (open.ok) return;
    expect(open.problems.map((p) => [p.code, p.line, p.column, p.message])).toEqual([
      [
        'span-without-end',
        1,
        24,
        'The ( on event 1 of P1 s1 v1 m1 starts a slur that never ends in P1 s1 v1.',
      ],
    ]);
    // ...but one that ends in a measure after the range, which holds its stop, is fine.
    const across = scoreOf(MARKED.replace('P1 s1 v1 m3: C4=1\\fermata', 'P1 s1 v1 m3: C4=1)'));
    const rewritten = plan(across, {
      start: 2,
      text: 'P1 s1 v1 m2: G4=1/4( F4=1/4 E4=1/4 D4=1/4\n',
    });
    expect(rewritten.ok).toBe(true);
  });

  it('refuses a stop with no start and a span opened twice', () => {
    const score = scoreOf(MARKED);
    const planned = plan(score, {
      start: 3,
      text: 'P1 s1 v1 m3: C4=1\\pedup\n',
    });
    expect(!planned.ok && planned.problems.map((p) => p.code)).toEqual(['span-without-start']);
    const twice = plan(score, {
      start: 2,
      text: 'P1 s1 v1 m2: G4=1/4\\< F4=1/4\\< E4=1/4 D4=1/4\\!\n',
    });
    expect(!twice.ok && twice.problems.map((p) => [p.code, p.column])).toEqual([
      ['span-overlap', 29],
    ]);
  });
});

describe('plan: a notes-only text never leaves a span half there', () => {
  it('removes the carried end of a slur whose start it changed, and lists both', () => {
    const score = scoreOf(MARKED);
    const planned = plan(score, { start: 1, text: 'P1 s1 v1 m1: D4=1/4 E4=1/4 F4=1/4 G4=1/4~\n' });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.plan.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 v1 m1: event 1 lost a staccato, the dynamic p, the slur that ran from here to the note on event 4, and the lyric "Freu".',
      'P1 s1 v1 m1: event 4 lost the slur that ran to here from the note on event 1.',
    ]);
    apply(score, planned.plan);
    const read = readMeasures(score, { start: 1, end: 1 });
    expect(read.ok && read.lanes).toBe(
      'P1 s1 v1 m1: D4=1/4 E4 F4 G4~\nP1 s1 v1 m1 w1: * de schö- ner\n',
    );
  });
});

describe('scoreToLanes and scoreFromLanes: marks', () => {
  it('a .lanes file keeps event marks, @ items and lyric lines both ways', () => {
    const score = scoreOf(MARKED);
    const file = scoreToLanes(score);
    const again = scoreFromLanes(file.header, file.document);
    const read = readMeasures(again, { start: 1, end: 3 });
    const original = readMeasures(score, { start: 1, end: 3 });
    expect(read.ok && original.ok && read.lanes === original.lanes).toBe(true);
    expect(file.document.lyrics?.map((line) => line.measure)).toEqual([1, 2]);
  });
});
