/**
 * The review state machine as data: which states exist, which may follow
 * which, and which action leads where. Pure: no callbacks, no clock.
 */

/**
 * Every state of a review session.
 *
 * ```text
 * draft -plan-> planning -planned-> previewing -present-> awaiting_user -accept-> accepted -apply-> applying -applied-> applied
 *                  |                                         |                        |                 |
 *             plan_failed                                  reject                 mark_stale   apply_failed | mark_stale
 *                  v                                         v                        v                 v
 *                failed                                   rejected                  stale         failed | stale
 *
 * abort: from draft, planning, previewing, awaiting_user or accepted -> aborted
 * ```
 *
 * @example
 * ```ts
 * REVIEW_STATES.length; // 11
 * ```
 */
export const REVIEW_STATES = [
  'draft',
  'planning',
  'previewing',
  'awaiting_user',
  'accepted',
  'applying',
  'applied',
  'rejected',
  'failed',
  'aborted',
  'stale',
] as const;

/**
 * One of {@link REVIEW_STATES}.
 *
 * @example
 * ```ts
 * const state: ReviewState = 'awaiting_user';
 * ```
 */
export type ReviewState = (typeof REVIEW_STATES)[number];

/**
 * The allowed transitions, from each state to the states that may follow it.
 * Terminal states (`applied`, `rejected`, `failed`, `aborted`, `stale`) have
 * none; a new attempt is a new session (retry). `applying` cannot be aborted:
 * the write is one transaction, already under way.
 *
 * @example
 * ```ts
 * REVIEW_TRANSITIONS.awaiting_user; // ['accepted', 'rejected', 'aborted']
 * ```
 */
export const REVIEW_TRANSITIONS: Readonly<Record<ReviewState, readonly ReviewState[]>> =
  Object.freeze({
    draft: ['planning', 'aborted'],
    planning: ['previewing', 'failed', 'aborted'],
    previewing: ['awaiting_user', 'aborted'],
    awaiting_user: ['accepted', 'rejected', 'aborted'],
    accepted: ['applying', 'stale', 'failed', 'aborted'],
    applying: ['applied', 'failed', 'stale'],
    applied: [],
    rejected: [],
    failed: [],
    aborted: [],
    stale: [],
  });

/**
 * Every action, as data: the states it may be taken in and the state it
 * leads to. Each edge is one of {@link REVIEW_TRANSITIONS}; an action is
 * narrower than its edge (`apply_failed` leads to `failed` only from
 * `applying`, `plan_failed` only from `planning`).
 *
 * @example
 * ```ts
 * REVIEW_ACTIONS.reject; // { from: ['awaiting_user'], to: 'rejected' }
 * ```
 */
export const REVIEW_ACTIONS = Object.freeze({
  plan: { from: ['draft'], to: 'planning' },
  planned: { from: ['planning'], to: 'previewing' },
  plan_failed: { from: ['planning'], to: 'failed' },
  present: { from: ['previewing'], to: 'awaiting_user' },
  accept: { from: ['awaiting_user'], to: 'accepted' },
  reject: { from: ['awaiting_user'], to: 'rejected' },
  apply: { from: ['accepted'], to: 'applying' },
  applied: { from: ['applying'], to: 'applied' },
  apply_failed: { from: ['applying'], to: 'failed' },
  mark_stale: { from: ['accepted', 'applying'], to: 'stale' },
  check_failed: { from: ['accepted'], to: 'failed' },
  abort: { from: ['draft', 'planning', 'previewing', 'awaiting_user', 'accepted'], to: 'aborted' },
} as const satisfies Record<string, { from: readonly ReviewState[]; to: ReviewState }>);

/**
 * The name of a review action.
 *
 * @example
 * ```ts
 * const type: ReviewActionType = 'accept';
 * ```
 */
export type ReviewActionType = keyof typeof REVIEW_ACTIONS;

/**
 * Whether `to` may directly follow `from`.
 *
 * @example
 * ```ts
 * canTransition('awaiting_user', 'accepted'); // true
 * canTransition('rejected', 'applying'); // false
 * ```
 */
export function canTransition(from: ReviewState, to: ReviewState): boolean {
  return REVIEW_TRANSITIONS[from].includes(to);
}

/**
 * Whether the action `type` may be taken in `state`.
 *
 * @example
 * ```ts
 * canTakeAction('awaiting_user', 'reject'); // true
 * canTakeAction('applying', 'abort'); // false
 * ```
 */
export function canTakeAction(state: ReviewState, type: ReviewActionType): boolean {
  return (REVIEW_ACTIONS[type].from as readonly ReviewState[]).includes(state);
}

/**
 * Whether no transition leaves `state`.
 *
 * @example
 * ```ts
 * isTerminalReviewState('stale'); // true
 * ```
 */
export function isTerminalReviewState(state: ReviewState): boolean {
  return REVIEW_TRANSITIONS[state].length === 0;
}

/**
 * The actions allowed in `state`, in {@link REVIEW_ACTIONS} order.
 *
 * @example
 * ```ts
 * allowedReviewActions('awaiting_user'); // ['accept', 'reject', 'abort']
 * ```
 */
export function allowedReviewActions(state: ReviewState): ReviewActionType[] {
  return (Object.keys(REVIEW_ACTIONS) as ReviewActionType[]).filter((type) =>
    canTakeAction(state, type),
  );
}
