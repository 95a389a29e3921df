import {
  apply,
  planDeleteMeasures,
  planInsertMeasures,
  readMeasures,
  type Score,
  scoreInfo,
} from '@scorelane/score-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

/** A one-part 4/4 score with one whole note per measure, numbered as `numbers` says. */
function numberedScore(numbers: readonly string[], pickup = false): string {
  const measures = numbers.map((number, index) => {
    const short = pickup && index === 0;
    const attributes =
      index === 0
        ? '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>'
        : '';
    const note = `<note><pitch><step>C</step><octave>5</octave></pitch><duration>${short ? 1 : 4}</duration><voice>1</voice><type>${short ? 'quarter' : 'whole'}</type></note>`;
    return `<measure number="${number}"${short ? ' implicit="yes"' : ''}>${attributes}${note}</measure>`;
  });
  return `<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Flute</part-name></score-part></part-list><part id="P1">${measures.join('')}</part></score-partwise>`;
}

function imported(input: string | Uint8Array): Score {
  const result = importMusicXml(input);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

/** The `number` and `implicit` of every `<measure>` the export writes for part 1. */
function exported(score: Score): { number: string; implicit: boolean }[] {
  const part = exportMusicXml(score).split('</part>')[0]!;
  return [...part.matchAll(/<measure ([^>]*)>/g)].map((match) => ({
    number: /number="([^"]*)"/.exec(match[1]!)![1]!,
    implicit: match[1]!.includes('implicit="yes"'),
  }));
}

function insert(score: Score, at: number, count: number): void {
  const planned = planInsertMeasures(score, { at, count });
  if (!planned.ok) throw new Error(planned.problems[0]?.message);
  apply(score, planned.plan);
}

function remove(score: Score, start: number, end: number): void {
  const planned = planDeleteMeasures(score, { start, end });
  if (!planned.ok) throw new Error(planned.problems[0]?.message);
  apply(score, planned.plan);
}

interface Edit {
  readonly kind: 'insert' | 'delete';
  readonly at: number;
  readonly count: number;
}

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 3 }),
  }),
);

/** Applies the edits, each fitted to the score as it is by then. */
function edited(score: Score, edits: readonly Edit[]): void {
  for (const step of edits) {
    const count = scoreInfo(score).measureCount;
    if (step.kind === 'insert') insert(score, 1 + (step.at % (count + 1)), step.count);
    else if (count > 1) {
      const start = 1 + (step.at % count);
      remove(
        score,
        start,
        Math.min(count, start + step.count - 1, start === 1 ? count - 1 : count),
      );
    }
  }
}

/** Whether every printed number that is a whole number is one more than the whole number before it. */
function consecutive(numbers: readonly string[], restart?: string): boolean {
  let previous: number | undefined;
  let restarts = 0;
  for (const number of numbers) {
    if (!/^\d+$/.test(number)) continue;
    const value = Number(number);
    if (previous !== undefined && value !== previous + 1) {
      if (number !== restart || restarts++ > 0) return false;
    }
    previous = value;
  }
  return true;
}

describe('printed measure numbers after inserting and deleting measures', () => {
  it('inserting two measures at m5 numbers the bars 1-10, and get_score_info lists no printed number that is not its index', () => {
    const score = imported(numberedScore(['1', '2', '3', '4', '5', '6', '7', '8']));
    insert(score, 5, 2);
    expect(exported(score).map((m) => m.number)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(scoreInfo(score).printedNumbers).toEqual([]);
    remove(score, 2, 4);
    expect(exported(score).map((m) => m.number)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('a pickup stays 0 and implicit, a split bar keeps "X1", and the bars after them follow on', () => {
    const score = imported(fixtureBytes('46d-PickupMeasure-ImplicitMeasures.xml'));
    expect(exported(score)).toEqual([
      { number: '0', implicit: true },
      { number: '1', implicit: false },
      { number: 'X1', implicit: true },
      { number: '2', implicit: false },
    ]);
    insert(score, 2, 1);
    expect(exported(score).map((m) => m.number)).toEqual(['0', '1', '2', 'X1', '3']);
    expect(scoreInfo(score).printedNumbers).toEqual([
      { measure: 1, number: '0' },
      { measure: 2, number: '1' },
      { measure: 3, number: '2' },
      { measure: 4, number: 'X1' },
      { measure: 5, number: '3' },
    ]);
    const read = readMeasures(score, { start: 4, end: 5 });
    expect(read.ok && read.text).toContain('% printed numbers: m-2 throughout, except m4=X1');
  });

  it('a file that restarts its numbering keeps the restart through inserts before and after it', () => {
    const score = imported(numberedScore(['1', '2', '3', '1', '2', '3']));
    insert(score, 2, 1);
    insert(score, 6, 1);
    expect(exported(score).map((m) => m.number)).toEqual(['1', '2', '3', '4', '1', '2', '3', '4']);
  });

  it('property: after any inserts and deletes the exported numbers are unique and increasing', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), (edits) => {
        const score = imported(numberedScore(['0', '1', '2', '3', '4', '5'], true));
        edited(score, edits);
        const numbers = exported(score).map((m) => m.number);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(consecutive(numbers)).toBe(true);
        expect(numbers[0]).toBe(scoreInfo(score).pickups[0]?.measure === 1 ? '0' : '1');
      }),
      { numRuns: 40 },
    );
  });

  it('property: after any inserts and deletes a restarted numbering runs on from each start', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), (edits) => {
        const score = imported(numberedScore(['1', '2', '3', '1', '2', '3']));
        edited(score, edits);
        expect(
          consecutive(
            exported(score).map((m) => m.number),
            '1',
          ),
        ).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
