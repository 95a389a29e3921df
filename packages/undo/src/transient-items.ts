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
import type { StackItem } from './step-meta.ts';

/** Yjs' DeleteSet (not exported by name): per client, sorted `{ clock, len }` ranges. */
type DeleteSet = ReturnType<typeof Y.createDeleteSet>;

/**
 * The ranges present in both `a` and `b`.
 *
 * @example
 * ```ts
 * const both = intersectDeleteSets(item.insertions, item.deletions); // created and deleted by the step
 * ```
 */
export function intersectDeleteSets(a: DeleteSet, b: DeleteSet): DeleteSet {
  const result = Y.createDeleteSet();
  const byClock = (x: { clock: number }, y: { clock: number }): number => x.clock - y.clock;
  for (const [client, leftRanges] of a.clients) {
    const rightRanges = b.clients.get(client);
    if (rightRanges === undefined) continue;
    const left = [...leftRanges].sort(byClock);
    const right = [...rightRanges].sort(byClock);
    const ranges: { clock: number; len: number }[] = [];
    let i = 0;
    let j = 0;
    while (i < left.length && j < right.length) {
      const l = left[i]!;
      const r = right[j]!;
      const start = Math.max(l.clock, r.clock);
      const end = Math.min(l.clock + l.len, r.clock + r.len);
      if (start < end) ranges.push({ clock: start, len: end - start });
      if (l.clock + l.len < r.clock + r.len) i++;
      else j++;
    }
    if (ranges.length > 0) result.clients.set(client, ranges);
  }
  return result;
}

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
