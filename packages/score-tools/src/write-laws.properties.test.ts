import { fc, test } from '@fast-check/vitest';
import { scoreContent } from '@scorelane/score-model';
import { describe, expect } from 'vitest';
import { createScoreTools } from './create-score-tools.ts';
import { odeFixture, stateVector } from './fixtures.test-support.ts';
import { openOversightSettings } from './oversight-settings.ts';
import { openProposalStore, PROPOSALS_ROOT } from './proposal-store.ts';

const runs = { numRuns: Number(process.env.FC_NUM_RUNS ?? 60) };

/** Lane text an agent might send: headers and events, right and wrong. */
const anyLanes = fc
  .array(
    fc.record({
      part: fc.integer({ min: 1, max: 3 }),
      staff: fc.integer({ min: 1, max: 2 }),
      voice: fc.integer({ min: 1, max: 2 }),
      measure: fc.integer({ min: 1, max: 10 }),
      events: fc.array(
        fc.constantFrom(
          'C4=1/4',
          'D5=1/2',
          'r=1/4',
          'x=1',
          '(C4 E4)=1/2~',
          'c4=1/4',
          'E4=1/3',
          'G4=1',
          'F#4=3/8',
        ),
        { minLength: 1, maxLength: 5 },
      ),
    }),
    { minLength: 0, maxLength: 4 },
  )
  .map((lanes) =>
    lanes
      .map(
        (lane) =>
          `P${lane.part} s${lane.staff} v${lane.voice} m${lane.measure}: ${lane.events.join(' ')}`,
      )
      .join('\n'),
  );

/** A rewrite that fills its measure: one lane of the violin in measure 1-8. */
const validRewrite = fc.record({
  measure: fc.integer({ min: 1, max: 8 }),
  events: fc.constantFrom('C4=1', 'D4=1/2 E4=1/2', 'F#4=3/4 r=1/4', 'G4=1/4 A4=1/4 B4=1/2', 'r=1'),
});

describe('the write tools, as laws', () => {
  test.prop([anyLanes, fc.integer({ min: 1, max: 9 }), fc.subarray([1, 2]), fc.boolean()], runs)(
    'a refused write changes nothing: same state vector, Nothing was changed. first',
    async (text, start, parts, allow) => {
      const { tools, doc } = odeFixture();
      const vector = stateVector(doc);
      const call = await tools.invoke('rewrite_measures', {
        start_measure: start,
        parts: parts.length > 0 ? parts : [1],
        lanes_seq: text === '' ? ' ' : text,
        allow_measure_count_change: allow,
      });
      if (!call.ok) {
        expect(call.result.content[0]?.text.split('\n')[0]).toBe('Nothing was changed.');
        expect(stateVector(doc)).toBe(vector);
      } else {
        expect(call.output.revision).toBe(tools.context.revision());
      }
    },
  );

  test.prop([fc.array(validRewrite, { minLength: 1, maxLength: 6 })], runs)(
    'undo restores: n writes, n undos land on the state before them, one step per write that changes something',
    async (writes) => {
      const { tools, score, undo } = odeFixture();
      const states = [JSON.stringify(scoreContent(score))];
      for (const write of writes) {
        const call = await tools.invoke('rewrite_measures', {
          start_measure: write.measure,
          parts: [1],
          lanes_seq: `P1 s1 v1 m${write.measure}: ${write.events}\n`,
        });
        expect(call.ok).toBe(true);
        // A write of what the score already holds writes nothing and leaves no undo step.
        const state = JSON.stringify(scoreContent(score));
        if (state !== states.at(-1)) states.push(state);
      }
      const steps = undo.undoManager.undoStack.length;
      for (let index = states.length - 2; index >= 0; index--) {
        const undone = await tools.invoke('undo', {});
        expect(undone.ok).toBe(true);
        expect(JSON.stringify(scoreContent(score))).toBe(states[index]);
      }
      expect(steps).toBe(states.length - 1);
    },
  );

  test.prop(
    [
      anyLanes,
      fc.integer({ min: 1, max: 9 }),
      fc.boolean(),
      fc.option(fc.record({ start: fc.integer({ min: 1, max: 4 }), length: fc.nat(4) })),
    ],
    runs,
  )(
    'an agent write under the document’s review mode and scope is refused (same state vector) or held (only the proposals change, never the score)',
    async (text, start, review, range) => {
      const { doc, score, undo } = odeFixture();
      const settings = openOversightSettings(doc);
      settings.setReviewMode(review);
      settings.setAgentScope(
        range === null
          ? { kind: 'score' }
          : { kind: 'range', measures: { start: range.start, end: range.start + range.length } },
      );
      const agent = createScoreTools({
        score,
        undo,
        oversight: { settings, proposals: openProposalStore(doc) },
      });
      const vector = stateVector(doc);
      const content = JSON.stringify(scoreContent(score));
      const proposals = doc.getMap(PROPOSALS_ROOT);
      const touched = new Set<unknown>();
      doc.on('afterTransaction', (transaction) => {
        for (const type of transaction.changed.keys()) touched.add(type);
      });
      const call = await agent.invoke('rewrite_measures', {
        start_measure: start,
        parts: [1],
        lanes_seq: text === '' ? ' ' : text,
      });
      if (!call.ok) {
        expect(stateVector(doc)).toBe(vector);
        expect(touched.size).toBe(0);
      } else if (review) {
        expect(call.output.status).toBe('awaiting_review');
        expect([...touched]).toEqual([proposals]);
        expect(JSON.stringify(scoreContent(score))).toBe(content);
      } else {
        expect(call.output.status).toBe('applied');
        expect(touched.has(proposals)).toBe(false);
      }
    },
  );
});
