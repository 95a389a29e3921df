import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  createReviewSession,
  type ReviewAction,
  type ReviewSession,
  reduceReviewSession,
  reviewSessionSchema,
} from './review-session.ts';
import { REVIEW_ACTIONS, type ReviewActionType } from './review-states.ts';
import { toolError } from './tool-error.ts';

type Proposal = { title: string };
type Preview = { before: string[]; after: string[] };

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const fresh = () =>
  createReviewSession<Proposal, Preview>({
    id: 's1',
    call_id: 'c1',
    tool: 'add_item',
    proposal: { title: 'Tea' },
    at: at(0),
  });

function run(
  session: ReviewSession<Proposal, Preview>,
  actions: ReviewAction<Preview>[],
): ReviewSession<Proposal, Preview> {
  return actions.reduce((current, action, index) => {
    const step = reduceReviewSession(current, action, at(index + 1));
    if (!step.ok) throw new Error(step.refusal.message);
    return step.session;
  }, session);
}

const preview: Preview = { before: [], after: ['Tea'] };
const happyPath: ReviewAction<Preview>[] = [
  { type: 'plan' },
  { type: 'planned', preview, revision: 'r4' },
  { type: 'present' },
  { type: 'accept' },
  { type: 'apply' },
  { type: 'applied', revision_after: 'r5', changed: ['item:1'] },
];

describe('createReviewSession', () => {
  it('starts a draft with nothing planned', () => {
    expect(fresh()).toEqual({
      id: 's1',
      call_id: 'c1',
      retry_of: null,
      tool: 'add_item',
      mode: 'review',
      state: 'draft',
      proposal: { title: 'Tea' },
      scope: null,
      preview: null,
      base_revision: null,
      revision_after: null,
      changed: [],
      error: null,
      created_at: at(0),
      updated_at: at(0),
      history: [],
    });
  });
});

describe('reduceReviewSession', () => {
  it('walks the happy path, recording each step and the data each action brings', () => {
    const applied = run(fresh(), happyPath);
    expect(applied).toMatchObject({
      state: 'applied',
      preview,
      base_revision: 'r4',
      revision_after: 'r5',
      changed: ['item:1'],
      updated_at: at(6),
    });
    expect(applied.history.map((entry) => `${entry.from}->${entry.to}`)).toEqual([
      'draft->planning',
      'planning->previewing',
      'previewing->awaiting_user',
      'awaiting_user->accepted',
      'accepted->applying',
      'applying->applied',
    ]);
  });

  it('returns a refusal, not an exception, for an action the state does not allow', () => {
    const rejected = run(fresh(), [...happyPath.slice(0, 3), { type: 'reject' }]);
    const step = reduceReviewSession(rejected, { type: 'accept' }, at(9));
    expect(step).toEqual({
      ok: false,
      session: rejected,
      refusal: {
        code: 'illegal_transition',
        from: 'rejected',
        action: 'accept',
        allowed: [],
        message: 'Cannot accept a session that is rejected.',
      },
    });
    expect(step.session).toBe(rejected);
  });

  it('keeps the error of a stale or failed session', () => {
    const error = toolError('stale_revision', 'The target changed.');
    const stale = run(fresh(), [
      ...happyPath.slice(0, 4),
      { type: 'mark_stale', revision: 'r6', error },
    ]);
    expect(stale).toMatchObject({ state: 'stale', error, revision_after: 'r6' });
  });

  it('never changes the session it is given', () => {
    const session = fresh();
    const before = structuredClone(session);
    reduceReviewSession(session, { type: 'plan' }, at(1));
    expect(session).toEqual(before);
  });
});

describe('serialization', () => {
  const schema = reviewSessionSchema(
    z.object({ title: z.string() }),
    z.object({ before: z.array(z.string()), after: z.array(z.string()) }),
  );

  it('round-trips a session through JSON and the schema', () => {
    const applied = run(fresh(), happyPath);
    expect(schema.parse(JSON.parse(JSON.stringify(applied)))).toEqual(applied);
  });

  it('round-trips a session whose plan gave preview: undefined', () => {
    const session = run(fresh(), [
      { type: 'plan' },
      { type: 'planned', preview: undefined as unknown as Preview, revision: 'r1' },
    ]);
    const parsed = schema.safeParse(JSON.parse(JSON.stringify(session)));
    expect(parsed.success).toBe(true);
    expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(session));
  });

  it('rejects a session in a state that does not exist', () => {
    const broken = { ...JSON.parse(JSON.stringify(fresh())), state: 'maybe' };
    expect(schema.safeParse(broken).success).toBe(false);
  });

  const action: fc.Arbitrary<ReviewAction<Preview>> = fc.oneof(
    fc.constantFrom<ReviewAction<Preview>>(
      { type: 'plan' },
      { type: 'present' },
      { type: 'accept' },
      { type: 'reject' },
      { type: 'apply' },
      { type: 'abort' },
    ),
    fc.record({
      type: fc.constant('planned' as const),
      preview: fc.record({ before: fc.array(fc.string()), after: fc.array(fc.string()) }),
      revision: fc.option(fc.string(), { nil: null }),
    }),
    fc.record({
      type: fc.constantFrom(
        'plan_failed' as const,
        'apply_failed' as const,
        'check_failed' as const,
      ),
      error: fc.constant(toolError('internal', 'Broke.', [{ path: 'x', message: 'y', hint: 'z' }])),
    }),
    fc.record({
      type: fc.constant('mark_stale' as const),
      revision: fc.option(fc.string(), { nil: null }),
      error: fc.constant(toolError('stale_revision', 'Changed.')),
    }),
    fc.record({
      type: fc.constant('applied' as const),
      revision_after: fc.option(fc.string(), { nil: null }),
      changed: fc.array(fc.string()),
    }),
  );

  test.prop([fc.array(action, { maxLength: 12 })])(
    'every session any sequence of actions produces survives the JSON round trip',
    (actions) => {
      let session = fresh();
      for (const [index, next] of actions.entries()) {
        const step = reduceReviewSession(session, next, at(index));
        expect(step.ok).toBe(
          (REVIEW_ACTIONS[next.type as ReviewActionType].from as readonly string[]).includes(
            session.state,
          ),
        );
        session = step.session;
      }
      expect(schema.parse(JSON.parse(JSON.stringify(session)))).toEqual(session);
    },
  );
});
