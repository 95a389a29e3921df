/**
 * The audit trail: one event per call, whatever its outcome, with enough to
 * answer "who changed what, when, from which revision to which".
 */
import type { ToolErrorCode } from './tool-error.ts';
import type { ScopeDescription } from './write-scope.ts';

/**
 * How a call ended: it ran (`ok`), returned a recorded result without
 * running (`replayed`), or failed (`error`, with `error_code`).
 *
 * @example
 * ```ts
 * const status: AuditStatus = 'replayed';
 * ```
 */
export type AuditStatus = 'ok' | 'replayed' | 'error';

/**
 * One call, as the audit log keeps it. JSON only.
 *
 * @example
 * ```ts
 * const event: AuditEvent = {
 *   tool: 'add_item', call_id: 'c1', role: 'editor', argument_digest: '9c1f0e3a5b7d2468',
 *   status: 'ok', dry_run: false, started_at: '2026-01-01T00:00:00.000Z', duration_ms: 3,
 *   revision_before: 'r4', revision_after: 'r5', changed: ['item:3'],
 * };
 * ```
 */
export interface AuditEvent {
  readonly tool: string;
  readonly call_id: string;
  readonly role: string;
  /** The write scope the call ran under, when the host set one. */
  readonly scope?: ScopeDescription;
  /** Digest of the arguments (see `stableDigest`); null when they could not be digested. */
  readonly argument_digest: string | null;
  readonly status: AuditStatus;
  readonly error_code?: ToolErrorCode;
  readonly dry_run: boolean;
  /** For a replay: the call whose recorded result was returned. */
  readonly replay_of?: string;
  readonly started_at: string;
  readonly duration_ms: number;
  readonly revision_before: string | null;
  readonly revision_after: string | null;
  /** Ids of what the call changed, as the tool reported them. */
  readonly changed: readonly string[];
  /** For an `internal` error: what went wrong, stack included. Never shown to the agent. */
  readonly detail?: string;
}

/**
 * Receives each audit event as the call ends. Called synchronously; an
 * exception it throws reaches the caller of `invokeTool`.
 *
 * @example
 * ```ts
 * const sink: AuditSink = (event) => console.log(JSON.stringify(event));
 * ```
 */
export type AuditSink = (event: AuditEvent) => void;

/**
 * An in-memory audit log holding the last `limit` events (default 1000).
 *
 * @example
 * ```ts
 * const log = createAuditLog();
 * await invokeTool(catalog, 'add_item', { title: 'Tea' }, { role: 'editor', context, audit: log.sink });
 * log.events().at(-1)?.status; // 'ok'
 * ```
 */
export function createAuditLog(options: { readonly limit?: number } = {}): {
  readonly sink: AuditSink;
  events(): readonly AuditEvent[];
} {
  const limit = options.limit ?? 1000;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`The audit log limit must be a positive integer, got ${limit}.`);
  }
  const events: AuditEvent[] = [];
  return {
    sink: (event) => {
      events.push(event);
      if (events.length > limit) events.splice(0, events.length - limit);
    },
    events: () => [...events],
  };
}
