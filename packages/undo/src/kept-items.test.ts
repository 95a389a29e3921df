import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { deleteSetOf } from './delete-sets.ts';
import { releaseKeptItems } from './kept-items.ts';

/** Overwrites keys `a` and `b` of a map in one transaction; returns the two values it deleted, kept as Y.UndoManager keeps them. */
function overwrittenPair() {
  const doc = new Y.Doc();
  const map = doc.getMap<string>('units');
  map.set('a', 'first a');
  map.set('b', 'first b');
  const oldA = map._map.get('a')!;
  const oldB = map._map.get('b')!;
  doc.transact(() => {
    map.set('a', 'second a');
    map.set('b', 'second b');
    // Before the transaction ends, as the undo manager does, or Yjs collects them at once.
    oldA.keep = true;
    oldB.keep = true;
  });
  const one = (item: Y.Item) => deleteSetOf([[item.id.client, item.id.clock, item.length]]);
  return { doc, oldA, oldB, one };
}

describe('releaseKeptItems', () => {
  it('collects what only the gone steps deleted, and keeps what a remaining step deleted too', () => {
    const { doc, oldA, oldB, one } = overwrittenPair();
    const gone = { deletions: Y.mergeDeleteSets([one(oldA), one(oldB)]) };
    const remaining = { deletions: one(oldA) };

    releaseKeptItems(doc, [gone], [remaining]);

    expect(oldA.keep).toBe(true);
    expect(oldA.content.getContent()).toEqual(['first a']);
    expect(oldB.keep).toBe(false);
    expect(oldB.content.getContent()).toEqual([]);
  });

  it('leaves alone what a remaining step deleted that the gone steps did not', () => {
    const { doc, oldA, oldB, one } = overwrittenPair();

    releaseKeptItems(doc, [{ deletions: one(oldB) }], [{ deletions: one(oldA) }]);

    expect(oldA.keep).toBe(true);
    expect(oldA.content.getContent()).toEqual(['first a']);
    expect(oldB.content.getContent()).toEqual([]);
  });
});
