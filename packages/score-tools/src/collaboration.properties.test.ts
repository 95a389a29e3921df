import { fc, test } from '@fast-check/vitest';
import { openScore, readMeasures } from '@scorelane/score-model';
import { describe, expect } from 'vitest';
import {
  collaboratorOf,
  collaboratorRewrites,
  lanesOf,
  odeFixture,
  stateVector,
} from './fixtures.test-support.ts';

const runs = { numRuns: Number(process.env.FC_NUM_RUNS ?? 40) };

const events = fc.constantFrom('C4=1', 'D4=1/2 E4=1/2', 'G4=1/4 A4=1/4 B4=1/2', 'r=1');
const action = fc.oneof(
  fc.record({
    kind: fc.constant('agent' as const),
    measure: fc.integer({ min: 1, max: 4 }),
    events,
  }),
  fc.record({
    kind: fc.constant('peer' as const),
    measure: fc.integer({ min: 1, max: 4 }),
    events,
  }),
  fc.record({ kind: fc.constant('undo' as const) }),
);

describe('the agent beside a collaborator, as a law', () => {
  test.prop([fc.array(action, { minLength: 1, maxLength: 10 })], runs)(
    'undo restores its own step unless a collaborator wrote there since, then it refuses and writes nothing; the peers converge',
    async (actions) => {
      const { tools, doc } = odeFixture();
      const peer = collaboratorOf(doc);
      // The model: the agent's steps, what each measure held before, and whether the collaborator wrote it since.
      const steps: { measure: number; before: string; theirsSince: boolean }[] = [];
      for (const step of actions) {
        if (step.kind === 'peer') {
          const measureOf = () =>
            readMeasures(openScore(peer), { start: step.measure, end: step.measure, parts: [1] });
          const before = measureOf();
          collaboratorRewrites(peer, step.measure, `P1 s1 v1 m${step.measure}: ${step.events}\n`);
          const after = measureOf();
          // A rewrite of what the measure already holds writes nothing.
          const wrote = !(before.ok && after.ok && before.lanes === after.lanes);
          for (const entry of steps)
            if (wrote && entry.measure === step.measure) entry.theirsSince = true;
        } else if (step.kind === 'agent') {
          const before = await lanesOf(tools, step.measure, step.measure, [1]);
          const call = await tools.invoke('rewrite_measures', {
            start_measure: step.measure,
            parts: [1],
            lanes_seq: `P1 s1 v1 m${step.measure}: ${step.events}\n`,
          });
          expect(call.ok).toBe(true);
          // A write of what the measure already holds writes nothing and leaves no undo step.
          const after = await lanesOf(tools, step.measure, step.measure, [1]);
          if (after !== before) steps.push({ measure: step.measure, before, theirsSince: false });
        } else {
          const vector = stateVector(doc);
          const top = steps.at(-1);
          const undone = await tools.invoke('undo', {});
          if (top === undefined || top.theirsSince) {
            expect(undone.ok).toBe(false);
            expect(stateVector(doc)).toBe(vector);
          } else {
            expect(undone.ok).toBe(true);
            expect(await lanesOf(tools, top.measure, top.measure, [1])).toBe(top.before);
            steps.pop();
          }
        }
      }
      const ours = readMeasures(openScore(doc), { start: 1, end: 8 });
      const others = readMeasures(openScore(peer), { start: 1, end: 8 });
      expect(ours.ok && others.ok && ours.lanes === others.lanes).toBe(true);
    },
  );
});
