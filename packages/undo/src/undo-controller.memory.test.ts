import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createUndoController } from './undo-controller.ts';

const kilobyte = 'x'.repeat(1024);

/** Overwrites one key `steps` times with a fresh 1 KB value, each write its own step when `run` makes it one. */
function overwrite(doc: Y.Doc, steps: number, run: (write: () => void) => void): void {
  const units = doc.getMap<string>('units');
  for (let step = 0; step < steps; step++) run(() => units.set('m1', `${step}${kilobyte}`));
}

function encodedSize(doc: Y.Doc): number {
  return Y.encodeStateAsUpdate(doc).byteLength;
}

describe('memory of a bounded history', () => {
  it('lets the document garbage-collect what trimmed steps deleted, so its encoded state stays flat', () => {
    const plain = new Y.Doc();
    overwrite(plain, 400, (write) => write());
    const doc = new Y.Doc();
    const controller = createUndoController(doc, { maxSteps: 10 });
    overwrite(doc, 400, (write) => controller.runAsStep({ actor: 'agent' }, write));

    // The 10 kept steps hold the 10 values they replaced; the 390 trimmed ones hold nothing.
    expect(encodedSize(doc)).toBeLessThan(encodedSize(plain) + 12 * 1024);
    expect(encodedSize(doc)).toBeGreaterThan(encodedSize(plain) + 9 * 1024);
  });

  it('still undoes the oldest kept step exactly after trimming', () => {
    const doc = new Y.Doc();
    const units = doc.getMap<string>('units');
    const controller = createUndoController(doc, { maxSteps: 3 });
    overwrite(doc, 50, (write) => controller.runAsStep({ actor: 'agent' }, write));

    for (const step of [48, 47, 46]) {
      expect(controller.undo().ok).toBe(true);
      expect(units.get('m1')).toBe(`${step}${kilobyte}`);
    }
    expect(controller.undo().ok).toBe(false);
    for (const step of [47, 48, 49]) {
      expect(controller.redo().ok).toBe(true);
      expect(units.get('m1')).toBe(`${step}${kilobyte}`);
    }
  });

  it('releases everything it kept when destroyed', () => {
    const plain = new Y.Doc();
    overwrite(plain, 100, (write) => write());
    const doc = new Y.Doc();
    const controller = createUndoController(doc, { maxSteps: 100 });
    overwrite(doc, 100, (write) => controller.runAsStep({ actor: 'agent' }, write));
    expect(encodedSize(doc)).toBeGreaterThan(encodedSize(plain) + 90 * 1024);

    controller.destroy();

    expect(encodedSize(doc)).toBeLessThan(encodedSize(plain) + 1024);
  });

  it('releases what undone steps kept once a new step discards them', () => {
    const plain = new Y.Doc();
    overwrite(plain, 60, (write) => write());
    const doc = new Y.Doc();
    const units = doc.getMap<string>('units');
    const controller = createUndoController(doc, { maxSteps: 100 });
    overwrite(doc, 30, (write) => controller.runAsStep({ actor: 'agent' }, write));
    while (controller.undo().ok) {}
    // A new step discards the 30 undone steps from the redo stack.
    overwrite(doc, 30, (write) => controller.runAsStep({ actor: 'agent' }, write));
    controller.destroy();

    expect(units.get('m1')).toBe(`29${kilobyte}`);
    expect(encodedSize(doc)).toBeLessThan(encodedSize(plain) + 1024);
  });
});
