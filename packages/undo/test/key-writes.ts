/**
 * The writes the undo properties generate: set one of a few keys to a fresh
 * value, or delete it.
 */

import { fc } from '@fast-check/vitest';

/** One write: set the key (an index into the test's key list) to a fresh value, or delete it. */
export interface Write {
  readonly key: number;
  readonly remove: boolean;
}

/** One to three writes over `keyCount` keys. */
export function writesOver(keyCount: number): fc.Arbitrary<Write[]> {
  const write = fc.record({ key: fc.nat({ max: keyCount - 1 }), remove: fc.boolean() });
  return fc.array(write, { minLength: 1, maxLength: 3 });
}
