/**
 * Where a review proposal stands, as the review panel shows it: pending,
 * stale (its measures changed since it was proposed: a person's or a
 * collaborator's edit), accepted, rejected, or failed.
 */
import type { Score } from '@scorelane/score-model';
import { type ScoreReviewSession, writeSpecFor } from '@scorelane/score-tools';

/** A proposal's status on the page. */
export type ProposalStatus = 'pending' | 'stale' | 'accepted' | 'rejected' | 'failed';

/**
 * The status of `session` now: a session still awaiting the person is
 * `stale` when planning it again against `score` at its base revision finds
 * a unit it replaces changed (as accepting it would), else `pending`.
 *
 * @example
 * ```ts
 * proposalStatus(tools.reviews!.get(id), score); // 'pending'
 * ```
 */
export function proposalStatus(session: ScoreReviewSession, score: Score): ProposalStatus {
  switch (session.state) {
    case 'applied':
      return 'accepted';
    case 'rejected':
    case 'aborted':
      return 'rejected';
    case 'stale':
      return 'stale';
    case 'failed':
      return 'failed';
    default:
      return isStaleNow(session, score) ? 'stale' : 'pending';
  }
}

/** Whether accepting `session` now would find its target changed. */
function isStaleNow(session: ScoreReviewSession, score: Score): boolean {
  const planned = writeSpecFor(session.proposal).plan(score, session.base_revision ?? undefined);
  return !planned.ok && planned.problems.some((problem) => problem.code === 'stale');
}

/** The words the panel shows for each status. */
export const PROPOSAL_STATUS_TEXT: Readonly<Record<ProposalStatus, string>> = {
  pending: 'waiting for your review',
  stale: 'stale: its measures changed since it was proposed',
  accepted: 'accepted',
  rejected: 'rejected',
  failed: 'failed',
};
