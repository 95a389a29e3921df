import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type Write, writesOver } from '../test/key-writes.ts';
import { createSyncedPeers, userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './create-undo-controller.ts';

/** Keys only local work writes (and deletes), and keys only the collaborator writes. */
const localKeys = ['l0', 'l1', 'l2', 'l3'] as const;
const remoteKeys = ['r0', 'r1', 'r2'] as const;

type Op =
  | { readonly kind: 'tool'; readonly writes: readonly Write[] }
  | { readonly kind: 'typing'; readonly transactions: readonly (readonly Write[])[] }
  | { readonly kind: 'remote'; readonly key: number; readonly remove: boolean }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' };

// Deletes only keys that existed when the step began (see apply below).
const writes = writesOver(localKeys.length);

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('tool' as const), writes }),
  fc.record({
    kind: fc.constant('typing' as const),
    transactions: fc.array(writes, { minLength: 1, maxLength: 2 }),
  }),
  fc.record({
    kind: fc.constant('remote' as const),
    key: fc.nat({ max: remoteKeys.length - 1 }),
    remove: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('undo' as const) }),
  fc.record({ kind: fc.constant('undo' as const) }),
  fc.record({ kind: fc.constant('redo' as const) }),
);

function pick(map: Y.Map<number>, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) {
    const value = map.get(key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

interface Snapshots {
  readonly before: Record<string, number>;
  readonly after: Record<string, number>;
}

describe('undo and redo after history branches', () => {
  test.prop(
    [
      fc.array(op, { maxLength: 40 }),
      fc.constantFrom(1, 2, 3, 5, Number.POSITIVE_INFINITY),
      fc.constantFrom('doc' as const, 'map' as const),
    ],
    { numRuns: 300 },
  )(
    'land exactly on the state before and after each recorded step, and never touch the collaborator’s keys',
    (ops, maxSteps, scopeKind) => {
      const peers = createSyncedPeers();
      const local = peers.local.getMap<number>('units');
      const remote = peers.remote.getMap<number>('units');
      const controller = createUndoController(scopeKind === 'doc' ? peers.local : local, {
        trackedOrigins: [userOrigin],
        captureTimeout: 60_000,
        maxSteps,
      });
      // The model: what each step left behind, newest last.
      const undoStack: Snapshots[] = [];
      const redoStack: Snapshots[] = [];
      let fresh = 0;
      const localState = (): Record<string, number> => pick(local, localKeys);
      const remoteState = (): Record<string, number> => pick(local, remoteKeys);
      // Every write sets a fresh value or deletes a key that existed when the
      // step began, so every step changes something.
      const apply = (batch: readonly Write[], existedAtStart: ReadonlySet<string>): void => {
        for (const { key, remove } of batch) {
          const name = localKeys[key]!;
          if (remove && existedAtStart.has(name) && local.has(name)) local.delete(name);
          else local.set(name, ++fresh);
        }
      };
      const record = (before: Record<string, number>): void => {
        undoStack.push({ before, after: localState() });
        if (undoStack.length > maxSteps) undoStack.shift();
        redoStack.length = 0;
      };

      for (const step of ops) {
        if (step.kind === 'tool' || step.kind === 'typing') {
          const before = localState();
          const existed = new Set(Object.keys(before));
          if (step.kind === 'tool') {
            controller.runAsStep({ actor: 'agent' }, () => apply(step.writes, existed));
          } else {
            controller.beginUndoGesture({ actor: 'user' });
            for (const batch of step.transactions) {
              peers.local.transact(() => apply(batch, existed), userOrigin);
            }
          }
          record(before);
        } else if (step.kind === 'remote') {
          const name = remoteKeys[step.key]!;
          if (step.remove) remote.delete(name);
          else remote.set(name, ++fresh);
          peers.sync();
        } else {
          const remoteBefore = remoteState();
          const [from, to] = step.kind === 'undo' ? [undoStack, redoStack] : [redoStack, undoStack];
          const result = step.kind === 'undo' ? controller.undo() : controller.redo();
          const expected = from.pop();
          expect(result.ok).toBe(expected !== undefined);
          if (expected !== undefined) {
            to.push(expected);
            expect(localState()).toEqual(step.kind === 'undo' ? expected.before : expected.after);
          }
          expect(remoteState()).toEqual(remoteBefore);
        }
        expect(controller.undoManager.undoStack.length).toBe(undoStack.length);
      }

      const remoteBefore = remoteState();
      for (let expected = undoStack.pop(); expected !== undefined; expected = undoStack.pop()) {
        expect(controller.undo().ok).toBe(true);
        expect(localState()).toEqual(expected.before);
      }
      expect(controller.canUndo()).toBe(false);
      expect(remoteState()).toEqual(remoteBefore);
      controller.destroy();
    },
  );

  it('undoing a step that deleted a key restores the value it deleted, after a new step discarded a redo', () => {
    const doc = new Y.Doc();
    const units = doc.getMap<string>('units');
    const controller = createUndoController(doc);
    const step = (toolCallId: string, fn: () => void): void =>
      controller.runAsStep({ actor: 'agent', toolCallId }, fn);
    step('A', () => units.set('m1', 'c4'));
    step('B', () => units.delete('m1'));
    step('C', () => units.set('m1', 'e4'));
    controller.undo(); // C
    step('D', () => units.set('m2', 'g4')); // discards the redo of C
    controller.undo(); // D
    expect(units.toJSON()).toEqual({});
    // Listeners see the true stacks, never the deletions shown to Yjs during the pop.
    const seen: number[][] = [];
    controller.on('change', () =>
      seen.push([controller.undoManager.undoStack.length, controller.undoManager.redoStack.length]),
    );

    const result = controller.undo();
    expect(seen).toEqual([[1, 2]]);

    expect(result.ok && result.step.meta.toolCallId).toBe('B');
    expect(units.toJSON()).toEqual({ m1: 'c4' });
    expect(controller.undo().ok && units.toJSON()).toEqual({});
    expect(controller.redo().ok && units.toJSON()).toEqual({ m1: 'c4' });
    expect(controller.redo().ok && units.toJSON()).toEqual({});
    controller.destroy();
  });
});
