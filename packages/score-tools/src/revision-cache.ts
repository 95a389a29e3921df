/**
 * The revision of a score's Y.Doc, computed at most once per state of the
 * doc and shared by every score tools instance on it (a server's sessions,
 * a page's agent and person): the pipeline asks for it before and after
 * every call, and it only moves when a transaction ends. A write that
 * already knows the revision its step ended at hands it over, so it is not
 * computed again.
 */
import { currentRevision, type Score } from '@scorelane/score-model';
import type * as Y from 'yjs';

/**
 * The revision of one doc now, and what its writes have told it.
 *
 * @example
 * ```ts
 * const revisions = revisionCacheOf(score);
 * revisions.current() === revisions.current(); // true, computed once
 * ```
 */
export interface RevisionCache {
  /** The revision now: computed when a transaction has ended since it was last known. */
  current(): string;
  /** How many transactions of the doc have ended since the cache was made. */
  ended(): number;
  /**
   * Takes `revision` as the revision now, if the doc's transactions that
   * ended come to `ended` exactly (the one a write just made, and no other
   * since); otherwise it is computed when next asked.
   */
  settle(revision: string, ended: number): void;
}

const caches = new WeakMap<Y.Doc, RevisionCache>();

/**
 * The revision cache of `score`'s doc, made on first use.
 *
 * @example
 * ```ts
 * const revisions = revisionCacheOf(score);
 * const before = revisions.ended();
 * const applied = undo.runAsStep({ actor: 'agent' }, () => apply(score, plan));
 * if (applied.ok) revisions.settle(applied.revision, before + 1);
 * ```
 */
export function revisionCacheOf(score: Score): RevisionCache {
  const known = caches.get(score.doc);
  if (known !== undefined) return known;
  let cached: string | undefined;
  let ended = 0;
  score.doc.on('afterTransaction', () => {
    cached = undefined;
    ended += 1;
  });
  const cache: RevisionCache = {
    current: () => {
      cached ??= currentRevision(score);
      return cached;
    },
    ended: () => ended,
    settle: (revision, expected) => {
      if (ended === expected) cached = revision;
    },
  };
  caches.set(score.doc, cache);
  return cache;
}
