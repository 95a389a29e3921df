/**
 * The review panel's "stale" as a law: whatever proposals the agent makes
 * and whatever bars the person edits meanwhile, the status the panel shows
 * before Accept is what Accept then does: `pending` applies, `stale`
 * writes nothing to the score (its content is unchanged).
 */
import { fc, test } from '@fast-check/vitest';
import { apply, openScore, plan, scoreContent } from '@scorelane/score-model';
import { createScoreTools, openOversightSettings, openProposalStore } from '@scorelane/score-tools';
import { describe, expect } from 'vitest';
import { openExample } from './example-editor.test-support.ts';
import { proposalStatus } from './proposal-status.ts';

const runs = { numRuns: Number(process.env.FC_NUM_RUNS ?? 25) };

const step = fc.oneof(
  fc.record({
    kind: fc.constant('propose' as const),
    measure: fc.integer({ min: 1, max: 4 }),
    events: fc.constantFrom('C5=1', 'D5=1/2 E5=1/2', 'F#5=3/4 G5=1/4'),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    measure: fc.integer({ min: 1, max: 4 }),
    events: fc.constantFrom('B4=1', 'A4=1/2 A4=1/2'),
  }),
);

describe('proposal status', () => {
  test.prop([fc.array(step, { minLength: 1, maxLength: 8 })], runs)(
    'what the panel shows before Accept is what Accept does',
    async (steps) => {
      const { doc, score, undo, selection } = openExample();
      const settings = openOversightSettings(doc);
      const proposals = openProposalStore(doc);
      const tools = createScoreTools({
        score,
        undo,
        selection,
        oversight: { settings, proposals },
      });
      const desk = createScoreTools({
        score,
        undo,
        oversight: { settings, proposals, agent: false },
      }).proposals!;
      settings.setReviewMode(true);
      const person = openScore(doc, { origin: 'person' });
      const ids: string[] = [];
      for (const { kind, measure, events } of steps) {
        const text = `P1 s1 v1 m${measure}: ${events}\n`;
        if (kind === 'propose') {
          const call = await tools.invoke('rewrite_measures', {
            start_measure: measure,
            parts: [1],
            lanes_seq: text,
          });
          if (call.ok && call.output.status === 'awaiting_review') {
            ids.push((call.output.review as { id: string }).id);
          }
        } else {
          const planned = plan(person, { start: measure, text });
          if (planned.ok) apply(person, planned.plan);
        }
      }
      for (const id of ids) {
        const proposal = desk.get(id)!;
        const shown = proposalStatus(proposal, desk.isStale(proposal));
        const content = JSON.stringify(scoreContent(score));
        const accepted = desk.accept(id);
        if (shown === 'stale') {
          expect(accepted.ok && accepted.proposal.state).toBe('stale');
          expect(JSON.stringify(scoreContent(score))).toBe(content);
        } else {
          expect(shown).toBe('pending');
          expect(accepted.ok && accepted.proposal.state).toBe('accepted');
        }
      }
    },
  );
});
