/**
 * A score's activity log, shared on its Y.Doc: a capped `Y.Array` under a
 * root type of its own (`scorelane.activity`), so every peer of the
 * document (people, agents in their browsers, agents on the server) sees
 * every change. It is written with an origin of its own that no undo
 * controller tracks, so undo and redo never remove or restore an entry;
 * and only changes are recorded, so a refused call still leaves the
 * document byte-identical.
 */
import type * as Y from 'yjs';
import { type ActivityChange, type ActivityEntry, readActivityEntry } from './activity-entry.ts';

/** The name of the log's root type on the score's Y.Doc. */
export const ACTIVITY_LOG_ROOT = 'scorelane.activity';

/**
 * The transaction origin of every write to the log. Leave it out of an undo
 * controller's `trackedOrigins`: undo must never touch the log.
 */
export const ACTIVITY_LOG_ORIGIN: object = Object.freeze({ name: 'scorelane.activity-log' });

/** How many entries a log keeps by default; older ones are dropped. */
export const DEFAULT_ACTIVITY_CAP = 200;

/**
 * The activity log of one Y.Doc.
 *
 * @example
 * ```ts
 * const log = openActivityLog(doc);
 * log.subscribe(() => render(log.entries()));
 * ```
 */
export interface ActivityLog {
  readonly doc: Y.Doc;
  /** The most entries the log keeps: each record drops the oldest beyond it. */
  readonly cap: number;
  /** The entries, oldest first; anything a peer wrote that is no entry is skipped. */
  entries(): readonly ActivityEntry[];
  /** Records a change (one transaction with {@link ACTIVITY_LOG_ORIGIN}) and returns its entry. */
  record(change: ActivityChange): ActivityEntry;
  /** Calls `listener` after every change of the log, local or remote; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * Opens the activity log of `doc` (creating its root type on first use).
 * Throws a `RangeError` for a cap that is not a positive whole number.
 *
 * A record trims the log to `cap`. Peers that record at the same moment can
 * leave up to one extra entry each until the next record trims again.
 *
 * @example
 * ```ts
 * const log = openActivityLog(score.doc, { cap: 100 });
 * log.record({ by: { kind: 'agent', via: 'mcp' }, tool: 'rewrite_measures', summary: '1 unit in m2, part 1', range: null, revision: null });
 * log.entries().length; // 1
 * ```
 */
export function openActivityLog(doc: Y.Doc, options: { readonly cap?: number } = {}): ActivityLog {
  const cap = options.cap ?? DEFAULT_ACTIVITY_CAP;
  if (!Number.isSafeInteger(cap) || cap < 1) {
    throw new RangeError(`The activity log's cap must be a positive whole number, got ${cap}.`);
  }
  const array = doc.getArray<unknown>(ACTIVITY_LOG_ROOT);
  let fresh = 0;
  return {
    doc,
    cap,
    entries: () =>
      array.toArray().flatMap((value) => {
        const entry = readActivityEntry(value);
        return entry === null ? [] : [entry];
      }),
    record(change) {
      fresh += 1;
      const { call_id: callId, ...rest } = change;
      const entry: ActivityEntry = {
        ...rest,
        id: `${doc.clientID}:${callId ?? `activity_${Date.now().toString(36)}_${fresh}`}`,
        at: new Date().toISOString(),
        client: doc.clientID,
        range: rest.range === null ? null : { ...rest.range, parts: [...rest.range.parts] },
        ...(rest.proposed_by === undefined ? {} : { proposed_by: { ...rest.proposed_by } }),
      };
      doc.transact(() => {
        array.push([entry]);
        if (array.length > cap) array.delete(0, array.length - cap);
      }, ACTIVITY_LOG_ORIGIN);
      return entry;
    },
    subscribe(listener) {
      const observer = () => listener();
      array.observe(observer);
      return () => array.unobserve(observer);
    },
  };
}

/**
 * Whether `transaction` changed the activity log and nothing else (a host
 * that re-engraves the score on every update can skip it).
 *
 * @example
 * ```ts
 * doc.on('afterTransaction', (tr) => { if (!touchesOnlyActivity(tr)) render(); });
 * ```
 */
export function touchesOnlyActivity(transaction: Y.Transaction): boolean {
  const log = transaction.doc.share.get(ACTIVITY_LOG_ROOT);
  if (log === undefined || transaction.changed.size === 0) return false;
  for (const type of transaction.changed.keys()) {
    if (type !== log) return false;
  }
  return true;
}

/** The root types of a score's shared state beside the score: the activity log, the oversight settings, the proposals. */
const SHARED_STATE_ROOTS = [ACTIVITY_LOG_ROOT, 'scorelane.oversight', 'scorelane.proposals'];

/**
 * Whether `transaction` changed only the shared state beside the score (the
 * activity log, the oversight settings, the proposals) and nothing of the
 * score itself: a host that re-engraves on every update can skip it.
 *
 * @example
 * ```ts
 * doc.on('afterTransaction', (tr) => { if (!touchesOnlySharedState(tr)) render(); });
 * ```
 */
export function touchesOnlySharedState(transaction: Y.Transaction): boolean {
  if (transaction.changed.size === 0) return false;
  const shared = new Set<unknown>(
    SHARED_STATE_ROOTS.map((name) => transaction.doc.share.get(name)).filter(Boolean),
  );
  for (const type of transaction.changed.keys()) {
    if (!shared.has(type)) return false;
  }
  return true;
}
