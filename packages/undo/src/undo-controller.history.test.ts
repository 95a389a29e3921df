import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createSyncedPeers, userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './create-undo-controller.ts';
import type { UndoChangeEvent } from './undo-events.ts';

/** How many listeners a Yjs document has, over every event name (lib0's observer map). */
function listenerCount(doc: Y.Doc): number {
  let count = 0;
  for (const listeners of doc._observers.values()) count += listeners.size;
  return count;
}

/**
 * A controller whose history of two steps is full (agent steps `a` and `b`),
 * tracking a person's origin, and the labels of every `trimmed` event.
 */
function fullHistoryOfTwo() {
  const doc = new Y.Doc();
  const units = doc.getMap<number>('units');
  const controller = createUndoController(doc, {
    maxSteps: 2,
    trackedOrigins: [userOrigin],
    captureTimeout: 60_000,
  });
  const trimmed: unknown[] = [];
  controller.on('change', (event) => {
    if (event.kind === 'trimmed') trimmed.push(event.steps.map((step) => step.meta.label));
  });
  controller.runAsStep({ actor: 'agent', label: 'a' }, () => units.set('a', 1));
  controller.runAsStep({ actor: 'agent', label: 'b' }, () => units.set('b', 2));
  return { doc, units, controller, trimmed };
}

describe('bounded history', () => {
  it('drops the oldest steps beyond maxSteps and undoes the rest exactly', () => {
    const peers = createSyncedPeers();
    const units = peers.local.getMap<string>('units');
    const controller = createUndoController(peers.local, { maxSteps: 3 });
    const states: unknown[] = [units.toJSON()];
    for (let call = 1; call <= 5; call++) {
      controller.runAsStep({ actor: 'agent', toolCallId: `call_${call}` }, () => {
        units.set('shared', `v${call}`);
        units.set(`m${call}`, 'c4');
        if (call > 1) units.delete(`m${call - 1}`);
      });
      states.push(units.toJSON());
    }

    expect(controller.undoManager.undoStack).toHaveLength(3);
    for (const expected of [states[4], states[3], states[2]]) {
      expect(controller.undo().ok).toBe(true);
      expect(units.toJSON()).toEqual(expected);
    }
    expect(controller.undo().ok).toBe(false);
    expect(units.toJSON()).toEqual(states[2]);

    for (const expected of [states[3], states[4], states[5]]) {
      expect(controller.redo().ok).toBe(true);
      expect(units.toJSON()).toEqual(expected);
    }
    peers.sync();
    expect(peers.remote.getMap('units').toJSON()).toEqual(states[5]);
  });

  it('reports the dropped steps, oldest first, with their meta', () => {
    const doc = new Y.Doc();
    const controller = createUndoController(doc, { maxSteps: 2 });
    const trimmed: unknown[] = [];
    controller.on('change', (event) => {
      if (event.kind === 'trimmed') trimmed.push(event.steps.map((step) => step.meta.toolCallId));
    });
    for (const id of ['a', 'b', 'c', 'd']) {
      controller.runAsStep({ actor: 'agent', toolCallId: id }, () => doc.getMap('m').set(id, 1));
    }

    expect(trimmed).toEqual([['a'], ['b']]);
    expect(controller.peekUndo()?.meta.toolCallId).toBe('d');
  });

  it('keeps the oldest step when a gesture on a full history cancels out', () => {
    const { doc, units, controller, trimmed } = fullHistoryOfTwo();

    // A person types a note and deletes it again: one gesture, two transactions, nothing left.
    controller.beginUndoGesture({ actor: 'user', label: 'typed and deleted' });
    doc.transact(() => units.set('draft', 3), userOrigin);
    doc.transact(() => units.delete('draft'), userOrigin);
    controller.beginUndoGesture({ actor: 'user', label: 'next' });

    expect(controller.undoManager.undoStack).toHaveLength(2);
    expect(trimmed).toEqual([['typed and deleted']]);
    expect(controller.undo().ok).toBe(true);
    expect(controller.undo().ok).toBe(true);
    expect(units.toJSON()).toEqual({});
  });

  it('drops the oldest step once a gesture that pushed it out closes with a change', () => {
    const { doc, units, controller, trimmed } = fullHistoryOfTwo();

    controller.beginUndoGesture({ actor: 'user', label: 'typed' });
    doc.transact(() => units.set('c', 3), userOrigin);
    expect(controller.undoManager.undoStack).toHaveLength(2);
    expect(trimmed).toEqual([]);
    controller.beginUndoGesture({ actor: 'user', label: 'next' });

    expect(trimmed).toEqual([['a']]);
    expect(controller.undo().ok).toBe(true);
    expect(controller.undo().ok).toBe(true);
    expect(controller.undo().ok).toBe(false);
    expect(units.toJSON()).toEqual({ a: 1 });
  });

  it('keeps at most one step with maxSteps 1', () => {
    const doc = new Y.Doc();
    const units = doc.getMap<number>('units');
    const controller = createUndoController(doc, { maxSteps: 1 });
    controller.runAsStep({ actor: 'agent' }, () => units.set('a', 1));
    controller.runAsStep({ actor: 'agent' }, () => units.set('b', 2));

    controller.undo();

    expect(units.toJSON()).toEqual({ a: 1 });
    expect(controller.canUndo()).toBe(false);
  });
});

