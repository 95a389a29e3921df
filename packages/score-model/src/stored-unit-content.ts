/**
 * A stored unit's decoded content, decoded once per stored value. Every
 * stored value is replaced whole and never edited in place (see layout.ts),
 * so the content decoded from one value holds for as long as that value
 * exists: a write elsewhere in the score, an undo or a remote update leaves
 * the content of every unit it did not write as it was decoded.
 */
import { decodeStoredUnit } from './codec.ts';
import type { UnitContent } from './score-types.ts';

/** What a stored value decoded to; `null` for a value that is not a unit. */
const decodedContents = new WeakMap<object, UnitContent | null>();

/**
 * The content of the unit stored as `stored`, or `undefined` when the value
 * is not a unit (see `decodeStoredUnit`). The same stored value gives the
 * same content object every time, shared by every reader: it is read-only
 * (its type says so), never changed in place. The content is kept as long as
 * the stored value is, and no longer (a `WeakMap`).
 *
 * @example
 * ```ts
 * const stored = scoreTypes(score.doc).units.get(key);
 * storedUnitContent(stored) === storedUnitContent(stored); // true
 * ```
 */
export function storedUnitContent(stored: unknown): UnitContent | undefined {
  if (stored === null || typeof stored !== 'object') return decodeStoredUnit(stored);
  const known = decodedContents.get(stored);
  if (known !== undefined) return known ?? undefined;
  const content = decodeStoredUnit(stored);
  decodedContents.set(stored, content ?? null);
  return content;
}
