import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createUndoController } from './create-undo-controller.ts';

const kilobyte = 'x'.repeat(1024);

/** Overwrites one key `steps` times with a fresh 1 KB value, each write its own step when `run` makes it one. */
function overwrite(doc: Y.Doc, steps: number, run: (write: () => void) => void): void {
  const units = doc.getMap<string>('units');
  for (let step = 0; step < steps; step++) run(() => units.set('m1', `${step}${kilobyte}`));
}

function encodedSize(doc: Y.Doc): number {
  return Y.encodeStateAsUpdate(doc).byteLength;
}

/** The encoded size of a document with the same writes and no controller. */
function withoutController(steps: number): number {
  const plain = new Y.Doc();
  overwrite(plain, steps, (write) => write());
  return encodedSize(plain);
}

/** A document whose controller made each of `steps` writes one step. */
function withController(steps: number, maxSteps: number) {
  const doc = new Y.Doc();
  const controller = createUndoController(doc, { maxSteps });
  overwrite(doc, steps, (write) => controller.runAsStep({ actor: 'agent' }, write));
  return { doc, units: doc.getMap<string>('units'), controller };
}

describe('memory of a bounded history', () => {
  it('lets the document garbage-collect what trimmed steps deleted, so its encoded state stays flat', () => {
    const plain = withoutController(400);
    const { doc } = withController(400, 10);

    // The 10 kept steps hold the 10 values they replaced; the 390 trimmed ones hold nothing.
    expect(encodedSize(doc)).toBeLessThan(plain + 12 * 1024);
    expect(encodedSize(doc)).toBeGreaterThan(plain + 9 * 1024);
  });

  it('still undoes the oldest kept step exactly after trimming', () => {
    const { units, controller } = withController(50, 3);

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
    const plain = withoutController(100);
    const { doc, controller } = withController(100, 100);
    expect(encodedSize(doc)).toBeGreaterThan(plain + 90 * 1024);

    controller.destroy();

    expect(encodedSize(doc)).toBeLessThan(plain + 1024);
  });

  it('releases what undone steps kept once a new step discards them', () => {
    const plain = withoutController(60);
    const { doc, units, controller } = withController(30, 100);
    while (controller.undo().ok) {}
    // A new step discards the 30 undone steps from the redo stack.
    overwrite(doc, 30, (write) => controller.runAsStep({ actor: 'agent' }, write));
    controller.destroy();

    expect(units.get('m1')).toBe(`29${kilobyte}`);
    expect(encodedSize(doc)).toBeLessThan(plain + 1024);
  });
});
