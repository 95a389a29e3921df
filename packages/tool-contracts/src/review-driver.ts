/**
 * The review driver: runs sessions against the host's `plan` and `apply`,
 * keeps the latest state of each session, and re-checks the target on
 * accept. The only place `apply` is called is after an accept (or an
 * immediate apply) whose re-check passed, so rejected and aborted sessions
 * can never write.
 */
import { newId } from './call-id.ts';
import {
  createReviewSession,
  type ReviewAction,
  type ReviewMode,
  type ReviewSession,
  type ReviewStep,
  reduceReviewSession,
} from './review-session.ts';
import { isTerminalReviewState } from './review-states.ts';
import { describeThrown } from './thrown-detail.ts';
import { type ToolError, toolError } from './tool-error.ts';

/**
 * What planning returned: the preview and the revision it was made against,
 * or the problems.
 *
 * @example
 * ```ts
 * const planned: PlanOutcome<string> = { ok: true, preview: '3 items renamed', revision: 'r4' };
 * ```
 */
export type PlanOutcome<V> =
  | { readonly ok: true; readonly preview: V; readonly revision: string | null }
  | { readonly ok: false; readonly error: ToolError };

/**
 * What applying returned. An error with code `stale_revision` turns the
 * session `stale`; any other error turns it `failed`.
 *
 * @example
 * ```ts
 * const applied: ApplyOutcome = { ok: true, revision_after: 'r5', changed: ['item:3'] };
 * ```
 */
export type ApplyOutcome =
  | {
      readonly ok: true;
      readonly revision_after: string | null;
      readonly changed: readonly string[];
    }
  | { readonly ok: false; readonly error: ToolError };

/**
 * The host's side of a review: how to plan a proposal (a dry run), how to
 * tell whether the target changed since, and how to apply it.
 *
 * Staleness on accept is judged by `isStale` when given (a host that knows
 * which part of the target a proposal touches), otherwise by comparing
 * `currentRevision()` with the revision the plan was made against.
 *
 * @example
 * ```ts
 * const host: ReviewHost<{ title: string }, string> = {
 *   plan: (proposal) => ({ ok: true, preview: `Add "${proposal.title}"`, revision: doc.revision() }),
 *   currentRevision: () => doc.revision(),
 *   apply: (session) => doc.add(session.proposal.title),
 * };
 * ```
 */
export interface ReviewHost<P, V> {
  plan(proposal: P, session: ReviewSession<P, V>): PlanOutcome<V> | Promise<PlanOutcome<V>>;
  currentRevision?(): string | null | Promise<string | null>;
  isStale?(session: ReviewSession<P, V>): boolean | Promise<boolean>;
  apply(session: ReviewSession<P, V>): ApplyOutcome | Promise<ApplyOutcome>;
}

/**
 * Options of {@link createReviewDriver}.
 *
 * @example
 * ```ts
 * const options: ReviewDriverOptions = { onChange: (session) => panel.render(session) };
 * ```
 */
export interface ReviewDriverOptions {
  /** Makes session ids and call ids; default `crypto.randomUUID()`. */
  readonly newId?: () => string;
  /** The current time as an ISO string; default `new Date().toISOString()`. */
  readonly now?: () => string;
  /** Called with every new state of every session. */
  readonly onChange?: (session: ReviewSession<unknown, unknown>) => void;
  /**
   * Receives every failure the host threw, with what it threw. The session
   * (what the agent and the person see) only says that the host failed,
   * never the thrown message, which can hold anything. A sink that throws
   * is ignored: it never changes the session.
   */
  readonly audit?: (event: ReviewAuditEvent) => void;
}

/**
 * A host failure, for the audit only: the session, the stage that threw
 * (`plan`, `check` for `isStale`/`currentRevision` on accept, `apply`), and
 * the detail (the thrown error's stack).
 *
 * @example
 * ```ts
 * const event: ReviewAuditEvent = {
 *   session_id: 's1', call_id: 'c1', tool: 'add_item', stage: 'apply', at: '2026-01-01T00:00:00.000Z',
 *   detail: 'Error: connection reset\n    at apply (host.ts:12:9)',
 * };
 * ```
 */
export interface ReviewAuditEvent {
  readonly session_id: string;
  readonly call_id: string;
  readonly tool: string;
  readonly stage: ReviewFailureStage;
  readonly at: string;
  readonly detail: string;
}

/** Where a host failure happened in a review. */
export type ReviewFailureStage = 'plan' | 'check' | 'apply';

/**
 * Drives sessions by id. Every method returns a {@link ReviewStep}: an action
 * the session's current state does not allow comes back `ok: false` with the
 * session as it is.
 *
 * @example
 * ```ts
 * const session = driver.open('add_item', { title: 'Tea' });
 * await driver.plan(session.id);
 * driver.present(session.id);
 * const step = await driver.accept(session.id);
 * step.session.state; // 'applied', or 'stale' if the list changed meanwhile
 * ```
 */
