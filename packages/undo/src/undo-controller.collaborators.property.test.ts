import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createSyncedPeers, userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './undo-controller.ts';
import type { UndoChangeEvent } from './undo-events.ts';

/** Keys everyone writes: the agent, the person and the collaborator. */
const keys = ['a', 'b', 'c', 'd'] as const;

/** One write: set a key to a fresh value, or delete it. */
interface Write {
  readonly key: number;
  readonly remove: boolean;
}

type Op =
  | { readonly kind: 'agent'; readonly writes: readonly Write[] }
  | { readonly kind: 'person'; readonly writes: readonly Write[] }
  | { readonly kind: 'collaborator'; readonly writes: readonly Write[] }
  | { readonly kind: 'undo' };

const writes = fc.array(
  fc.record({ key: fc.nat({ max: keys.length - 1 }), remove: fc.boolean() }),
  { minLength: 1, maxLength: 3 },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('agent' as const), writes }),
  fc.record({ kind: fc.constant('person' as const), writes }),
  fc.record({ kind: fc.constant('collaborator' as const), writes }),
  fc.constant({ kind: 'undo' as const }),
);

type Snapshot = Record<string, unknown>;

/** What the model knows of a step on the undo stack. */
interface ModelStep {
  readonly label: string;
  readonly written: ReadonlySet<string>;
  readonly before: Snapshot;
  readonly after: Snapshot;
  /** The written keys a collaborator changed after the step. */
  readonly touched: Set<string>;
}

const runs = Number(process.env.FC_NUM_RUNS ?? 300);

describe('undo among a synced collaborator’s overwrites and deletes', () => {
  test.prop([fc.array(op, { maxLength: 30 }), fc.constantFrom(3, Number.POSITIVE_INFINITY)], {
    numRuns: runs,
  })(
    'reverts only the newest step, never a key a collaborator wrote after it, and canUndo() predicts it',
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

      const stack: ModelStep[] = [];
      const recordStep = (label: string, run: () => void): void => {
        const before = local.toJSON();
        written = new Set();
        run();
        const after = local.toJSON();
        // A step that only set keys and deleted them again has nothing to undo.
        if ([...written].every((key) => before[key] === undefined && after[key] === undefined)) {
          return;
        }
        stack.push({ label, written, before, after, touched: new Set() });
        if (stack.length > maxSteps) stack.shift();
      };

      ops.forEach((step, index) => {
        const label = `s${index}`;
        if (step.kind === 'agent') {
          recordStep(label, () =>
            controller.runAsStep({ actor: 'agent', label }, () => {
              for (const write of step.writes) apply(local, write);
            }),
          );
        } else if (step.kind === 'person') {
          recordStep(label, () => {
            controller.beginUndoGesture({ actor: 'user', label });
            for (const write of step.writes) {
              peers.local.transact(() => apply(local, write), userOrigin);
            }
          });
        } else if (step.kind === 'collaborator') {
          // The collaborator has seen every local step before writing.
          peers.sync();
          written = new Set();
          for (const write of step.writes) apply(remote, write);
          for (const modelStep of stack) {
            for (const key of written) if (modelStep.written.has(key)) modelStep.touched.add(key);
          }
          peers.sync();
        } else {
          const newest = stack.pop();
          expect(controller.canUndo()).toBe(newest !== undefined);
          expect(controller.peekUndo()?.meta.label).toBe(newest?.label);
          const before = local.toJSON();
          events.length = 0;

          const result = controller.undo();

          const after = local.toJSON();
          if (newest === undefined) {
            expect(result).toMatchObject({ ok: false, code: 'nothing-to-undo' });
            expect(after).toEqual(before);
            expect(events).toEqual([]);
            return;
          }
          // Exactly the newest step was acted on, and listeners heard of it.
          expect(result.ok || result.code === 'changed-by-collaborator').toBe(true);
          expect('step' in result && result.step.meta.label).toBe(newest.label);
          expect(events.map((event) => event.kind)).toEqual([result.ok ? 'undone' : 'refused']);
          const changedByStep = (key: string): boolean => newest.before[key] !== newest.after[key];
          const theirs = [...newest.written].filter((key) => newest.touched.has(key));
          // A key the step set and deleted again may or may not be named: undo leaves it alone either way.
          const named = (reported: readonly string[] | undefined): void => {
            expect(theirs).toEqual(expect.arrayContaining([...(reported ?? [])]));
            expect(reported).toEqual(expect.arrayContaining(theirs.filter(changedByStep)));
            expect([...(reported ?? [])].sort()).toEqual(reported);
          };
          for (const key of keys) {
            if (!newest.written.has(key) || newest.touched.has(key)) {
              // Not the step's key, or a collaborator's since: left alone.
              expect(after[key]).toBe(before[key]);
            } else {
              expect(after[key]).toBe(newest.before[key]);
            }
          }
          if (result.ok) {
            expect(after).not.toEqual(before);
            named(result.skippedKeys);
            expect(result.partial).toBe((result.skippedKeys ?? []).length > 0);
          } else {
            expect(after).toEqual(before);
            named('keys' in result ? result.keys : undefined);
          }
        }
      });
      controller.destroy();
      peers.sync();
      expect(peers.remote.getMap('units').toJSON()).toEqual(local.toJSON());
    },
  );
});
