/**
 * Small operations on Yjs delete sets (per client, `{ clock, len }` ranges of
 * struct ids) that Yjs does not export: intersection, difference, emptiness,
 * and finding the items a set names without opening a transaction.
 */

import * as Y from 'yjs';

/** Yjs' DeleteSet (not exported by name): per client, sorted `{ clock, len }` ranges. */
export type DeleteSet = ReturnType<typeof Y.createDeleteSet>;

interface Range {
  readonly clock: number;
  readonly len: number;
}

const byClock = (x: Range, y: Range): number => x.clock - y.clock;

/** The ranges of one client, sorted by clock (delete sets are not always sorted). */
function sortedRanges(ranges: readonly Range[] | undefined): Range[] {
  return ranges === undefined ? [] : [...ranges].sort(byClock);
}

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
  for (const [client, leftRanges] of a.clients) {
    if (!b.clients.has(client)) continue;
    const left = sortedRanges(leftRanges);
    const right = sortedRanges(b.clients.get(client));
    const ranges: Range[] = [];
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
 * Whether `a` and `b` share any id, without building their intersection
 * (ranges compared pairwise: delete sets of steps hold a few ranges each).
 *
 * @example
 * ```ts
 * if (deleteSetsOverlap(step.deletions, released)) markKeptAgain(step);
 * ```
 */
export function deleteSetsOverlap(a: DeleteSet, b: DeleteSet): boolean {
  // Keys and indexed loops, no entry pairs: trimming a full undo stack asks this of every step.
  for (const client of b.clients.keys()) {
    const left = a.clients.get(client);
    if (left === undefined) continue;
    const right = b.clients.get(client)!;
    for (let i = 0; i < left.length; i++) {
      const l = left[i]!;
      for (let j = 0; j < right.length; j++) {
        const r = right[j]!;
        if (l.clock < r.clock + r.len && r.clock < l.clock + l.len) return true;
      }
    }
  }
  return false;
}

/**
 * The ranges of `a` that are not in `b`.
 *
 * @example
 * ```ts
 * const survivors = subtractDeleteSets(item.insertions, item.deletions); // created and still there
 * ```
 */
export function subtractDeleteSets(a: DeleteSet, b: DeleteSet): DeleteSet {
  const result = Y.createDeleteSet();
  for (const [client, leftRanges] of a.clients) {
    const cuts = sortedRanges(b.clients.get(client));
    const ranges: Range[] = [];
    for (const range of sortedRanges(leftRanges)) {
      let start = range.clock;
      const end = range.clock + range.len;
      for (const cut of cuts) {
        if (cut.clock + cut.len <= start) continue;
        if (cut.clock >= end) break;
        if (cut.clock > start) ranges.push({ clock: start, len: cut.clock - start });
        start = Math.max(start, cut.clock + cut.len);
      }
      if (start < end) ranges.push({ clock: start, len: end - start });
    }
    if (ranges.length > 0) result.clients.set(client, ranges);
  }
  return result;
}

/**
 * Whether `set` names no id at all.
 *
 * @example
 * ```ts
 * isEmptyDeleteSet(Y.createDeleteSet()); // true
 * ```
 */
export function isEmptyDeleteSet(set: DeleteSet): boolean {
  for (const ranges of set.clients.values()) {
    if (ranges.some((range) => range.len > 0)) return false;
  }
  return true;
}

/**
 * A delete set of the given `[client, clock, len]` ranges.
 *
 * @example
 * ```ts
 * const one = deleteSetOf([[item.id.client, item.id.clock, item.length]]);
 * ```
 */
export function deleteSetOf(ranges: Iterable<readonly [number, number, number]>): DeleteSet {
  const result = Y.createDeleteSet();
  for (const [client, clock, len] of ranges) {
    const list = result.clients.get(client);
    if (list === undefined) result.clients.set(client, [{ clock, len }] as never);
    else list.push({ clock, len } as never);
  }
  return Y.mergeDeleteSets([result]);
}

/**
 * Calls `visit` with every `Y.Item` of `doc` that overlaps `set`, reading the
 * struct store only (no transaction, nothing split). Ids the document does not
 * have, and garbage-collected structs, are skipped.
 *
 * @example
 * ```ts
 * forEachItem(doc, step.deletions, (item) => console.log(item.parentSub));
 * ```
 */
export function forEachItem(doc: Y.Doc, set: DeleteSet, visit: (item: Y.Item) => void): void {
  for (const [client, ranges] of set.clients) {
    const structs = doc.store.clients.get(client);
    if (structs === undefined || structs.length === 0) continue;
    const known = Y.getState(doc.store, client);
    for (const range of ranges) {
      if (range.len === 0 || range.clock >= known) continue;
      const end = range.clock + range.len;
      for (let index = Y.findIndexSS(structs, range.clock); index < structs.length; index++) {
        const struct = structs[index]!;
        if (struct.id.clock >= end) break;
        if (struct instanceof Y.Item) visit(struct);
      }
    }
  }
}