export interface ReviewDriver<P, V> {
  /** A new session in `draft`. */
  open(tool: string, proposal: P): ReviewSession<P, V>;
  /** Plans: `draft` -> `planning` -> `previewing` (or `failed`). */
  plan(id: string): Promise<ReviewStep<P, V>>;
  /** Shows the preview: `previewing` -> `awaiting_user`. */
  present(id: string): ReviewStep<P, V>;
  /** Accepts: re-checks the target, then `stale`, or applies to `applied` (or `failed`/`stale`). */
  accept(id: string): Promise<ReviewStep<P, V>>;
  /** Rejects: `awaiting_user` -> `rejected`. Never writes. */
  reject(id: string): ReviewStep<P, V>;
  /** Aborts any session not yet applying. Never writes. */
  abort(id: string): ReviewStep<P, V>;
  /** A new session (new id, new call id) for the proposal of a finished, unapplied one. */
  retry(id: string, proposal?: P): ReviewStep<P, V>;
  /** Plans and applies at once, recording the same states with mode `immediate`. */
  applyNow(tool: string, proposal: P): Promise<ReviewSession<P, V>>;
  /** The latest state of a session. Throws a `RangeError` for an unknown id. */
  get(id: string): ReviewSession<P, V>;
  /** Drops a finished session from memory. */
  forget(id: string): void;
}

/**
 * Creates a {@link ReviewDriver} over `host`.
 *
 * @example
 * ```ts
 * const driver = createReviewDriver(host, { onChange: (session) => log.push(session) });
 * ```
 */
