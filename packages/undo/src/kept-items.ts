/**
 * Releasing what Yjs keeps for undo steps that are gone.
 *
 * `Y.UndoManager` marks every item a step deleted as kept, so that undo can
 * bring its content back, and the document never garbage-collects a kept
 * item. It never unmarks them when the undo stack is trimmed or a step is
 * popped, and even when it clears a stack it does not collect: Yjs only
 * collects what the transaction that deleted an item deleted, when that
 * transaction ends. So without this, memory and the encoded document grow
 * with every step ever made.
 *
 * Releasing a set of gone steps, in one transaction that changes nothing:
 * split deleted items at the edges of their ranges (Yjs merges neighbouring
 * deleted items, kept or not), unmark them, mark again whatever of them the
 * steps still on the stacks deleted too, and let the document collect the rest
 * (if it garbage-collects at all: `doc.gc`).
 */

import * as Y from 'yjs';
import {
  type DeleteSet,
  deleteSetsOverlap,
  forEachItem,
  intersectDeleteSets,
  isEmptyDeleteSet,
} from './delete-sets.ts';
import type { StackItem } from './step-meta.ts';

/** The origin of the transaction that releases kept items; it changes no content. */
export const releaseOrigin: object = Object.freeze({ name: '@scorelane/undo release' });

/**
 * Unmarks what the `gone` steps deleted, unless a step of `remaining` needs
 * it, and lets the document garbage-collect it.
 *
 * @example
 * ```ts
 * const dropped = undoManager.undoStack.splice(0, 1);
 * releaseKeptItems(doc, dropped, [...undoManager.undoStack, ...undoManager.redoStack]);
 * ```
 */
export function releaseKeptItems(
  doc: Y.Doc,
  gone: readonly Pick<StackItem, 'deletions'>[],
  remaining: Iterable<Pick<StackItem, 'deletions'>>,
): void {
  if (gone.length === 0) return;
  const released = Y.mergeDeleteSets(gone.map((item) => item.deletions));
  if (isEmptyDeleteSet(released)) return;
  doc.transact((transaction) => {
    splitAtEdges(transaction, released);
    forEachItem(doc, released, (item) => {
      if (item.deleted) item.keep = false;
    });
    // Only what a remaining step shares with the released set was unmarked:
    // marking that again costs what was released, not the whole history.
    for (const item of remaining) {
      if (!deleteSetsOverlap(item.deletions, released)) continue;
      forEachItem(doc, intersectDeleteSets(item.deletions, released), (kept) => {
        if (kept.deleted) kept.keep = true;
      });
    }
    if (doc.gc) Y.tryGc(released, doc.store, doc.gcFilter);
  }, releaseOrigin);
}

/** Splits the items at both ends of every range, so each range covers whole items. */
function splitAtEdges(transaction: Y.Transaction, set: DeleteSet): void {
  const store = transaction.doc.store;
  for (const [client, ranges] of set.clients) {
    const known = Y.getState(store, client);
    for (const { clock, len } of ranges) {
      for (const edge of [clock, clock + len]) {
        if (edge > 0 && edge < known) Y.getItemCleanStart(transaction, Y.createID(client, edge));
      }
    }
  }
}
