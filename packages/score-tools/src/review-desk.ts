/**
 * Review mode: a write returns a review session awaiting the user instead of
 * applying. The user (through the host) accepts or rejects it; accept plans
 * the write again against the score as it is then and ends `stale`, writing
 * nothing, if a unit it replaces changed since it was proposed.
 */
import type { Score } from '@scorelane/score-model';
import {
  createReviewDriver,
  type ReviewDriver,
  type ReviewSession,
  type ReviewStep,
  scopeRefusal,
  type ToolError,
  type WriteScope,
} from '@scorelane/tool-contracts';
import { musicalWarnings } from './musical-warnings.ts';
import { refusalError } from './refusal.ts';
import { planTargets } from './score-scope.ts';
import type { ScoreToolsContext } from './score-tools-context.ts';
import { applyPlanned, describeWrite, type WriteSpec } from './write-flow.ts';
import type { WriteOutput } from './write-output.ts';

/**
 * What a review session proposes: a write tool and its arguments (without
 * `dry_run` and `idempotency_key`).
 *
 * @example
 * ```ts
 * const proposal: ReviewProposal = { tool: 'rewrite_measures', args: { start_measure: 2, parts: [1], lanes_seq: '…' } };
 * ```
 */
export interface ReviewProposal {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/**
 * The session type of review mode: a proposal, and as preview the write's
 * dry-run output (the before and after of every unit, warnings, summary).
 *
 * @example
 * ```ts
 * const session: ScoreReviewSession = tools.reviews!.get(id);
 * session.preview?.changes.map((change) => `${change.before} -> ${change.after}`);
 * ```
 */
export type ScoreReviewSession = ReviewSession<ReviewProposal, WriteOutput>;

/**
 * The host's handle on review sessions: accept, reject, abort, read.
 *
 * @example
 * ```ts
 * const step = await tools.reviews!.accept(sessionId);
 * step.session.state; // 'applied', or 'stale' when the target changed meanwhile
 * ```
 */
export interface ReviewDesk {
  /**
   * Opens, plans and presents a session for a write; the write tools call
   * it. The session records `scope`, and accept checks the plan it makes
   * again against it.
   */
  propose(
    tool: string,
    args: Readonly<Record<string, unknown>>,
    scope?: WriteScope,
  ): Promise<{ ok: true; id: string; state: string } | { ok: false; error: ToolError }>;
  /**
   * Accepts: plans again; `stale` if a target changed, `failed` with
   * `out_of_scope` if the new plan reaches outside the session's scope,
   * else applies as one undo step (`applied`).
   */
  accept(id: string): Promise<ReviewStep<ReviewProposal, WriteOutput>>;
  /** Rejects; never writes. */
  reject(id: string): ReviewStep<ReviewProposal, WriteOutput>;
  /** Aborts a session not yet applying; never writes. */
  abort(id: string): ReviewStep<ReviewProposal, WriteOutput>;
  /** The latest state of a session; throws a `RangeError` for an unknown id. */
  get(id: string): ScoreReviewSession;
  /** Whether writes wait for review now (`ReviewOptions.enabled`; default always). */
  enabled(): boolean;
}

/**
 * Options of review mode, given to `createScoreTools` as `review`.
 *
 * @example
 * ```ts
 * createScoreTools({ score, undo, review: { onChange: (session) => panel.show(session) } });
 * ```
 */
export interface ReviewOptions {
  /** Called with every new state of every session (to show it to the user). */
  readonly onChange?: (session: ScoreReviewSession) => void;
  /**
   * Whether writes wait for review now, asked at every write (a page's
   * review toggle); while it answers `false` writes apply at once. Default: always.
   */
  readonly enabled?: () => boolean;
}

/**
 * Creates the review desk over the context `getContext` returns, planning
 * each proposal with the spec `specFor` makes of it.
 *
 * @example
 * ```ts
 * const desk = createReviewDesk(() => context, writeSpecFor, {});
 * ```
 */
export function createReviewDesk(
  getContext: () => ScoreToolsContext,
  specFor: (proposal: ReviewProposal) => WriteSpec,
  options: ReviewOptions,
): ReviewDesk {
  const replan = (score: Score, proposal: ReviewProposal, revision: string | null) =>
    specFor(proposal).plan(score, revision ?? undefined);

  // The scope each session was proposed under, checked again on accept.
  const scopes = new Map<string, WriteScope>();
  const driver: ReviewDriver<ReviewProposal, WriteOutput> = createReviewDriver(
    {
      plan: (proposal) => {
        const context = getContext();
        const planned = specFor(proposal).plan(
          context.score,
          typeof proposal.args.revision === 'string' ? proposal.args.revision : undefined,
        );
        if (!planned.ok) return { ok: false, error: refusalError(proposal.tool, planned.problems) };
        const warnings = musicalWarnings(context.score, planned.plan);
        return {
          ok: true,
          preview: describeWrite(context, 'awaiting_review', planned.plan, warnings),
          revision: context.revision(),
        };
      },
      isStale: (session) => {
        const planned = replan(getContext().score, session.proposal, session.base_revision);
        return !planned.ok && planned.problems.some((problem) => problem.code === 'stale');
      },
      apply: (session) => {
        const context = getContext();
        const planned = replan(context.score, session.proposal, session.base_revision);
        if (!planned.ok) return { ok: false, error: refusalError(session.tool, planned.problems) };
        const scope = scopes.get(session.id);
        const outside = scope && scopeRefusal(scope, session.tool, planTargets(planned.plan));
        if (outside) return { ok: false, error: outside };
        const warnings = musicalWarnings(context.score, planned.plan);
        const spec = specFor(session.proposal);
        const applied = applyPlanned(context, spec, planned.plan, warnings, session.call_id);
        if (!applied.ok) return { ok: false, error: applied.error };
        return {
          ok: true,
          revision_after: applied.output.revision,
          changed: applied.changed ?? [],
        };
      },
    },
    options.onChange
      ? { onChange: (session) => options.onChange?.(session as ScoreReviewSession) }
      : {},
  );

  return {
    async propose(tool, args, scope) {
      const { dry_run: _dryRun, idempotency_key: _key, ...rest } = args;
      const session = driver.open(tool, { tool, args: rest }, scope);
      if (scope !== undefined) scopes.set(session.id, scope);
      const planned = await driver.plan(session.id);
      if (planned.session.state !== 'previewing') {
        const error = planned.session.error;
        if (error) return { ok: false, error };
      }
      const presented = driver.present(session.id);
      return { ok: true, id: session.id, state: presented.session.state };
    },
    accept: (id) => driver.accept(id),
    reject: (id) => driver.reject(id),
    abort: (id) => driver.abort(id),
    get: (id) => driver.get(id),
    enabled: () => options.enabled?.() ?? true,
  };
}
