import { readFileSync } from 'node:fs';
import { importMusicXml } from '@scorelane/musicxml';
import { planSetKey, type Score, type ScorePlan, scoreContent } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { rangeInClef } from './clef-ranges.ts';
import { odeFixture } from './fixtures.test-support.ts';
import { instrumentFor } from './instrument-ranges.ts';
import { musicalWarnings } from './musical-warnings.ts';

const SUITE = new URL('../../musicxml/test/fixtures/musicxml-testsuite/', import.meta.url);

/** A tenor on treble 8vb and a tenor on a plain treble staff, two measures of 4/4. */
const TENORS = `%% part P1 name="Tenor" staves=1 clefs=treble8vb
%% part P2 name="Tenor 2" staves=1 clefs=treble
%% measures 2
%% time m1 4/4
%% key m1 C major
`;

/** A plan that writes every unit of `score` as it is, so its warnings judge the notes as written. */
function everyUnitWritten(score: Score): ScorePlan {
  const planned = planSetKey(score, { measure: 1, tonic: { step: 'C', alter: 0 }, mode: 'major' });
  if (!planned.ok) throw new Error('planSetKey refused');
  const units = scoreContent(score).units ?? [];
  return {
    ...planned.plan,
    writes: units.map((unit) => ({ op: 'unit' as const, ...unit })),
  };
}

describe('range warnings follow the clef', () => {
  it('give each octave-clef instrument its range as written in the clef it is in', () => {
    const tenor = instrumentFor('Tenor')!;
    expect([tenor.low, tenor.high, tenor.clef]).toEqual(['C3', 'A4', 'treble8vb']);
    expect(rangeInClef(tenor, 'treble')).toMatchObject({ low: 'C4', high: 'A5' });
    expect(rangeInClef(tenor, 'bass')).toMatchObject({ low: 'C3', high: 'A4' });
    const guitar = instrumentFor('Guitar')!;
    expect([guitar.low, guitar.high, guitar.clef]).toEqual(['E2', 'B5', 'treble8vb']);
    expect(rangeInClef(guitar, 'treble')).toMatchObject({ low: 'E3', high: 'B6' });
    expect(rangeInClef(instrumentFor('Double Bass')!, 'bass8vb')).toMatchObject({
      low: 'E1',
      high: 'G4',
      lowMidi: 28,
    });
    expect(rangeInClef(instrumentFor('Piccolo')!, 'treble8va')).toMatchObject({
      low: 'D5',
      high: 'C8',
    });
  });

  it('a tenor part on treble 8vb gets no warning for ordinary tenor notes, C3 to A4', async () => {
    const { tools } = odeFixture({}, TENORS);
    const answer = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: C3=1/4 G3=1/4 E4=1/4 A4=1/4\n',
    });
    expect(answer.ok && answer.output.warnings).toEqual([]);
    const high = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: C5=1\n',
    });
    expect(high.ok && high.output.warnings).toEqual([
      {
        code: 'outside-usual-range',
        unit: 'P1 s1 v1 m2',
        message: 'C5 is above the usual range of a tenor (C3-A4 in treble8vb); check the octave.',
      },
    ]);
  });

  it('a tenor written an octave up on a plain treble staff is judged an octave up, and a clef change moves the range', async () => {
    const { tools } = odeFixture({}, TENORS);
    const upper = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [2],
      lanes_seq: 'P2 s1 v1 m1: C4=1/2 A5=1/2\n',
    });
    expect(upper.ok && upper.output.warnings).toEqual([]);
    await tools.invoke('set_clef', { part: 2, measure: 2, onset: '1/2', clef: 'treble8vb' });
    const after = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [2],
      lanes_seq: 'P2 s1 v1 m2: A5=1/2 A4=1/2\n',
    });
    // A5 stands before the clef change (plain treble: fine); A4 after it, on treble 8vb: fine too.
    expect(after.ok && after.output.warnings).toEqual([]);
    const wrong = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [2],
      lanes_seq: 'P2 s1 v1 m2: A4=1/2 A5=1/2\n',
    });
    expect(wrong.ok && wrong.output.warnings).toEqual([
      expect.objectContaining({
        message: 'A5 is above the usual range of a tenor (C3-A4 in treble8vb); check the octave.',
      }),
    ]);
  });

  it.each([
    '72a-TransposingInstruments.xml',
    '72b-TransposingInstruments-Full.xml',
    '72c-TransposingInstruments-Change.xml',
  ])('%s: the written notes of its transposing instruments get no range warning', (name) => {
    const imported = importMusicXml(readFileSync(new URL(name, SUITE)));
    if (!imported.ok) throw new Error(imported.problems[0]?.message);
    const names = scoreContent(imported.score).parts.map((part) => part.name);
    expect(names.filter((part) => instrumentFor(part) !== undefined).length).toBeGreaterThan(0);
    const plan = everyUnitWritten(imported.score);
    expect(plan.writes.length).toBeGreaterThan(0);
    expect(musicalWarnings(imported.score, plan)).toEqual([]);
  });
});
