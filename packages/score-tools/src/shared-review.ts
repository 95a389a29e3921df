/**
 * Review through the document: one score tools instance's side of the
 * shared oversight settings and proposals. An agent's instance holds its
 * writes as proposals while review mode is on; any instance whose role may
 * write (a person's, on any page) accepts or rejects them. Accept plans the
 * write again against the revision it was planned on: when a unit it
 * replaces changed since, the proposal ends `stale` and the score is not
 * touched; otherwise it applies as one undo step of the accepting instance
 * and is recorded in the activity log with both names.
 */
import { newId, scopeRefusal, type WriteScope } from '@scorelane/tool-contracts';
import { type ActivityActor, activityChangeOfProposal } from './activity-entry.ts';
import type { ActivityOptions } from './activity-recording.ts';
import { musicalWarnings } from './musical-warnings.ts';
import type { OversightSettings } from './oversight-settings.ts';
import type { Proposal, ProposalStore } from './proposal-store.ts';
import { planTargets, type ScoreScopeInput, scoreScope } from './score-scope.ts';
import type { ScoreToolsContext } from './score-tools-context.ts';
import { applyPlanned, type WriteSpec } from './write-flow.ts';
import type { WriteOutput } from './write-output.ts';

/**
 * What a decision came to: the proposal as it is now, or why the decision
 * was refused (an unknown id, a proposal already decided, a role that may
 * not write), with the proposal when there is one.
 *
 * @example
 * ```ts
 * const outcome: ProposalOutcome = tools.proposals!.accept(id);
 * if (outcome.ok) outcome.proposal.state; // 'accepted', 'stale' or 'failed'
 * ```
 */
export type ProposalOutcome =
  | { readonly ok: true; readonly proposal: Proposal }
  | { readonly ok: false; readonly proposal: Proposal | undefined; readonly message: string };

/**
 * The shared settings and proposals of a document, as `createScoreTools`
 * takes them (`oversight`).
 *
 * @example
 * ```ts
 * const oversight: OversightOptions = {
 *   settings: openOversightSettings(doc), proposals: openProposalStore(doc), agent: true,
 * };
 * ```
 */
export interface OversightOptions {
  readonly settings: OversightSettings;
  readonly proposals: ProposalStore;
  /**
   * Whether this instance is an agent's: its writes obey the document's
   * review mode and scope. A person's instance (false) writes at once and
   * decides proposals. Default true.
   */
  readonly agent?: boolean;
}

/**
 * One instance's handle on the document's proposals.
 *
 * @example
 * ```ts
 * for (const proposal of tools.proposals!.list()) {
 *   if (tools.proposals!.isStale(proposal)) show(proposal, 'stale');
 * }
 * ```
 */
export interface SharedReview {
  /** Whether this instance's writes are held as proposals now (an agent's, while review mode is on). */
  holds(): boolean;
  /** Holds a planned write as a proposal and returns it (the write tools call it). */
  hold(
    spec: WriteSpec,
    args: Readonly<Record<string, unknown>>,
    scope: WriteScope | undefined,
    output: WriteOutput,
  ): Proposal;
  /** Every proposal of the document, oldest first. */
  list(): readonly Proposal[];
  get(id: string): Proposal | undefined;
  /** Whether accepting `proposal` now would find a unit it replaces changed since it was planned. */
  isStale(proposal: Proposal): boolean;
  /** Accepts a pending proposal: `accepted` (one undo step of this instance), `stale` or `failed`. */
  accept(id: string): ProposalOutcome;
  /** Rejects a pending proposal; never writes the score. */
  reject(id: string): ProposalOutcome;
}

/**
 * The shared review of the instance whose context `getContext` returns.
 * `canDecide` says whether its role may write; `activity` is where accepted
 * proposals are recorded and as whom (its `by` is also who proposes).
 *
 * @example
 * ```ts
 * const review = createSharedReview(() => context, oversight, writeSpecFor, { canDecide: true, activity });
 * ```
 */
