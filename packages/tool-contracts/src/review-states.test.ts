import { describe, expect, it } from 'vitest';
import {
  allowedReviewActions,
  canTakeAction,
  canTransition,
  isTerminalReviewState,
  REVIEW_ACTIONS,
  REVIEW_STATES,
  REVIEW_TRANSITIONS,
  type ReviewState,
} from './review-states.ts';

describe('the review state machine', () => {
  it('has the eleven states of the contract', () => {
    expect([...REVIEW_STATES].sort()).toEqual(
      [
        'aborted',
        'accepted',
        'applied',
        'applying',
        'awaiting_user',
        'draft',
        'failed',
        'planning',
        'previewing',
        'rejected',
        'stale',
      ].sort(),
    );
    expect(Object.keys(REVIEW_TRANSITIONS).sort()).toEqual([...REVIEW_STATES].sort());
  });

  it('ends in applied, rejected, failed, aborted or stale, and nowhere else', () => {
    expect(REVIEW_STATES.filter(isTerminalReviewState).sort()).toEqual(
      ['aborted', 'applied', 'failed', 'rejected', 'stale'].sort(),
    );
  });

  it('takes each action only along an allowed transition, and every transition has an action', () => {
    const edges = new Set<string>();
    for (const { from, to } of Object.values(REVIEW_ACTIONS)) {
      for (const state of from) {
        expect(canTransition(state, to), `${state} -> ${to}`).toBe(true);
        edges.add(`${state}->${to}`);
      }
    }
    const allowed = REVIEW_STATES.flatMap((from) =>
      REVIEW_TRANSITIONS[from].map((to) => `${from}->${to}`),
    );
    expect([...edges].sort()).toEqual(allowed.sort());
  });

  it('reaches every state from draft', () => {
    const seen = new Set<ReviewState>(['draft']);
    const queue: ReviewState[] = ['draft'];
    while (queue.length > 0) {
      for (const next of REVIEW_TRANSITIONS[queue.shift() as ReviewState]) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect(seen.size).toBe(REVIEW_STATES.length);
  });

  it('lets only an accepted session start applying, and never aborts one that is applying', () => {
    expect(REVIEW_STATES.filter((state) => canTransition(state, 'applying'))).toEqual(['accepted']);
    expect(canTakeAction('applying', 'abort')).toBe(false);
    expect(canTakeAction('rejected', 'accept')).toBe(false);
  });

  it('lists the actions a state allows', () => {
    expect(allowedReviewActions('awaiting_user')).toEqual(['accept', 'reject', 'abort']);
    expect(allowedReviewActions('accepted')).toEqual([
      'apply',
      'mark_stale',
      'check_failed',
      'abort',
    ]);
    expect(allowedReviewActions('applied')).toEqual([]);
  });
});
