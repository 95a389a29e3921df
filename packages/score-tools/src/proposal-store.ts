/**
 * A score's proposals, shared on its Y.Doc: every agent write held for
 * review while review mode is on, under a root type of its own
 * (`scorelane.proposals`, a `Y.Map` from proposal id to a JSON record).
 * Every peer lists the same proposals, so any person with the edit role can
 * decide one, and they survive a reload and a server restart like the
 * score. The store is written with `OVERSIGHT_ORIGIN`, which no undo
 * controller tracks; a held write changes only this root type, never the
 * score. Records a peer wrote that are no proposals are skipped.
 */
import type * as Y from 'yjs';
import type { ActivityActor } from './activity-entry.ts';
import { readActor, readRange } from './activity-entry.ts';
import { OVERSIGHT_ORIGIN } from './oversight-settings.ts';
import type { ScoreScopeInput } from './score-scope.ts';
import type { ScoreSelection } from './selection.ts';

/** The name of the proposals' root type on the score's Y.Doc. */
export const PROPOSALS_ROOT = 'scorelane.proposals';

/** How many decided proposals a store keeps; the oldest decided ones are dropped beyond it. */
export const DEFAULT_PROPOSAL_CAP = 100;

/**
 * Where a proposal stands: `pending` (waiting for a person), `accepted`
 * (applied), `rejected`, `stale` (accept found its measures changed since
 * it was planned, and wrote nothing) or `failed` (accept found it no longer
 * plans or reaches outside the scope it was proposed under).
 *
 * @example
 * ```ts
 * const state: ProposalState = 'pending';
 * ```
 */
export type ProposalState = 'pending' | 'accepted' | 'rejected' | 'stale' | 'failed';

/**
 * One unit a proposal replaces, as lanes-seq before and after.
 *
 * @example
 * ```ts
 * const change: ProposalChange = { unit: 'P1 s1 m2', before: 'P1 s1 v1 m2: A4=1', after: 'P1 s1 v1 m2: B4=1' };
 * ```
 */
export interface ProposalChange {
  readonly unit: string;
  readonly before: string;
  readonly after: string;
}

/**
 * A held write, as the document keeps it.
 *
 * @example
 * ```ts
 * const proposal: Proposal = store.get(id)!;
 * `${proposal.proposed_by.name} proposes ${proposal.tool} (${proposal.state})`;
 * ```
 */
export interface Proposal {
  readonly id: string;
  /** The write tool and its arguments (without `dry_run` and `idempotency_key`). */
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly proposed_by: ActivityActor;
  /** The Yjs client id of the document that proposed it. */
  readonly client: number;
  readonly proposed_at: string;
  /** The revision the write was planned on; accept plans again against it. */
  readonly base_revision: string;
  /** The measures and parts it changes, as numbered after it. */
  readonly range: ScoreSelection;
  /** The agents' scope it was proposed under (`null`: the whole score); accept checks it again. */
  readonly scope: ScoreScopeInput | null;
  readonly changes: readonly ProposalChange[];
  /** The write's summary, for the model and the page. */
  readonly summary: string;
  readonly state: ProposalState;
  readonly decided_by: ActivityActor | null;
  readonly decided_at: string | null;
  /** Why it went stale or failed, or what accept applied. */
  readonly message: string | null;
  /** The score's revision right after an accepted proposal applied. */
  readonly revision_after: string | null;
}

/** What a decision sets on a proposal. */
export type ProposalDecision = Pick<Proposal, 'state' | 'decided_by' | 'message'> & {
  readonly revision_after?: string | null;
};

/**
 * The proposals of one Y.Doc.
 *
 * @example
 * ```ts
 * const store = openProposalStore(doc);
 * store.subscribe(() => render(store.list()));
 * ```
 */
