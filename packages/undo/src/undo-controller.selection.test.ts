import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './create-undo-controller.ts';
import type { UndoStep } from './step-meta.ts';

/** The host's selection: a range of measures, as a score editor might keep it. */
interface MeasureRange {
  readonly start: number;
  readonly end: number;
}

function setup() {
  const doc = new Y.Doc();
  const units = doc.getMap<string>('units');
  const host = { selection: { start: 1, end: 1 } as MeasureRange };
  const restored: { selection: MeasureRange; direction: string; step: UndoStep<MeasureRange> }[] =
    [];
  const controller = createUndoController<MeasureRange>(doc, {
    trackedOrigins: [userOrigin],
    captureTimeout: 60_000,
    getSelection: () => host.selection,
    setSelection: (selection, step, direction) => {
      host.selection = selection;
      restored.push({ selection, direction, step });
    },
  });
  return { doc, units, host, restored, controller };
}

describe('selection with each step', () => {
  it('records the selection before and after a tool call and restores it on undo and redo', () => {
    const { units, host, restored, controller } = setup();
    host.selection = { start: 2, end: 2 };
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => {
      units.set('m3', 'c4');
      units.set('m4', 'd4');
      host.selection = { start: 3, end: 4 }; // the tool selects the changed range
    });
    expect(controller.peekUndo()).toMatchObject({
      selectionBefore: { start: 2, end: 2 },
      selectionAfter: { start: 3, end: 4 },
    });
    host.selection = { start: 9, end: 9 };

    controller.undo();
    expect(host.selection).toEqual({ start: 2, end: 2 });
    expect(restored.at(-1)).toMatchObject({
      direction: 'undo',
      step: { meta: { toolCallId: 'call_1' } },
    });

    host.selection = { start: 7, end: 7 };
    controller.redo();
    expect(host.selection).toEqual({ start: 3, end: 4 });
    expect(restored.at(-1)?.direction).toBe('redo');
  });

  it("closes a person's step with the selection at the next gesture", () => {
    const { doc, units, host, controller } = setup();
    controller.beginUndoGesture({ actor: 'user' });
    host.selection = { start: 2, end: 2 };
    doc.transact(() => units.set('m2', 'c4'), userOrigin);
    host.selection = { start: 3, end: 3 }; // the editor moves the cursor after applying
    doc.transact(() => units.set('m3', 'd4'), userOrigin);
    host.selection = { start: 4, end: 4 };
    controller.beginUndoGesture({ actor: 'user' });
    host.selection = { start: 8, end: 8 };

    expect(controller.peekUndo()).toMatchObject({
      selectionBefore: { start: 2, end: 2 },
      selectionAfter: { start: 4, end: 4 },
    });
    controller.undo();
    expect(host.selection).toEqual({ start: 2, end: 2 });
    controller.redo();
    expect(host.selection).toEqual({ start: 4, end: 4 });
  });

  it('keeps the selection of each of several steps apart', () => {
    const { units, host, controller } = setup();
    host.selection = { start: 0, end: 0 };
    for (const measure of [1, 2, 3]) {
      controller.runAsStep({ actor: 'agent' }, () => {
        units.set(`m${measure}`, 'c4');
        host.selection = { start: measure, end: measure };
      });
    }
    const seen: MeasureRange[] = [];
    while (controller.undo().ok) seen.push(host.selection);

    expect(seen).toEqual([
      { start: 2, end: 2 },
      { start: 1, end: 1 },
      { start: 0, end: 0 },
    ]);
  });

  it('restores nothing when the host gives no getSelection', () => {
    const doc = new Y.Doc();
    const calls: unknown[] = [];
    const controller = createUndoController<number>(doc, {
      setSelection: (selection) => calls.push(selection),
    });
    controller.runAsStep({ actor: 'agent' }, () => doc.getMap('units').set('m1', 'c4'));

    expect(controller.peekUndo()).toMatchObject({
      selectionBefore: undefined,
      selectionAfter: undefined,
    });
    controller.undo();
    controller.redo();
    expect(calls).toEqual([]);
  });
});
