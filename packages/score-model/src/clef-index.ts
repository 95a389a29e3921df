/**
 * Which units of a score hold clef changes, kept up to date from every
 * transaction's changed keys, so that the clef entering a measure of a
 * staff without any clef change is its part's clef at once, instead of a
 * walk back over every earlier measure. Built on first use by one pass over
 * the units; after that each transaction costs the keys it changed.
 */
import type * as Y from 'yjs';

/** Per units map, the keys whose stored unit holds at least one clef change. */
const indexes = new WeakMap<Y.Map<unknown>, Set<string>>();

function holdsClefChanges(stored: unknown): boolean {
  const clefs = (stored as { clefs?: unknown } | null | undefined)?.clefs;
  return Array.isArray(clefs) && clefs.length > 0;
}

function buildIndex(units: Y.Map<unknown>, doc: Y.Doc): Set<string> {
  const keys = new Set<string>();
  units.forEach((stored, key) => {
    if (holdsClefChanges(stored)) keys.add(key);
  });
  doc.on('afterTransaction', (transaction: Y.Transaction) => {
    const changed = (transaction.changed as Map<unknown, Set<string | null>>).get(units);
    if (changed === undefined) return;
    for (const key of changed) {
      if (key === null) continue;
      if (holdsClefChanges(units.get(key))) keys.add(key);
      else keys.delete(key);
    }
  });
  return keys;
}

/**
 * Whether no unit of the staff (`partId`, `staff`) holds a clef change, known
 * without reading its units. `false` means "maybe": some unit may hold one,
 * or a transaction is open or being cleaned up (its changes may not be in
 * the index yet), and the caller reads the units.
 *
 * @example
 * ```ts
 * if (staffHoldsNoClefChange(types.units, part.id, 1)) return part.info.clefs[0];
 * ```
 */
export function staffHoldsNoClefChange(
  units: Y.Map<unknown>,
  partId: string,
  staff: number,
): boolean {
  const doc = units.doc;
  if (doc === null || doc._transaction !== null || doc._transactionCleanups.length > 0) {
    return false;
  }
  let keys = indexes.get(units);
  if (keys === undefined) {
    keys = buildIndex(units, doc);
    indexes.set(units, keys);
  }
  // Every unit key of the staff starts so (layout.ts `unitKey`).
  const prefix = `${partId}/${staff}/`;
  for (const key of keys) if (key.startsWith(prefix)) return false;
  return true;
}
