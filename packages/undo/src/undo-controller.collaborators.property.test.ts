import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { type Write, writesOver } from '../test/key-writes.ts';
import { createSyncedPeers, userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './create-undo-controller.ts';
import type { UndoChangeEvent } from './undo-events.ts';

/** Keys everyone writes: the agent, the person and the collaborator. */
const keys = ['a', 'b', 'c'] as const;

type Op =
  | { readonly kind: 'agent'; readonly writes: readonly Write[] }
  | { readonly kind: 'person'; readonly writes: readonly Write[] }
  | { readonly kind: 'collaborator'; readonly writes: readonly Write[] }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' };

const writes = writesOver(keys.length);
// Few keys and many undos, so that steps, collaborators and undos meet on the same keys often.
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('agent' as const), writes }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('person' as const), writes }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('collaborator' as const), writes }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'redo' as const }) },
);

type Snapshot = Record<string, unknown>;

/** What the model knows of a step on the undo or redo stack. */
interface ModelStep {
  readonly label: string;
  /** The keys the step (or the undo or redo that made this entry) changed. */
  readonly written: ReadonlySet<string>;
  /** The document popping this entry must restore on the keys no collaborator touched since. */
  readonly target: Snapshot;
  /** The document right after the step. */
  readonly after: Snapshot;
  /** Every key a collaborator changed after the entry was made. */
  readonly touched: Set<string>;
}

/** The keys whose values differ between two snapshots. */
function differing(a: Snapshot, b: Snapshot): Set<string> {
  return new Set(keys.filter((key) => a[key] !== b[key]));
}

const runs = Number(process.env.FC_NUM_RUNS ?? 500);

describe('undo among a synced collaborator’s overwrites and deletes', () => {
  test.prop([fc.array(op, { maxLength: 30 }), fc.constantFrom(3, Number.POSITIVE_INFINITY)], {
    numRuns: runs,
  })(
    'undo and redo act on only the newest step, never on a key a collaborator wrote after it, as canUndo() and canRedo() predict',
    (ops, maxSteps) => {
      const peers = createSyncedPeers();
      const local = peers.local.getMap<number>('units');
      const remote = peers.remote.getMap<number>('units');
      const controller = createUndoController(peers.local, {
        trackedOrigins: [userOrigin],
        captureTimeout: 60_000,
        maxSteps,
      });
      const events: UndoChangeEvent<unknown>[] = [];
      controller.on('change', (event) => events.push(event));
      let fresh = 0;
      /** The keys written since the last step began (deleting a missing key writes nothing). */
      let written = new Set<string>();
      const apply = (map: typeof local, write: Write): void => {
        const key = keys[write.key]!;
        if (write.remove && !map.has(key)) return;
        written.add(key);
        if (write.remove) map.delete(key);
        else map.set(key, ++fresh);
      };

      const stacks: Record<'undo' | 'redo', ModelStep[]> = { undo: [], redo: [] };
      /**
       * Whether the newest step, a person's gesture still open, pushed the oldest out: that one
       * is reported trimmed when the gesture closes (the next step, undo or redo).
       */
      let trimPending = false;
      const recordStep = (label: string, run: () => void, closesLater: boolean): void => {
        trimPending = false;
        const before = local.toJSON();
        written = new Set();
        run();
        const after = local.toJSON();
        // Any recorded change discards what was undone.
        if (written.size > 0) stacks.redo = [];
        // A step that only set keys and deleted them again has nothing to undo.
        if ([...written].every((key) => before[key] === undefined && after[key] === undefined)) {
          return;
        }
        stacks.undo.push({ label, written, target: before, after, touched: new Set() });
        if (stacks.undo.length > maxSteps) trimPending = closesLater;
        while (stacks.undo.length > maxSteps) stacks.undo.shift();
      };

      /** One undo or redo, checked against the model. */
      const pop = (direction: 'undo' | 'redo'): void => {
        const newest = stacks[direction].pop();
        const canPop = direction === 'undo' ? controller.canUndo() : controller.canRedo();
        const peeked = direction === 'undo' ? controller.peekUndo() : controller.peekRedo();
        expect(canPop).toBe(newest !== undefined);
        expect(peeked?.meta.label).toBe(newest?.label);
        const before = local.toJSON();
        events.length = 0;

        const result = direction === 'undo' ? controller.undo() : controller.redo();

        const after = local.toJSON();
        // Undo and redo close the open gesture first, even with nothing to pop.
        const closing = trimPending ? ['trimmed'] : [];
        trimPending = false;
        if (newest === undefined) {
          expect(result).toMatchObject({ ok: false, code: `nothing-to-${direction}` });
          expect(after).toEqual(before);
          expect(events.map((event) => event.kind)).toEqual(closing);
          return;
        }
        // Exactly the newest step was acted on, and listeners heard of it.
        expect(result.ok || result.code === 'changed-by-collaborator').toBe(true);
        expect('step' in result && result.step.meta.label).toBe(newest.label);
        const done = direction === 'undo' ? 'undone' : 'redone';
        expect(events.map((event) => event.kind)).toEqual([
          ...closing,
          result.ok ? done : 'refused',
        ]);
        for (const key of keys) {
          if (!newest.written.has(key) || newest.touched.has(key)) {
            // Not the step's key, or a collaborator's since: left alone.
            expect(after[key]).toBe(before[key]);
          } else {
            expect(after[key]).toBe(newest.target[key]);
          }
        }
        // A key the step set and deleted again may or may not be named: it is left alone either way.
        const named = (reported: readonly string[] | undefined): void => {
          const theirs = [...newest.written].filter(
            (key) => newest.touched.has(key) && newest.target[key] !== newest.after[key],
          );
          expect([...newest.touched]).toEqual(expect.arrayContaining([...(reported ?? [])]));
          expect(reported).toEqual(expect.arrayContaining(theirs));
          expect([...(reported ?? [])].sort()).toEqual(reported);
        };
        if (!result.ok) {
          expect(after).toEqual(before);
          named('keys' in result ? result.keys : undefined);
          return;
        }
        expect(after).not.toEqual(before);
        named(result.skippedKeys);
        expect(result.partial).toBe((result.skippedKeys ?? []).length > 0);
        // The reverse of what was just done goes on the other stack.
        stacks[direction === 'undo' ? 'redo' : 'undo'].push({
          label: newest.label,
          written: differing(before, after),
          target: before,
          after,
          touched: new Set(),
        });
      };

      ops.forEach((step, index) => {
        const label = `s${index}`;
        if (step.kind === 'agent') {
          recordStep(
            label,
            () =>
              controller.runAsStep({ actor: 'agent', label }, () => {
                for (const write of step.writes) apply(local, write);
              }),
            false,
          );
        } else if (step.kind === 'person') {
          // A gesture's step counts against maxSteps only if it stays: one whose writes cancel
          // out is dropped, and the oldest step it pushed out comes back.
          recordStep(
            label,
            () => {
              controller.beginUndoGesture({ actor: 'user', label });
              for (const write of step.writes)
                peers.local.transact(() => apply(local, write), userOrigin);
            },
            true,
          );
        } else if (step.kind === 'collaborator') {
          // The collaborator has seen every local step before writing.
          peers.sync();
          written = new Set();
          for (const write of step.writes) apply(remote, write);
          for (const entry of [...stacks.undo, ...stacks.redo]) {
            for (const key of written) entry.touched.add(key);
          }
          peers.sync();
        } else {
          pop(step.kind);
        }
      });
      controller.destroy();
      peers.sync();
      expect(peers.remote.getMap('units').toJSON()).toEqual(local.toJSON());
    },
  );
});