export function createReviewDriver<P, V>(
  host: ReviewHost<P, V>,
  options: ReviewDriverOptions = {},
): ReviewDriver<P, V> {
  if (host.isStale === undefined && host.currentRevision === undefined) {
    throw new TypeError(
      'A review host needs currentRevision() or isStale(session): accept must be able to tell whether the target changed. If apply checks that itself, say so with isStale: () => false.',
    );
  }
  const makeId = options.newId ?? newId;
  const now = options.now ?? (() => new Date().toISOString());
  const sessions = new Map<string, ReviewSession<P, V>>();

  function get(id: string): ReviewSession<P, V> {
    const session = sessions.get(id);
    if (session === undefined)
      throw new RangeError(`There is no review session ${JSON.stringify(id)}.`);
    return session;
  }

  function act(id: string, action: ReviewAction<V>): ReviewStep<P, V> {
    const step = reduceReviewSession(get(id), action, now());
    if (step.ok) {
      sessions.set(id, step.session);
      options.onChange?.(step.session as ReviewSession<unknown, unknown>);
    }
    return step;
  }

  function start(tool: string, proposal: P, mode: ReviewMode, retry_of: string | null) {
    const session = createReviewSession<P, V>({
      id: makeId(),
      call_id: makeId(),
      tool,
      proposal,
      at: now(),
      mode,
      retry_of,
    });
    sessions.set(session.id, session);
    options.onChange?.(session as ReviewSession<unknown, unknown>);
    return session;
  }

  async function plan(id: string): Promise<ReviewStep<P, V>> {
    const begun = act(id, { type: 'plan' });
    if (!begun.ok) return begun;
    let outcome: PlanOutcome<V>;
    try {
      outcome = await host.plan(begun.session.proposal, begun.session);
    } catch (thrown) {
      outcome = { ok: false, error: hostFailed(begun.session, 'plan', thrown) };
    }
    // An abort while planning wins: the reducer refuses the late result.
    return outcome.ok
      ? act(id, { type: 'planned', preview: outcome.preview, revision: outcome.revision })
      : act(id, { type: 'plan_failed', error: outcome.error });
  }

  async function accept(id: string): Promise<ReviewStep<P, V>> {
    const session = get(id);
    if (
      host.isStale === undefined &&
      session.state === 'awaiting_user' &&
      session.base_revision === null
    ) {
      return {
        ok: false,
        session,
        refusal: {
          code: 'no_revision',
          from: session.state,
          action: 'accept',
          allowed: ['reject', 'abort'],
          message:
            'Cannot accept a plan that carries no revision: whether the target changed since cannot be checked. Reject it, or retry to plan again.',
        },
      };
    }
    const accepted = act(id, { type: 'accept' });
    if (!accepted.ok) return accepted;
    return applyAccepted(id);
  }

  async function applyAccepted(id: string): Promise<ReviewStep<P, V>> {
    const session = get(id);
    let stale: { revision: string | null } | null;
    try {
      stale = await staleness(session);
    } catch (thrown) {
      // Not knowing is not the same as stale: the check itself failed.
      return act(id, { type: 'check_failed', error: hostFailed(session, 'check', thrown) });
    }
    if (stale !== null) {
      return act(id, {
        type: 'mark_stale',
        revision: stale.revision,
        error: toolError('stale_revision', 'The target changed after this change was planned.', [
          {
            message: `Planned against revision ${session.base_revision ?? '(unknown)'}; the target is now at ${stale.revision ?? 'another revision'}.`,
            hint: 'Retry to plan the change again against the current target.',
          },
        ]),
      });
    }
    // Re-read: an abort during the check leaves the session aborted, and apply is refused.
    const applying = act(id, { type: 'apply' });
    if (!applying.ok) return applying;
    let outcome: ApplyOutcome;
    try {
      outcome = await host.apply(applying.session);
    } catch (thrown) {
      outcome = { ok: false, error: hostFailed(applying.session, 'apply', thrown) };
    }
    if (outcome.ok) {
      return act(id, {
        type: 'applied',
        revision_after: outcome.revision_after,
        changed: outcome.changed,
      });
    }
    if (outcome.error.code === 'stale_revision') {
      const revision = await currentRevision().catch(() => null);
      return act(id, { type: 'mark_stale', revision, error: outcome.error });
    }
    return act(id, { type: 'apply_failed', error: outcome.error });
  }

  /** The error the session shows for what the host threw; the audit gets what it was. */
  function hostFailed(session: ReviewSession<P, V>, stage: ReviewFailureStage, thrown: unknown) {
    try {
      options.audit?.({
        session_id: session.id,
        call_id: session.call_id,
        tool: session.tool,
        stage,
        at: now(),
        detail: describeThrown(thrown),
      });
    } catch {
      // A failing audit sink must not change the session.
    }
    return hostFailure(stage);
  }

  async function currentRevision(): Promise<string | null> {
    return host.currentRevision === undefined ? null : await host.currentRevision();
  }

  async function staleness(
    session: ReviewSession<P, V>,
  ): Promise<{ revision: string | null } | null> {
    if (host.isStale !== undefined) {
      return (await host.isStale(session)) ? { revision: await currentRevision() } : null;
    }
    // createReviewDriver requires currentRevision without isStale, and accept
    // refuses a plan without a revision before getting here.
    const revision = await currentRevision();
    return revision === session.base_revision ? null : { revision };
  }

  function retry(id: string, proposal?: P): ReviewStep<P, V> {
    const previous = get(id);
    if (!isTerminalReviewState(previous.state) || previous.state === 'applied') {
      return {
        ok: false,
        session: previous,
        refusal: {
          code: 'illegal_transition',
          from: previous.state,
          action: 'plan',
          allowed: [],
          message: `Only a session that ended without applying can be retried; this one is ${previous.state.replaceAll('_', ' ')}.`,
        },
      };
    }
    const session = start(previous.tool, proposal ?? previous.proposal, previous.mode, previous.id);
    return { ok: true, session };
  }

  async function applyNow(tool: string, proposal: P): Promise<ReviewSession<P, V>> {
    const session = start(tool, proposal, 'immediate', null);
    const planned = await plan(session.id);
    if (!planned.ok || planned.session.state !== 'previewing') return get(session.id);
    if (!act(session.id, { type: 'present' }).ok) return get(session.id);
    return (await accept(session.id)).session;
  }

  return {
    open: (tool, proposal) => start(tool, proposal, 'review', null),
    plan,
    present: (id) => act(id, { type: 'present' }),
    accept,
    reject: (id) => act(id, { type: 'reject' }),
    abort: (id) => act(id, { type: 'abort' }),
    retry,
    applyNow,
    get,
    forget: (id) => {
      const session = sessions.get(id);
      if (session !== undefined && !isTerminalReviewState(session.state)) {
        throw new TypeError(
          `Review session ${id} is still open (${session.state}); abort it first.`,
        );
      }
      sessions.delete(id);
    },
  };
}

const failures: Record<ReviewFailureStage, { message: string; hint: string }> = {
  plan: {
    message: 'Planning failed unexpectedly.',
    hint: 'Retry to plan again; if it fails again, report it.',
  },
  check: {
    message: 'Could not check whether the target changed.',
    hint: 'Retry to plan the change again against the current target.',
  },
  apply: {
    message: 'Applying failed unexpectedly.',
    hint: 'Read the target again before retrying: the change may have been applied in part.',
  },
};

/** What a session shows when the host threw at `stage`: a fixed message, never the thrown one. */
function hostFailure(stage: ReviewFailureStage): ToolError {
  const { message, hint } = failures[stage];
  return toolError('internal', message, [
    { message: 'The host stopped with an internal error.', hint },
  ]);
}
