/**
 * What one call through the pipeline came to, before it becomes the
 * `ToolInvocation` the caller sees and the `AuditEvent` the host keeps.
 * Every step of the pipeline ends in an {@link Outcome}; this file holds the
 * one rule for "the target was untouched" and the two views of an outcome.
 */
import type { AuditEvent } from './audit.ts';
import { errorResult, replayedResult, successResult, type ToolCallResult } from './call-result.ts';
import type { ToolError } from './tool-error.ts';

/** The target's revision before and after a call (`null` where unknown). */
export interface Revisions {
  readonly before: string | null;
  readonly after: string | null;
}

/**
 * Why a call failed, which is what decides whether the target is known to
 * be untouched (see {@link isUntouched}).
 *
 * - `not-run`: refused before the tool ran (access, arguments, idempotency key);
 * - `refused-by-tool`: the tool returned a refusal (any code but `internal`);
 * - `broke`: the tool threw, returned something that is not a result, an
 *   unknown error, an `internal` error, or an output that breaks its schema;
 * - `broke-before`: a replay of a call that broke after it may have written.
 */
export type FailureCause = 'not-run' | 'refused-by-tool' | 'broke' | 'broke-before';

/**
 * How one call ended.
 *
 * @example
 * ```ts
 * const outcome: Outcome = { ok: true, output: {}, changed: [], revisions: { before: 'r1', after: 'r1' }, dry_run: true };
 * ```
 */
export type Outcome =
  | {
      readonly ok: true;
      readonly output: Record<string, unknown>;
      readonly changed: readonly string[];
      readonly revisions: Revisions;
      readonly dry_run: boolean;
      /** Set for a replay: the call whose recorded output this is. */
      readonly replay_of?: string;
    }
  | {
      readonly ok: false;
      readonly error: ToolError;
      readonly cause: FailureCause;
      readonly revisions: Revisions;
      readonly dry_run: boolean;
      /** What went wrong inside, for the audit only (a thrown error's stack). */
      readonly detail?: string;
      readonly replay_of?: string;
    };

/**
 * The one rule for "the target is known not to have changed" after a
 * failed call. A call refused before it ran, and a refusal the tool returned,
 * changed nothing: whether the target moved meanwhile through someone else's
 * edit is the tool's to judge on its own range, never the pipeline's. A call
 * that broke is untouched only if the revision is known and did not move; a
 * replay of one that broke never is.
 *
 * @example
 * ```ts
 * isUntouched('broke', { before: 'r3', after: 'r3' }); // true
 * isUntouched('broke', { before: null, after: null }); // false: unknown
 * ```
 */
export function isUntouched(cause: FailureCause, revisions: Revisions): boolean {
  switch (cause) {
    case 'not-run':
    case 'refused-by-tool':
      return true;
    case 'broke':
      return revisions.before !== null && revisions.before === revisions.after;
    case 'broke-before':
      return false;
  }
}

/**
 * How a call ended. Both sides carry `result`, the MCP `CallToolResult` (and
 * WebMCP `execute` return) an adapter sends back unchanged.
 *
 * - `replayed`: the result was recorded by an earlier call with the same
 *   `idempotency_key` (`replay_of`) and returned without running.
 * - `untouched`: the target is known not to have changed, which for a write
 *   tool puts `Nothing was changed.` first in the text.
 *
 * @example
 * ```ts
 * const invocation: ToolInvocation = await pipeline.invoke('add_item', { title: 'Tea' }, { role: 'editor' });
 * if (invocation.ok) invocation.output; else invocation.error.code;
 * ```
 */
export type ToolInvocation =
  | {
      readonly ok: true;
      readonly tool: string;
      readonly call_id: string;
      readonly output: Record<string, unknown>;
      readonly replayed: boolean;
      readonly replay_of?: string;
      readonly revision_before: string | null;
      readonly revision_after: string | null;
      readonly changed: readonly string[];
      readonly result: ToolCallResult;
    }
  | {
      readonly ok: false;
      readonly tool: string;
      readonly call_id: string;
      readonly error: ToolError;
      readonly untouched: boolean;
      /** The target's revision after the call (`null` where unknown); the result's text ends with it. */
      readonly revision_after: string | null;
      /** Set when the failure is the recorded one of an earlier call with the same key. */
      readonly replay_of?: string;
      readonly result: ToolCallResult;
    };

/**
 * The caller's view of `outcome`: for a write tool, a failure that left the
 * target untouched says `Nothing was changed.` first, and one that may have
 * changed it says so; every failure ends with the revision after the call
 * when the host has one.
 *
 * @example
 * ```ts
 * const invocation = toInvocation({ name: 'add_item', call_id: 'c1', write: true }, outcome);
 * ```
 */
export function toInvocation(
  call: { readonly name: string; readonly call_id: string; readonly write: boolean },
  outcome: Outcome,
): ToolInvocation {
  const replay = outcome.replay_of === undefined ? {} : { replay_of: outcome.replay_of };
  if (outcome.ok) {
    return {
      ok: true,
      tool: call.name,
      call_id: call.call_id,
      output: outcome.output,
      replayed: outcome.replay_of !== undefined,
      ...replay,
      revision_before: outcome.revisions.before,
      revision_after: outcome.revisions.after,
      changed: outcome.changed,
      result:
        outcome.replay_of === undefined
          ? successResult(outcome.output)
          : replayedResult(outcome.output, outcome.replay_of, outcome.revisions.after),
    };
  }
  const untouched = isUntouched(outcome.cause, outcome.revisions);
  return {
    ok: false,
    tool: call.name,
    call_id: call.call_id,
    error: outcome.error,
    untouched,
    ...replay,
    revision_after: outcome.revisions.after,
    result: errorResult(
      outcome.error,
      call.write && untouched,
      call.write && !untouched,
      outcome.revisions.after,
    ),
  };
}

/**
 * The fields of an audit event that come from the call itself rather than
 * its outcome; `scope` may be given as `undefined` (no scope).
 */
export type AuditedCall = Pick<
  AuditEvent,
  'tool' | 'call_id' | 'role' | 'argument_digest' | 'started_at' | 'duration_ms'
> & { readonly scope?: AuditEvent['scope'] | undefined };

/**
 * The audit's view of `outcome`: everything, the detail the caller never
 * sees included. A replay is audited as changing nothing.
 *
 * @example
 * ```ts
 * sink(toAuditEvent(call, outcome));
 * ```
 */
export function toAuditEvent(call: AuditedCall, outcome: Outcome): AuditEvent {
  const replayed = outcome.replay_of !== undefined;
  // Written field by field in the order the event has always had, with no
  // spread copies: every call to a pipeline with a sink makes one.
  const event: { -readonly [K in keyof AuditEvent]: AuditEvent[K] } = {
    tool: call.tool,
    call_id: call.call_id,
    role: call.role,
  } as AuditEvent;
  if (call.scope !== undefined) event.scope = call.scope;
  event.argument_digest = call.argument_digest;
  event.started_at = call.started_at;
  event.duration_ms = call.duration_ms;
  event.status = replayed ? 'replayed' : outcome.ok ? 'ok' : 'error';
  if (!outcome.ok) event.error_code = outcome.error.code;
  if (replayed) event.replay_of = outcome.replay_of;
  event.dry_run = outcome.dry_run;
  event.revision_before = outcome.revisions.before;
  event.revision_after = outcome.revisions.after;
  event.changed = outcome.ok && !replayed ? outcome.changed : [];
  if (!outcome.ok && outcome.detail !== undefined) event.detail = outcome.detail;
  return event;
}
