/**
 * Which `Y.Map` keys each step wrote, and which of them a collaborator has
 * changed since. This is what decides an undo (or redo) around collaborators:
 * a key a collaborator set or deleted after the step is theirs, and the
 * controller leaves it alone (see the README's "Undo and collaborators").
 *
 * A key is a `Y.Map` key (or an XML attribute) of one shared type. A
 * collaborator's change anywhere inside a nested type counts as a change of
 * every key on the way up to it, so undoing the step that created a nested
 * map never deletes what a collaborator wrote inside it. Edits of sequences
 * (`Y.Text`, `Y.Array`) are not keys: Yjs keeps collaborators' text and
 * items there by position, as before.
 */

import type * as Y from 'yjs';
import { type DeleteSet, deleteSetOf, forEachItem, subtractDeleteSets } from './delete-sets.ts';
import type { StackItem } from './step-meta.ts';
import type { SharedType } from './undo-scope.ts';

/** Keys per shared type. */
type KeySet = Map<SharedType, Set<string>>;

interface StepKeys {
  /** The keys the step's transactions changed. */
  readonly written: KeySet;
  /** The written keys a collaborator changed after the step wrote them. */
  readonly changedByOthers: KeySet;
}

const keysSlot = Symbol('@scorelane/undo keys');

function keysOf(item: StackItem): StepKeys {
  let keys = item.meta.get(keysSlot) as StepKeys | undefined;
  if (keys === undefined) {
    keys = { written: new Map(), changedByOthers: new Map() };
    item.meta.set(keysSlot, keys);
  }
  return keys;
}

function addKey(set: KeySet, type: SharedType, key: string): void {
  let keys = set.get(type);
  if (keys === undefined) {
    keys = new Set();
    set.set(type, keys);
  }
  keys.add(key);
}

/** `(type, key)` and the key of every nested type on the way up from `type` to its root. */
function* keyAndAncestors(type: SharedType, key: string | null): Generator<[SharedType, string]> {
  if (key !== null) yield [type, key];
  for (let item = type._item; item !== null; item = (item.parent as SharedType)._item) {
    if (item.parentSub !== null) yield [item.parent as SharedType, item.parentSub];
  }
}

/**
 * Records the keys `transaction` changed as written by the step `item`.
 *
 * @example
 * ```ts
 * recordWrites(undoManager.undoStack.at(-1)!, transaction);
 * ```
 */
export function recordWrites(item: StackItem, transaction: Y.Transaction): void {
  const { written } = keysOf(item);
  for (const [type, keys] of transaction.changed) {
    for (const key of keys) if (key !== null) addKey(written, type as SharedType, key);
  }
}

/**
 * Marks, on every step in `items`, the written keys that a collaborator's
 * `transaction` changed.
 *
 * @example
 * ```ts
 * recordCollaboratorChanges([...um.undoStack, ...um.redoStack], remoteTransaction);
 * ```
 */
export function recordCollaboratorChanges(
  items: Iterable<StackItem>,
  transaction: Y.Transaction,
): void {
  const touched: [SharedType, string][] = [];
  for (const [type, keys] of transaction.changed) {
    for (const key of keys) touched.push(...keyAndAncestors(type as SharedType, key));
  }
  if (touched.length === 0) return;
  for (const item of items) {
    const keys = keysOf(item);
    for (const [type, key] of touched) {
      if (keys.written.get(type)?.has(key)) addKey(keys.changedByOthers, type, key);
    }
  }
}

/**
 * The keys of `item` a collaborator changed since, sorted, each named once.
 *
 * @example
 * ```ts
 * changedKeyNames(undoManager.undoStack.at(-1)!); // ['m2']
 * ```
 */
export function changedKeyNames(item: StackItem): string[] {
  const names = new Set<string>();
  for (const keys of keysOf(item).changedByOthers.values()) {
    for (const key of keys) names.add(key);
  }
  return [...names].sort();
}

/**
 * Takes out of `item` everything it inserted or deleted under a key a
 * collaborator changed since, so that popping it leaves those keys as the
 * collaborator left them. Returns whether anything was taken out.
 *
 * @example
 * ```ts
 * if (leaveCollaboratorKeys(doc, item)) console.log('partial undo');
 * ```
 */
export function leaveCollaboratorKeys(doc: Y.Doc, item: StackItem): boolean {
  const changed = keysOf(item).changedByOthers;
  if (changed.size === 0) return false;
  const under = (struct: Y.Item): boolean => {
    let type = struct.parent as SharedType;
    let key = struct.parentSub;
    for (;;) {
      if (key !== null && changed.get(type)?.has(key)) return true;
      const parent = type._item;
      if (parent === null) return false;
      type = parent.parent as SharedType;
      key = parent.parentSub;
    }
  };
  const theirs = (set: DeleteSet): DeleteSet => {
    const ranges: [number, number, number][] = [];
    forEachItem(doc, set, (struct) => {
      if (under(struct)) ranges.push([struct.id.client, struct.id.clock, struct.length]);
    });
    return deleteSetOf(ranges);
  };
  const inserted = theirs(item.insertions);
  const deleted = theirs(item.deletions);
  item.insertions = subtractDeleteSets(item.insertions, inserted);
  item.deletions = subtractDeleteSets(item.deletions, deleted);
  return true;
}