describe('change events and peeking', () => {
  it('tells listeners about each change with the state of both stacks', () => {
    const doc = new Y.Doc();
    const units = doc.getMap<number>('units');
    const controller = createUndoController(doc, {
      trackedOrigins: [userOrigin],
      captureTimeout: 60_000,
    });
    const events: UndoChangeEvent<unknown>[] = [];
    controller.on('change', (event) => events.push(event));

    controller.runAsStep({ actor: 'agent', toolCallId: 'a' }, () => units.set('a', 1));
    controller.beginUndoGesture({ actor: 'user' });
    doc.transact(() => units.set('b', 2), userOrigin);
    doc.transact(() => units.set('c', 3), userOrigin);
    controller.undo();
    controller.redo();
    controller.undo();
    doc.transact(() => units.set('d', 4), userOrigin);

    expect(
      events.map((event) => [
        event.kind,
        'step' in event ? event.step.meta.actor : undefined,
        event.canUndo,
        event.canRedo,
      ]),
    ).toEqual([
      ['step-added', 'agent', true, false],
      ['step-added', 'user', true, false],
      ['step-extended', 'user', true, false],
      ['undone', 'user', true, true],
      ['redone', 'user', true, false],
      ['undone', 'user', true, true],
      ['cleared', undefined, true, false],
      ['step-added', 'unknown', true, false],
    ]);
    expect(events[6]).toMatchObject({ kind: 'cleared', undoStack: false, redoStack: true });
  });

  it('stops calling a listener once it unsubscribes', () => {
    const doc = new Y.Doc();
    const controller = createUndoController(doc);
    let calls = 0;
    const unsubscribe = controller.on('change', () => {
      calls += 1;
    });
    controller.runAsStep({ actor: 'agent' }, () => doc.getMap('m').set('a', 1));
    unsubscribe();
    controller.runAsStep({ actor: 'agent' }, () => doc.getMap('m').set('b', 1));

    expect(calls).toBe(1);
  });

  it('peeks at the next undo and redo steps without changing anything', () => {
    const doc = new Y.Doc();
    const controller = createUndoController(doc);
    expect(controller.peekUndo()).toBeUndefined();
    controller.runAsStep({ actor: 'agent', toolCallId: 'a' }, () => doc.getMap('m').set('a', 1));

    expect(controller.peekUndo()?.meta).toEqual({ actor: 'agent', toolCallId: 'a' });
    expect(controller.peekRedo()).toBeUndefined();
    controller.undo();
    expect(controller.peekUndo()).toBeUndefined();
    expect(controller.peekRedo()?.meta).toEqual({ actor: 'agent', toolCallId: 'a' });
    expect(doc.getMap('m').toJSON()).toEqual({});
  });

  it('keeps a step meta that the caller mutates later unchanged', () => {
    const doc = new Y.Doc();
    const controller = createUndoController(doc);
    const meta = { actor: 'agent', toolCallId: 'a' };
    controller.runAsStep(meta, () => doc.getMap('m').set('a', 1));
    meta.toolCallId = 'changed';

    expect(controller.peekUndo()?.meta).toEqual({ actor: 'agent', toolCallId: 'a' });
  });
});

describe('destroy', () => {
  it('removes every listener it added to the document', () => {
    const doc = new Y.Doc();
    const before = listenerCount(doc);
    const controller = createUndoController(doc, { trackedOrigins: [userOrigin] });
    expect(listenerCount(doc)).toBeGreaterThan(before);

    controller.destroy();

    expect(listenerCount(doc)).toBe(before);
  });

  it('stops recording and emitting, and makes later calls throw', () => {
    const doc = new Y.Doc();
    const units = doc.getMap<number>('units');
    const controller = createUndoController(doc, { trackedOrigins: [userOrigin] });
    let changes = 0;
    controller.on('change', () => {
      changes += 1;
    });
    controller.destroy();
    doc.transact(() => units.set('a', 1), userOrigin);

    expect(changes).toBe(0);
    expect(controller.undoManager.undoStack).toHaveLength(0);
    expect(controller.destroyed).toBe(true);
    for (const call of [
      () => controller.undo(),
      () => controller.redo(),
      () => controller.canUndo(),
      () => controller.canRedo(),
      () => controller.peekUndo(),
      () => controller.beginUndoGesture({ actor: 'user' }),
      () => controller.runAsStep({ actor: 'agent' }, () => units.set('b', 2)),
      () => controller.on('change', () => undefined),
    ]) {
      expect(call).toThrow(/after destroy\(\)/);
    }
    expect(units.has('b')).toBe(false);
    expect(() => controller.destroy()).not.toThrow();
  });

  it('tells destroy listeners once', () => {
    const doc = new Y.Doc();
    const controller = createUndoController(doc);
    let calls = 0;
    controller.on('destroy', () => {
      calls += 1;
    });
    controller.destroy();
    controller.destroy();

    expect(calls).toBe(1);
  });

  it('destroys itself with its document', () => {
    const doc = new Y.Doc();
    const controller = createUndoController(doc);

    doc.destroy();

    expect(controller.destroyed).toBe(true);
  });
});