export interface ProposalStore {
  readonly doc: Y.Doc;
  /** Every proposal, oldest first. */
  list(): readonly Proposal[];
  get(id: string): Proposal | undefined;
  /** Adds a proposal (one transaction with `OVERSIGHT_ORIGIN`), dropping the oldest decided ones beyond the cap. */
  add(proposal: Proposal): void;
  /** Records a decision on a pending proposal; returns it as now, or `undefined` when it is not pending. */
  decide(id: string, decision: ProposalDecision): Proposal | undefined;
  /** Calls `listener` after every change of the proposals, local or remote; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * Opens the proposals of `doc`. Throws a `RangeError` for a cap that is not
 * a positive whole number.
 *
 * @example
 * ```ts
 * const store = openProposalStore(score.doc);
 * store.list().filter((proposal) => proposal.state === 'pending');
 * ```
 */
export function openProposalStore(
  doc: Y.Doc,
  options: { readonly cap?: number } = {},
): ProposalStore {
  const cap = options.cap ?? DEFAULT_PROPOSAL_CAP;
  if (!Number.isSafeInteger(cap) || cap < 1) {
    throw new RangeError(`The proposal store's cap must be a positive whole number, got ${cap}.`);
  }
  const map = doc.getMap<unknown>(PROPOSALS_ROOT);
  const list = (): Proposal[] =>
    [...map.values()]
      .flatMap((value) => {
        const proposal = readProposal(value);
        return proposal === null ? [] : [proposal];
      })
      .sort((a, b) => a.proposed_at.localeCompare(b.proposed_at) || a.id.localeCompare(b.id));
  const get = (id: string) => {
    const proposal = readProposal(map.get(id));
    return proposal?.id === id ? proposal : undefined;
  };
  return {
    doc,
    list,
    get,
    add(proposal) {
      doc.transact(() => {
        map.set(proposal.id, plain(proposal));
        const decided = list().filter((held) => held.state !== 'pending');
        for (const old of decided.slice(0, Math.max(0, decided.length - cap))) map.delete(old.id);
      }, OVERSIGHT_ORIGIN);
    },
    decide(id, decision) {
      const proposal = get(id);
      if (proposal === undefined || proposal.state !== 'pending') return undefined;
      const decided: Proposal = {
        ...proposal,
        state: decision.state,
        decided_by: decision.decided_by,
        decided_at: new Date().toISOString(),
        message: decision.message,
        revision_after: decision.revision_after ?? null,
      };
      doc.transact(() => map.set(id, plain(decided)), OVERSIGHT_ORIGIN);
      return decided;
    },
    subscribe(listener) {
      const observer = () => listener();
      map.observe(observer);
      return () => map.unobserve(observer);
    },
  };
}

const STATES = new Set<string>(['pending', 'accepted', 'rejected', 'stale', 'failed']);

/**
 * `value` as a proposal, or `null` when it is not one (a peer wrote
 * something else): the store's reader skips it.
 *
 * @example
 * ```ts
 * readProposal({ id: 1 }); // null
 * ```
 */
export function readProposal(value: unknown): Proposal | null {
  if (!isRecord(value)) return null;
  const { id, tool, args, client, proposed_at, base_revision, summary, state } = value;
  if (typeof id !== 'string' || typeof tool !== 'string' || !isRecord(args)) return null;
  if (typeof client !== 'number' || typeof proposed_at !== 'string') return null;
  if (typeof base_revision !== 'string' || typeof summary !== 'string') return null;
  if (typeof state !== 'string' || !STATES.has(state)) return null;
  const proposedBy = readActor(value.proposed_by);
  const range = readRange(value.range);
  if (proposedBy === null || range === null || !Array.isArray(value.changes)) return null;
  return {
    id,
    tool,
    args,
    proposed_by: proposedBy,
    client,
    proposed_at,
    base_revision,
    range,
    scope: readScope(value.scope),
    changes: value.changes.flatMap((change) =>
      isRecord(change) &&
      typeof change.unit === 'string' &&
      typeof change.before === 'string' &&
      typeof change.after === 'string'
        ? [{ unit: change.unit, before: change.before, after: change.after }]
        : [],
    ),
    summary,
    state: state as ProposalState,
    decided_by: readActor(value.decided_by),
    decided_at: typeof value.decided_at === 'string' ? value.decided_at : null,
    message: typeof value.message === 'string' ? value.message : null,
    revision_after: typeof value.revision_after === 'string' ? value.revision_after : null,
  };
}

/** A proposal as the plain JSON Yjs stores. */
function plain(proposal: Proposal): Record<string, unknown> {
  return JSON.parse(JSON.stringify(proposal)) as Record<string, unknown>;
}

function readScope(value: unknown): ScoreScopeInput | null {
  if (!isRecord(value) || !isRecord(value.measures)) return null;
  const { start, end } = value.measures;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  const measures = { start: start as number, end: end as number };
  const parts = Array.isArray(value.parts) ? (value.parts as number[]) : undefined;
  return parts === undefined ? { measures } : { measures, parts };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
