/**
 * The revision of a score's Y.Doc as the tools read it, shared by every
 * score tools instance on it (a server's sessions, a page's agent and
 * person). score-model's `currentRevision` already keeps the revision of a
 * settled doc; what this adds is the hand-over of a write: `apply` takes the
 * revision inside the write's undo step, where score-model cannot keep it,
 * and the step hands it over, so it is not computed again.
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
  /** The revision now: the one a write handed over since the last transaction, or score-model's. */
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
  // The revision `apply` took inside a write's step, while the doc was not settled (so
  // score-model did not keep it); any other revision is score-model's, kept per settled state.
  let handedOver: string | undefined;
  let ended = 0;
  score.doc.on('afterTransaction', () => {
    handedOver = undefined;
    ended += 1;
  });
  const cache: RevisionCache = {
    current: () => handedOver ?? currentRevision(score),
    ended: () => ended,
    settle: (revision, expected) => {
      if (ended === expected) handedOver = revision;
    },
  };
  caches.set(score.doc, cache);
  return cache;
}
