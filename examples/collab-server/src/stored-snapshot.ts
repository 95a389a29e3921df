/**
 * What compaction writes: a document's stored rows merged into one
 * snapshot. The rows are applied to a fresh Y.Doc and its state encoded,
 * which takes time in proportion to the rows (Yjs's `mergeUpdates` takes
 * far longer on thousands of small updates). A row Yjs cannot read is left
 * out of the merge and stays a row of its own, as it was.
 */
import * as Y from 'yjs';

/** One stored row: its id and its Yjs update. */
export interface StoredRow<Id> {
  readonly id: Id;
  readonly data: Uint8Array;
}

/**
 * The snapshot of `rows`, and the ids of the rows it holds (those to delete).
 *
 * @example
 * ```ts
 * const { snapshot, merged } = storedSnapshot(rows);
 * // delete the rows whose ids are in `merged`, then insert `snapshot`
 * ```
 */
export function storedSnapshot<Id>(rows: readonly StoredRow<Id>[]): {
  readonly snapshot: Uint8Array;
  readonly merged: readonly Id[];
} {
  const doc = new Y.Doc();
  const merged: Id[] = [];
  for (const row of rows) {
    try {
      Y.applyUpdate(doc, row.data);
      merged.push(row.id);
    } catch {
      // Unreadable: kept as it is (a load skips it too).
    }
  }
  const snapshot = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return { snapshot, merged };
}
