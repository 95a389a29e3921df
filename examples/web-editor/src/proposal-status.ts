/**
 * Where a proposal stands, as the review panel shows it on every page:
 * pending, stale (its measures changed since it was proposed: a person's or
 * a collaborator's edit, so Accept would write nothing), accepted,
 * rejected, or failed.
 */
import type { Proposal } from '@scorelane/score-tools';

/** A proposal's status on the page. */
export type ProposalStatus = 'pending' | 'stale' | 'accepted' | 'rejected' | 'failed';

/**
 * The status of `proposal` now: a pending one is `stale` when `staleNow`
 * (the person's `tools.proposals.isStale(proposal)`), else `pending`; a
 * decided one shows its decision.
 *
 * @example
 * ```ts
 * proposalStatus(proposal, tools.proposals!.isStale(proposal)); // 'pending'
 * ```
 */
export function proposalStatus(proposal: Proposal, staleNow: boolean): ProposalStatus {
  if (proposal.state === 'pending') return staleNow ? 'stale' : 'pending';
  return proposal.state;
}

/** The words the panel shows for each status. */
export const PROPOSAL_STATUS_TEXT: Readonly<Record<ProposalStatus, string>> = {
  pending: 'waiting for review by anyone who may edit',
  stale: 'stale: its measures changed since it was proposed',
  accepted: 'accepted',
  rejected: 'rejected',
  failed: 'failed',
};
