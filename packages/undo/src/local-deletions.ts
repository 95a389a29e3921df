/**
 * Keeping Y.Map undo and redo exact after history branches.
 *
 * When Yjs restores a Y.Map value (on undo, the value a step deleted; on
 * redo, the value an undo deleted), it first walks the newer values of that
 * key. Each one must have been deleted by the step being popped, by a step
 * still on one of the stacks, or have been redone; any other newer value is
 * taken for a collaborator's overwrite, and the value is silently not
 * restored. But local history forgets deletions: a new step discards the redo
 * stack (and with it the record that an undo deleted a value), `maxSteps`
 * trims the oldest steps, and a step that wrote one key twice deleted its own
 * first value. After that, an older step that deleted the key undoes nothing.
 *
 * The controller therefore remembers every deletion made by local work (the
 * tracked origins and the undo manager's own undo and redo), and while it
 * pops a step, shows them to Yjs as one more step on the stack that is not
 * being popped. Yjs only reads that step's deletions for this check; it never
 * pops it. Values collaborators wrote and that are still there are never in
 * the set, so they still win, as before.
 */

import * as Y from 'yjs';
import type { StackItem } from './step-meta.ts';

/** Yjs' DeleteSet (not exported by name): per client, sorted `{ clock, len }` ranges. */
type DeleteSet = ReturnType<typeof Y.createDeleteSet>;

/**
 * Accumulates the deletions of local transactions.
 *
 * @example
 * ```ts
 * const local = createLocalDeletions();
 * doc.on('afterTransaction', (tr) => { if (isLocal(tr.origin)) local.add(tr.deleteSet); });
 * const hide = local.show(manager, 'undo');
 * try { manager.undo(); } finally { hide(); }
 * ```
 */
export interface LocalDeletions {
  /** Remembers the ids in `deleteSet` as deleted by local work. */
  add(deleteSet: DeleteSet): void;
  /**
   * Makes the remembered deletions count as deleted by a step on the stack
   * that `direction` does not pop, until the returned function is called
   * (calling it again does nothing). Hide them as soon as the pop's
   * transaction ends, before listeners see the stacks.
   */
  show(manager: Y.UndoManager, direction: 'undo' | 'redo'): () => void;
}

/** Merge pending additions into the sorted set once this many have accumulated. */
const compactEvery = 64;

/**
 * Creates an empty {@link LocalDeletions}.
 *
 * @example
 * ```ts
 * const local = createLocalDeletions();
 * ```
 */
export function createLocalDeletions(): LocalDeletions {
  let merged: DeleteSet = Y.createDeleteSet();
  let pending: DeleteSet[] = [];
  const compact = (): DeleteSet => {
    if (pending.length > 0) {
      merged = Y.mergeDeleteSets([merged, ...pending]);
      pending = [];
    }
    return merged;
  };
  return {
    add(deleteSet) {
      if (deleteSet.clients.size === 0) return;
      pending.push(deleteSet);
      if (pending.length >= compactEvery) compact();
    },
    show(manager, direction) {
      const deletions = compact();
      if (deletions.clients.size === 0) return () => undefined;
      // The stack Yjs does not pop during this call; it only reads deletions there.
      const other: StackItem[] = direction === 'undo' ? manager.redoStack : manager.undoStack;
      const marker = {
        insertions: Y.createDeleteSet(),
        deletions,
        meta: new Map(),
      } as unknown as StackItem;
      other.unshift(marker);
      return () => {
        const index = other.indexOf(marker);
        if (index >= 0) other.splice(index, 1);
      };
    },
  };
}
