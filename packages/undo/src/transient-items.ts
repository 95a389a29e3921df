/**
 * Keeping Y.Map undo exact when a step writes the same key more than once.
 *
 * A step that sets a key twice (a person entering two notes into one measure
 * within the capture timeout, a tool call that rewrites a unit and then fixes
 * it) creates a value that the step itself deletes: a transient item. Yjs'
 * undo restores an older value of a key only if every newer value of that key
 * was deleted by the step being undone or by a step still on a stack; once
 * the step with the transient is undone, its stack item is gone, so the
 * transient looks like a collaborator's overwrite and the older step silently
 * undoes nothing. Yjs tracks this as a family of Y.Map undo issues
 * (yjs/yjs#165, #355, #514).
 *
 * The fix: before an undo, every step on the undo stack also lists, as both
 * inserted and deleted by itself, the transients of all newer steps. Yjs
 * treats ids that a step both inserted and deleted as "created and deleted
 * within this step": it neither deletes nor restores them, but it steps over
 * them when restoring an older value. Collaborators' values are never listed,
 * so they still win.
 */

import * as Y from 'yjs';
import { type DeleteSet, intersectDeleteSets } from './delete-sets.ts';
import type { StackItem } from './step-meta.ts';

/**
 * Walks `undoStack` from the newest step to the oldest and adds to each step
 * the transient items of every newer step, so that undoing any of them can
 * restore values those transients sit in front of.
 *
 * @example
 * ```ts
 * carryTransientItems(undoManager.undoStack);
 * undoManager.undo();
 * ```
 */
export function carryTransientItems(undoStack: StackItem[]): void {
  let newer: DeleteSet | null = null;
  for (let index = undoStack.length - 1; index >= 0; index--) {
    const item = undoStack[index]!;
    if (newer !== null) {
      item.insertions = Y.mergeDeleteSets([item.insertions, newer]);
      item.deletions = Y.mergeDeleteSets([item.deletions, newer]);
    }
    // The step's own transients, which now include every newer step's.
    const own = intersectDeleteSets(item.insertions, item.deletions);
    newer = own.clients.size > 0 ? own : null;
  }
}
