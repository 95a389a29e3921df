/**
 * A review session: one proposed change (of any shape `P`), its preview
 * (`V`), and where it stands in the review. Sessions are immutable values;
 * {@link reduceReviewSession} returns the next one or says why it cannot.
 */
import * as z from 'zod';
import {
  allowedReviewActions,
  canTakeAction,
  REVIEW_ACTIONS,
  REVIEW_STATES,
  type ReviewActionType,
  type ReviewState,
} from './review-states.ts';
import { TOOL_ERROR_CODES, type ToolError } from './tool-error.ts';
import type { ScopeDescription } from './write-scope.ts';

/**
 * `review`: a person accepts or rejects. `immediate`: the host applies at
 * once, through the same states, so both leave the same record.
 *
 * @example
 * ```ts
 * const mode: ReviewMode = 'immediate';
 * ```
 */
export type ReviewMode = 'review' | 'immediate';

/**
 * One step in a session's history.
 *
 * @example
 * ```ts
 * const step: ReviewHistoryEntry = { action: 'accept', from: 'awaiting_user', to: 'accepted', at: '2026-01-01T00:00:00.000Z' };
 * ```
 */
export interface ReviewHistoryEntry {
  readonly action: ReviewActionType;
  readonly from: ReviewState;
  readonly to: ReviewState;
  readonly at: string;
}

/**
 * A review session. JSON only (given JSON `P` and `V`), so a UI or a log can
 * show it; {@link reviewSessionSchema} checks one read back.
 *
 * @example
 * ```ts
 * const session: ReviewSession<{ title: string }, { before: string; after: string }> =
 *   createReviewSession({ id: 's1', call_id: 'c1', tool: 'rename_item', proposal: { title: 'Tea' }, at: '2026-01-01T00:00:00.000Z' });
 * ```
 */
export interface ReviewSession<P, V = unknown> {
  readonly id: string;
  /** The tool call this session plans and applies; a retry gets a new one. */
  readonly call_id: string;
  /** The session this one retries, if any. */
  readonly retry_of: string | null;
  readonly tool: string;
  readonly mode: ReviewMode;
  readonly state: ReviewState;
  readonly proposal: P;
  /** The write scope the session was proposed under (`null`: none); a retry keeps it. */
  readonly scope: ScopeDescription | null;
  /** The plan to show, once planned. */
  readonly preview: V | null;
  /** The revision the plan was made against; accept re-checks it. */
  readonly base_revision: string | null;
  /** The revision the target changed to (`stale`) or the write produced (`applied`). */
  readonly revision_after: string | null;
  /** Ids of what the write changed. */
  readonly changed: readonly string[];
  /** Why it `failed` or went `stale`. */
  readonly error: ToolError | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly history: readonly ReviewHistoryEntry[];
}

/**
 * An action on a session. The data each carries lands in the session.
 *
 * @example
 * ```ts
 * const action: ReviewAction<string> = { type: 'planned', preview: 'Tea -> Green tea', revision: 'r4' };
 * ```
 */
export type ReviewAction<V = unknown> =
  | { readonly type: 'plan' }
  | { readonly type: 'planned'; readonly preview: V; readonly revision: string | null }
  | { readonly type: 'plan_failed'; readonly error: ToolError }
  | { readonly type: 'present' }
  | { readonly type: 'accept' }
  | { readonly type: 'reject' }
  | { readonly type: 'apply' }
  | {
      readonly type: 'applied';
      readonly revision_after: string | null;
      readonly changed: readonly string[];
    }
  | { readonly type: 'apply_failed'; readonly error: ToolError }
  | { readonly type: 'mark_stale'; readonly revision: string | null; readonly error: ToolError }
  | { readonly type: 'check_failed'; readonly error: ToolError }
  | { readonly type: 'abort' };

/**
 * Why an action was refused: it is not allowed in the session's state.
 *
 * @example
 * ```ts
 * const refusal: ReviewRefusal = {
 *   code: 'illegal_transition', from: 'rejected', action: 'accept', allowed: [],
 *   message: 'Cannot accept a session that is rejected.',
 * };
 * ```
 */
export interface ReviewRefusal {
  /**
   * `illegal_transition`: the state does not allow the action.
   * `no_revision`: accept needs the revision the plan was made against, to
   * check that the target has not changed since, and the plan gave none.
   */
  readonly code: 'illegal_transition' | 'no_revision';
  readonly from: ReviewState;
  readonly action: ReviewActionType;
  readonly allowed: readonly ReviewActionType[];
  readonly message: string;
}

/**
 * The outcome of an action: the next session, or the unchanged session and
 * why the action was refused.
 *
 * @example
 * ```ts
 * const step: ReviewStep<string> = reduceReviewSession(session, { type: 'abort' }, now);
 * if (!step.ok) console.log(step.refusal.message);
 * ```
 */
export type ReviewStep<P, V = unknown> =
  | { readonly ok: true; readonly session: ReviewSession<P, V> }
  | { readonly ok: false; readonly session: ReviewSession<P, V>; readonly refusal: ReviewRefusal };

