import { apply, type PartEdit, planPartEdit, type Score, scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { museScoreXml } from './musescore.test-support.ts';

function imported(text: string | Uint8Array): Score {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function edited(score: Score, edit: PartEdit): void {
  const planned = planPartEdit(score, { edit });
  if (!planned.ok) throw new Error(planned.problems[0]?.message);
  const applied = apply(score, planned.plan);
  if (!applied.ok) throw new Error(applied.problems[0]?.message);
}

/** The parts as the model has them: name, abbreviation, staves, transposition. */
function partsOf(score: Score) {
  return scoreInfo(score).parts.map(({ name, abbreviation, staves, transposition }) => ({
    name,
    abbreviation,
    staves,
    semitones: transposition ? transposition.chromatic + 12 * (transposition.octaveChange ?? 0) : 0,
  }));
}

describe("MuseScore's engine finds the parts the model has after each kind of part change", () => {
  it('adds, removes, changes and moves parts of 72a, and MuseScore reads each export with the same parts', async () => {
    const score = imported(fixtureBytes('72a-TransposingInstruments.xml'));
    const steps: [string, PartEdit][] = [
      [
        'add a cello at 2',
        {
          kind: 'add',
          at: 2,
          info: { name: 'Cello', abbreviation: 'Vc.', staves: 1, clefs: ['bass'], program: 42 },
        },
      ],
      ['remove the trumpet', { kind: 'remove', part: 1 }],
      [
        'make the horn a clarinet in B-flat',
        {
          kind: 'set',
          part: 2,
          changes: {
            name: 'Clarinet in B-flat',
            abbreviation: 'Cl.',
            program: 71,
            transposition: { chromatic: -2, diatonic: -1 },
          },
        },
      ],
      ['move the piano to the top', { kind: 'move', part: 3, to: 1 }],
    ];
    for (const [what, edit] of steps) {
      edited(score, edit);
      const read = await museScoreXml(exportMusicXml(score));
      if (read.xml === undefined)
        throw new Error(`${what}: MuseScore cannot open the export: ${read.error}`);
      expect({ what, parts: partsOf(imported(read.xml)) }).toEqual({ what, parts: partsOf(score) });
    }
    expect(partsOf(score).map((part) => part.name)).toEqual([
      'Piano',
      'Cello',
      'Clarinet in B-flat',
    ]);
  }, 240_000);
});

describe('part moves keep what the file held for the whole score', () => {
  it("moving 72a's first part last keeps its <identification> header and writes it once", () => {
    const score = imported(fixtureBytes('72a-TransposingInstruments.xml'));
    const before = exportMusicXml(score);
    expect(before.match(/<identification>/g)).toHaveLength(1);
    edited(score, { kind: 'move', part: 1, to: 3 });
    const after = exportMusicXml(score);
    expect(after.match(/<identification>/g)).toHaveLength(1);
    expect(after).toContain('Transposing instruments: Trumpet');
    expect(partsOf(imported(after)).map((part) => part.name)).toEqual([
      'Horn in Eb',
      'Piano',
      'Trumpet in Bb',
    ]);
  });
});