export function createSharedReview(
  getContext: () => ScoreToolsContext,
  oversight: OversightOptions,
  specFor: (proposal: Pick<Proposal, 'tool' | 'args'>) => WriteSpec,
  options: { readonly canDecide: boolean; readonly activity?: ActivityOptions | undefined },
): SharedReview {
  const { settings, proposals } = oversight;
  const agent = oversight.agent ?? true;
  const actor = (): ActivityActor => {
    const by = options.activity?.by;
    if (by === undefined)
      return agent ? { kind: 'agent', via: 'mcp' } : { kind: 'person', via: 'editor' };
    return typeof by === 'function' ? by() : by;
  };
  const refuse = (id: string, message: string): ProposalOutcome => ({
    ok: false,
    proposal: proposals.get(id),
    message,
  });
  const pending = (id: string): Proposal | ProposalOutcome => {
    if (!options.canDecide)
      return refuse(id, 'Only a person with the edit role decides proposals.');
    const proposal = proposals.get(id);
    if (proposal === undefined) return refuse(id, `There is no proposal ${JSON.stringify(id)}.`);
    if (proposal.state !== 'pending')
      return refuse(id, `The proposal is already ${proposal.state}.`);
    return proposal;
  };
  const isStale = (proposal: Proposal) => {
    const planned = specFor(proposal).plan(getContext().score, proposal.base_revision);
    return !planned.ok && planned.problems.some((problem) => problem.code === 'stale');
  };

  return {
    holds: () => agent && settings.reviewMode(),
    hold(spec, args, scope, output) {
      const { dry_run: _dryRun, idempotency_key: _key, ...rest } = args;
      const context = getContext();
      const proposal: Proposal = {
        id: `proposal_${newId()}`,
        tool: spec.tool,
        args: rest,
        proposed_by: actor(),
        client: context.score.doc.clientID,
        proposed_at: proposedAt(proposals),
        base_revision: output.revision,
        range: { ...output.changed_range, parts: [...output.changed_range.parts] },
        scope: scopeInputOf(scope),
        changes: output.changes.map((change) => ({
          unit: change.unit,
          before: change.before ?? '',
          after: change.after ?? '',
        })),
        summary: output.summary,
        state: 'pending',
        decided_by: null,
        decided_at: null,
        message: null,
        revision_after: null,
      };
      proposals.add(proposal);
      return proposal;
    },
    list: () => proposals.list(),
    get: (id) => proposals.get(id),
    isStale,
    accept(id) {
      const proposal = pending(id);
      if (!('id' in proposal)) return proposal;
      const decided = acceptNow(getContext(), proposal, specFor(proposal), actor());
      const stored = proposals.decide(id, decided.decision);
      if (stored === undefined) return refuse(id, 'The proposal was decided meanwhile.');
      if (decided.output !== null && options.activity !== undefined) {
        const change = activityChangeOfProposal(stored, decided.output, actor());
        if (change !== null) options.activity.log.record(change);
      }
      return { ok: true, proposal: stored };
    },
    reject(id) {
      const proposal = pending(id);
      if (!('id' in proposal)) return proposal;
      const stored = proposals.decide(id, {
        state: 'rejected',
        decided_by: actor(),
        message: 'Rejected: nothing was written.',
      });
      return stored === undefined
        ? refuse(id, 'The proposal was decided meanwhile.')
        : { ok: true, proposal: stored };
    },
  };
}

/** Plans `proposal` again and applies it, or says why not; the score is written only when it applies. */
function acceptNow(
  context: ScoreToolsContext,
  proposal: Proposal,
  spec: WriteSpec,
  by: ActivityActor,
): {
  decision: Parameters<ProposalStore['decide']>[1];
  output: WriteOutput | null;
} {
  const planned = spec.plan(context.score, proposal.base_revision);
  if (!planned.ok) {
    const stale = planned.problems.some((problem) => problem.code === 'stale');
    const message = stale
      ? 'Not applied: its measures changed since it was proposed.'
      : `Not applied: ${planned.problems.map((problem) => problem.message).join(' ')}`;
    return {
      decision: { state: stale ? 'stale' : 'failed', decided_by: by, message },
      output: null,
    };
  }
  if (proposal.scope !== null) {
    const outside = scopeRefusal(
      scoreScope(proposal.scope),
      proposal.tool,
      planTargets(planned.plan),
    );
    if (outside !== undefined) {
      return {
        decision: { state: 'failed', decided_by: by, message: `Not applied: ${outside.message}` },
        output: null,
      };
    }
  }
  const warnings = musicalWarnings(context.score, planned.plan);
  const applied = applyPlanned(context, spec, planned.plan, warnings, `accept_${proposal.id}`);
  if (!applied.ok) {
    return {
      decision: {
        state: 'failed',
        decided_by: by,
        message: `Not applied: ${applied.error.message}`,
      },
      output: null,
    };
  }
  return {
    decision: {
      state: 'accepted',
      decided_by: by,
      message: 'Applied as one undo step.',
      revision_after: applied.output.revision,
    },
    output: applied.output,
  };
}

/** The score scope a write was checked against, as the proposal keeps it. */
function scopeInputOf(scope: WriteScope | undefined): ScoreScopeInput | null {
  const data = scope?.data as { measures?: unknown; parts?: unknown } | undefined;
  if (data === undefined || typeof data.measures !== 'object' || data.measures === null)
    return null;
  const measures = data.measures as { start: number; end: number };
  return Array.isArray(data.parts) ? { measures, parts: data.parts as number[] } : { measures };
}

/**
 * The time a new proposal is made at, as ISO text: now, or a millisecond
 * after the newest proposal the store holds when that one is not older (by
 * less than a second), so
 * that the store's order (by `proposed_at`) is the order proposals were made
 * in, also for several made within one millisecond (their ids, which break
 * ties, are random).
 */
function proposedAt(proposals: ProposalStore): string {
  const now = Date.now();
  const newest = proposals.list().at(-1);
  const after = newest === undefined ? Number.NaN : Date.parse(newest.proposed_at) + 1;
  // A stamp far ahead (a peer's clock, a hand-written one) is not followed: only a tie is broken.
  return new Date(after > now && after - now < 1000 ? after : now).toISOString();
}
