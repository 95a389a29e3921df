import { fc, test } from '@fast-check/vitest';
import { describePrintedNumbers, scoreContent, scoreInfo } from '@scorelane/score-model';
import { createUndoController } from '@scorelane/undo';
import { describe, expect } from 'vitest';
import { createScoreTools } from './create-score-tools.ts';
import { generatedScore } from './generated-score.test-support.ts';
import { scoreSynopsis } from './synopsis.ts';

const runs = { numRuns: Number(process.env.FC_NUM_RUNS ?? 40) };

/** A call that changes the score: a rewrite of one or two voices, measures in or out, a key, undo, redo. */
const anyChange = fc.oneof(
  fc.record({
    name: fc.constant('rewrite_measures'),
    part: fc.integer({ min: 1, max: 3 }),
    measure: fc.integer({ min: 1, max: 14 }),
    voices: fc.constantFrom(
      ['C4=1/4 D4=1/4 E4=1/2'],
      ['r=1'],
      ['(C3 G5)=1'],
      ['B6=1/2 r=1/2', 'C2=1'],
      ['G4=1/8 A4=1/8 B4=1/4 C5=1/2'],
    ),
  }),
  fc.record({
    name: fc.constant('insert_measures'),
    at: fc.integer({ min: 1, max: 13 }),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    name: fc.constant('delete_measures'),
    start: fc.integer({ min: 1, max: 10 }),
  }),
  fc.record({ name: fc.constantFrom('undo', 'redo') }),
);

describe('the overview get_score_info keeps', () => {
  test.prop([fc.array(anyChange, { minLength: 1, maxLength: 8 })], runs)(
    'after any sequence of changes, answers what a fresh read of the whole score answers',
    async (changes) => {
      const score = generatedScore(12, 3);
      const tools = createScoreTools({ score, undo: createUndoController(score.doc) });
      const first = await tools.invoke('get_score_info', {});
      expect(first.ok).toBe(true);
      for (const change of changes) {
        const count = scoreInfo(score).measureCount;
        if (change.name === 'rewrite_measures') {
          if (change.measure > count) continue;
          const lanes = change.voices.map(
            (events, index) => `P${change.part} s1 v${index + 1} m${change.measure}: ${events}\n`,
          );
          const written = await tools.invoke('rewrite_measures', {
            start_measure: change.measure,
            parts: [change.part],
            lanes_seq: lanes.join(''),
          });
          expect(written.ok, written.result.content[0]?.text).toBe(true);
        } else if (change.name === 'insert_measures') {
          await tools.invoke('insert_measures', {
            at_measure: Math.min(change.at, count + 1),
            count: change.count,
            allow_measure_count_change: true,
          });
        } else if (change.name === 'delete_measures') {
          if (change.start >= count) continue;
          await tools.invoke('delete_measures', {
            start_measure: change.start,
            end_measure: change.start,
            allow_measure_count_change: true,
          });
        } else {
          await tools.invoke(change.name, {});
        }
        const answered = await tools.invoke('get_score_info', {});
        if (!answered.ok) throw new Error(answered.result.content[0]?.text);
        const content = scoreContent(score);
        const info = scoreInfo(score);
        const voices = content.parts.map((_, index) => [
          ...new Set(
            (content.units ?? [])
              .filter((unit) => unit.part === index + 1)
              .flatMap((unit) => unit.content.voices.map((voice) => voice.voice)),
          ),
        ]);
        expect(answered.output.synopsis).toBe(scoreSynopsis(content));
        expect(answered.output.measure_count).toBe(info.measureCount);
        expect(answered.output.revision).toBe(info.revision);
        expect(answered.output.key_changes).toHaveLength(info.keys.length);
        expect(answered.output.printed_numbers).toBe(
          describePrintedNumbers(info.printedNumbers, 1, info.measureCount),
        );
        expect(
          (answered.output.parts as { voices: number[] }[]).map((part) => part.voices),
        ).toEqual(voices.map((list) => list.sort((a, b) => a - b)));
      }
    },
  );
});