/**
 * What {@link createReviewSession} needs.
 *
 * @example
 * ```ts
 * const start: NewReviewSession<{ title: string }> = {
 *   id: 's1', call_id: 'c1', tool: 'rename_item', proposal: { title: 'Tea' }, at: '2026-01-01T00:00:00.000Z',
 * };
 * ```
 */
export interface NewReviewSession<P> {
  readonly id: string;
  readonly call_id: string;
  readonly tool: string;
  readonly proposal: P;
  readonly at: string;
  readonly mode?: ReviewMode;
  readonly retry_of?: string | null;
  /** The write scope the proposal was made under. */
  readonly scope?: ScopeDescription | null;
}

/**
 * A new session in `draft`.
 *
 * @example
 * ```ts
 * createReviewSession({ id: 's1', call_id: 'c1', tool: 'rename_item', proposal: { title: 'Tea' }, at }).state; // 'draft'
 * ```
 */
export function createReviewSession<P, V = unknown>(
  start: NewReviewSession<P>,
): ReviewSession<P, V> {
  return {
    id: start.id,
    call_id: start.call_id,
    retry_of: start.retry_of ?? null,
    tool: start.tool,
    mode: start.mode ?? 'review',
    state: 'draft',
    proposal: start.proposal,
    scope: start.scope ?? null,
    preview: null,
    base_revision: null,
    revision_after: null,
    changed: [],
    error: null,
    created_at: start.at,
    updated_at: start.at,
    history: [],
  };
}

/**
 * Applies one action at time `at` (an ISO timestamp). Pure. An action the
 * session's state does not allow returns `ok: false` with the session
 * unchanged: a late click or a duplicate message is an expected event, not a
 * bug.
 *
 * @example
 * ```ts
 * const step = reduceReviewSession(session, { type: 'reject' }, '2026-01-01T00:00:05.000Z');
 * step.ok && step.session.state; // 'rejected'
 * ```
 */
export function reduceReviewSession<P, V>(
  session: ReviewSession<P, V>,
  action: ReviewAction<V>,
  at: string,
): ReviewStep<P, V> {
  if (!canTakeAction(session.state, action.type)) {
    return {
      ok: false,
      session,
      refusal: {
        code: 'illegal_transition',
        from: session.state,
        action: action.type,
        allowed: allowedReviewActions(session.state),
        message: `Cannot ${action.type.replaceAll('_', ' ')} a session that is ${session.state.replaceAll('_', ' ')}.`,
      },
    };
  }
  const to = REVIEW_ACTIONS[action.type].to;
  const next: ReviewSession<P, V> = {
    ...session,
    ...actionData<P, V>(action),
    state: to,
    updated_at: at,
    history: [...session.history, { action: action.type, from: session.state, to, at }],
  };
  return { ok: true, session: next };
}

function actionData<P, V>(action: ReviewAction<V>): Partial<ReviewSession<P, V>> {
  switch (action.type) {
    case 'planned':
      return { preview: action.preview, base_revision: action.revision };
    case 'plan_failed':
    case 'apply_failed':
    case 'check_failed':
      return { error: action.error };
    case 'mark_stale':
      return { error: action.error, revision_after: action.revision };
    case 'applied':
      return { revision_after: action.revision_after, changed: [...action.changed] };
    default:
      return {};
  }
}

/**
 * A zod schema for {@link ToolError}, for reading errors back from JSON.
 *
 * @example
 * ```ts
 * toolErrorSchema.parse(JSON.parse(text));
 * ```
 */
export const toolErrorSchema = z.object({
  code: z.enum(TOOL_ERROR_CODES),
  message: z.string(),
  problems: z.array(
    z.object({ path: z.string().optional(), message: z.string(), hint: z.string().optional() }),
  ),
});

/**
 * A zod schema for a serialized session, given schemas for its proposal and
 * preview.
 *
 * @example
 * ```ts
 * const schema = reviewSessionSchema(z.object({ title: z.string() }), z.string());
 * const restored = schema.parse(JSON.parse(JSON.stringify(session)));
 * ```
 */
export function reviewSessionSchema<P extends z.ZodType, V extends z.ZodType>(
  proposal: P,
  preview: V,
) {
  const state = z.enum(REVIEW_STATES);
  return z.object({
    id: z.string().min(1),
    call_id: z.string().min(1),
    retry_of: z.string().nullable(),
    tool: z.string().min(1),
    mode: z.enum(['review', 'immediate']),
    state,
    proposal,
    // Sessions written before scopes existed have none.
    scope: z
      .object({ label: z.string(), data: z.record(z.string(), z.unknown()) })
      .nullable()
      .default(null),
    // A preview of undefined is left out of the JSON, so it may be missing.
    preview: preview.nullable().optional(),
    base_revision: z.string().nullable(),
    revision_after: z.string().nullable(),
    changed: z.array(z.string()),
    error: toolErrorSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    history: z.array(
      z.object({
        action: z.enum(Object.keys(REVIEW_ACTIONS) as [ReviewActionType, ...ReviewActionType[]]),
        from: state,
        to: state,
        at: z.string(),
      }),
    ),
  });
}
