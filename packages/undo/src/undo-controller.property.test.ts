import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createSyncedPeers, userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './create-undo-controller.ts';

/** Keys only the local side writes, and keys only the collaborator writes. */
const localKeys = ['i0', 'i1', 'l0', 'l1', 'l2'] as const;
const remoteKeys = ['i2', 'i3', 'r0', 'r1'] as const;
const initial: Record<string, number> = { i0: 0, i1: 1, i2: 2, i3: 3 };

/** One write to a key: a value to set, or `null` to delete it. */
interface Edit {
  readonly key: number;
  readonly value: number | null;
}

type Keystroke = { readonly local: Edit } | { readonly remote: Edit };

type Op =
  /** An agent tool call: several writes in one `runAsStep`. */
  | { readonly kind: 'tool'; readonly edits: readonly Edit[] }
  /** A person's gesture: several transactions, with collaborators' edits arriving in between. */
  | { readonly kind: 'typing'; readonly keystrokes: readonly Keystroke[] }
  /** A collaborator's edits, synced in. */
  | { readonly kind: 'remote'; readonly edits: readonly Edit[] };

const edit = (keys: number): fc.Arbitrary<Edit> =>
  fc.record({
    key: fc.nat({ max: keys - 1 }),
    value: fc.option(fc.integer({ min: 10, max: 99 }), { nil: null }),
  });
const localEdit = edit(localKeys.length);
const remoteEdit = edit(remoteKeys.length);

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('tool' as const),
    edits: fc.array(localEdit, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('typing' as const),
    keystrokes: fc.array(
      fc.oneof(fc.record({ local: localEdit }), fc.record({ remote: remoteEdit })),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  fc.record({
    kind: fc.constant('remote' as const),
    edits: fc.array(remoteEdit, { minLength: 1, maxLength: 3 }),
  }),
);

describe('undoing every local gesture among remote edits', () => {
  test.prop([fc.array(op, { maxLength: 25 })], { numRuns: 200 })(
    'leaves exactly the remote edits applied to the initial document, and redo re-applies',
    (ops) => {
      const peers = createSyncedPeers();
      const local = peers.local.getMap<number>('units');
      const remote = peers.remote.getMap<number>('units');
      for (const [key, value] of Object.entries(initial)) local.set(key, value);
      peers.sync();
      // Only gestures may separate steps here: every change comes well within this timeout.
      const controller = createUndoController(peers.local, {
        trackedOrigins: [userOrigin],
        captureTimeout: 60_000,
        maxSteps: Number.POSITIVE_INFINITY,
      });

      const expected: Record<string, number> = { ...initial };
      /** Gestures whose undo changes something, oldest first. */
      const undoableGestures: string[] = [];
      /** Per key written in the open gesture: whether it existed before, and its last value. */
      let written = new Map<string, { existed: boolean; last: number | null }>();
      const writeLocal = ({ key, value }: Edit): void => {
        const name = localKeys[key]!;
        const existed = written.get(name)?.existed ?? local.has(name);
        written.set(name, { existed, last: value });
        if (value === null) local.delete(name);
        else local.set(name, value);
      };
      /**
       * A gesture leaves something to undo when a value it wrote survives it
       * or a value it replaced existed before it. A key it only set and then
       * deleted again leaves nothing, and Yjs skips such a step on undo.
       */
      const endGesture = (label: string): void => {
        const undoable = [...written.values()].some(
          ({ existed, last }) => existed || last !== null,
        );
        if (undoable) undoableGestures.push(label);
        written = new Map();
      };
      const writeRemote = ({ key, value }: Edit): void => {
        const name = remoteKeys[key]!;
        if (value === null) {
          remote.delete(name);
          delete expected[name];
        } else {
          remote.set(name, value);
          expected[name] = value;
        }
        peers.sync();
      };

      ops.forEach((step, index) => {
        const label = `g${index}`;
        if (step.kind === 'tool') {
          controller.runAsStep({ actor: 'agent', label }, () => step.edits.forEach(writeLocal));
          endGesture(label);
        } else if (step.kind === 'typing') {
          controller.beginUndoGesture({ actor: 'user', label });
          for (const keystroke of step.keystrokes) {
            if ('local' in keystroke) {
              peers.local.transact(() => writeLocal(keystroke.local), userOrigin);
            } else {
              writeRemote(keystroke.remote);
            }
          }
          endGesture(label);
        } else {
          for (const remoteWrite of step.edits) writeRemote(remoteWrite);
        }
      });
      const final = local.toJSON();

      const undone: string[] = [];
      for (let result = controller.undo(); result.ok; result = controller.undo()) {
        undone.push(result.step.meta.label ?? '?');
      }

      expect(undone).toEqual([...undoableGestures].reverse());
      expect(local.toJSON()).toEqual(expected);
      peers.sync();
      expect(remote.toJSON()).toEqual(expected);

      const redone: string[] = [];
      for (let result = controller.redo(); result.ok; result = controller.redo()) {
        redone.push(result.step.meta.label ?? '?');
      }
      expect(redone).toEqual(undoableGestures);
      expect(local.toJSON()).toEqual(final);
      controller.destroy();
    },
  );
});
