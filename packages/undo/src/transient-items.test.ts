import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ranges } from '../test/delete-set-ranges.ts';
import { intersectDeleteSets } from './delete-sets.ts';
import { carryTransientItems } from './transient-items.ts';

describe('carryTransientItems', () => {
  it('lists the transients of newer steps as created and deleted by each older step', () => {
    const doc = new Y.Doc();
    const units = doc.getMap<number>('units');
    const manager = new Y.UndoManager(units, { captureTimeout: 60_000 });
    units.set('k', 1);
    manager.stopCapturing();
    units.set('k', 2);
    manager.stopCapturing();
    doc.transact(() => {
      units.set('k', 3);
      units.set('k', 4);
    });
    const [oldest, middle, newest] = manager.undoStack;
    const transient = intersectDeleteSets(newest!.insertions, newest!.deletions);
    expect(transient.clients.size).toBe(1);

    carryTransientItems(manager.undoStack);

    for (const older of [middle!, oldest!]) {
      expect(ranges(intersectDeleteSets(older.insertions, transient))).toEqual(ranges(transient));
      expect(ranges(intersectDeleteSets(older.deletions, transient))).toEqual(ranges(transient));
    }
    manager.destroy();
  });
});
