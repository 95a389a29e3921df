import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { carryTransientItems, intersectDeleteSets } from './transient-items.ts';

type Ranges = [number, number][];

function deleteSet(clients: Record<number, Ranges>): ReturnType<typeof Y.createDeleteSet> {
  const ds = Y.createDeleteSet();
  for (const [client, ranges] of Object.entries(clients)) {
    ds.clients.set(
      Number(client),
      ranges.map(([clock, len]) => ({ clock, len })),
    );
  }
  return ds;
}

function ranges(ds: ReturnType<typeof Y.createDeleteSet>): Record<number, Ranges> {
  const out: Record<number, Ranges> = {};
  for (const [client, items] of ds.clients) out[client] = items.map((d) => [d.clock, d.len]);
  return out;
}

describe('intersectDeleteSets', () => {
  it('keeps the overlap of ranges, per client', () => {
    const a = deleteSet({
      1: [
        [0, 5],
        [10, 5],
      ],
      2: [[0, 3]],
    });
    const b = deleteSet({ 1: [[3, 9]], 3: [[0, 3]] });

    expect(ranges(intersectDeleteSets(a, b))).toEqual({
      1: [
        [3, 2],
        [10, 2],
      ],
    });
  });

  it('is empty when nothing overlaps', () => {
    const a = deleteSet({ 1: [[0, 2]] });
    const b = deleteSet({ 1: [[2, 2]] });

    expect(intersectDeleteSets(a, b).clients.size).toBe(0);
  });
});

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
