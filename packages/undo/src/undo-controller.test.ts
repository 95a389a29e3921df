import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createSyncedPeers, remoteOrigin, userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './create-undo-controller.ts';
import { UndoMisuseError } from './undo-misuse-error.ts';

/** Long enough that only gestures can separate steps in these tests. */
const longCapture = 60_000;

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function setup(captureTimeout = longCapture) {
  const peers = createSyncedPeers();
  const units = peers.local.getMap<string>('units');
  const remoteUnits = peers.remote.getMap<string>('units');
  units.set('m1', 'c4');
  peers.sync();
  const controller = createUndoController(peers.local, {
    trackedOrigins: [userOrigin],
    captureTimeout,
  });
  const userEdit = (key: string, value: string): void => {
    peers.local.transact(() => units.set(key, value), userOrigin);
  };
  const userDelete = (key: string): void => {
    peers.local.transact(() => units.delete(key), userOrigin);
  };
  return { ...peers, units, remoteUnits, controller, userEdit, userDelete };
}

describe('tool calls on synced documents', () => {
  it('undoes the second of two tool calls back to exactly the snapshot between them', () => {
    const { controller, units, local, sync, remoteUnits } = setup();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => {
      units.set('m2', 'd4');
      units.set('m1', 'e4');
    });
    const snapshot = local.getMap('units').toJSON();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_2' }, () => {
      units.set('m3', 'f4');
      units.delete('m2');
    });

    const result = controller.undo();

    expect(result).toMatchObject({ ok: true, step: { meta: { toolCallId: 'call_2' } } });
    expect(units.toJSON()).toEqual(snapshot);
    sync();
    expect(remoteUnits.toJSON()).toEqual(snapshot);
  });

  it('restores the original document when the only tool call is undone', () => {
    const { controller, units, sync, remoteUnits } = setup();
    const original = units.toJSON();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => {
      units.set('m1', 'g4');
      units.set('m2', 'a4');
    });
    sync();

    expect(controller.undo().ok).toBe(true);

    expect(units.toJSON()).toEqual(original);
    expect(controller.canUndo()).toBe(false);
    sync();
    expect(remoteUnits.toJSON()).toEqual(original);
  });

  it('makes a user edit 10 ms after a tool call a separate step, within the capture timeout', async () => {
    const { controller, units, userEdit } = setup(500);
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m2', 'd4'));
    await wait(10);
    userEdit('m3', 'e4');

    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { actor: 'unknown' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'd4' });
    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { toolCallId: 'call_1' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4' });
  });

  it('separates the user edit even when the tool call applied through the same origin as the editor', async () => {
    const { controller, units, userEdit } = setup(500);
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m2', 'd4'), {
      origin: userOrigin,
    });
    await wait(10);
    userEdit('m3', 'e4');

    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { actor: 'unknown' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'd4' });
    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { toolCallId: 'call_1' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4' });
  });

  it('keeps a remote edit made between two tool calls when both are undone', () => {
    const { controller, units, remoteUnits, sync } = setup();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m2', 'd4'));
    sync();
    remoteUnits.set('m9', 'b4');
    sync();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_2' }, () => units.set('m3', 'e4'));

    expect(controller.undo().ok).toBe(true);
    expect(controller.undo().ok).toBe(true);
    expect(controller.undo()).toEqual({
      ok: false,
      code: 'nothing-to-undo',
      message: 'Nothing to undo.',
    });

    expect(units.toJSON()).toEqual({ m1: 'c4', m9: 'b4' });
    sync();
    expect(remoteUnits.toJSON()).toEqual({ m1: 'c4', m9: 'b4' });
  });

  it('re-applies undone tool calls on redo, in order', () => {
    const { controller, units, sync, remoteUnits } = setup();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m2', 'd4'));
    const afterFirst = units.toJSON();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_2' }, () => units.set('m2', 'e4'));
    const afterSecond = units.toJSON();
    controller.undo();
    controller.undo();

    expect(controller.redo()).toMatchObject({ ok: true, step: { meta: { toolCallId: 'call_1' } } });
    expect(units.toJSON()).toEqual(afterFirst);
    expect(controller.redo()).toMatchObject({ ok: true, step: { meta: { toolCallId: 'call_2' } } });
    expect(units.toJSON()).toEqual(afterSecond);
    expect(controller.redo()).toEqual({
      ok: false,
      code: 'nothing-to-redo',
      message: 'Nothing to redo.',
    });
    sync();
    expect(remoteUnits.toJSON()).toEqual(afterSecond);
  });

  it('does not undo a collaborator who overwrote the same key after the tool call', () => {
    const { controller, units, remoteUnits, sync } = setup();
    controller.runAsStep({ actor: 'agent' }, () => units.set('m1', 'd4'));
    sync();
    remoteUnits.set('m1', 'f4');
    sync();

    controller.undo();

    expect(units.toJSON()).toEqual({ m1: 'f4' });
  });

  it('undoes a tool call after undoing a quick run of user edits to the unit it cleared', () => {
    const { controller, units, userEdit, sync, remoteUnits } = setup();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.delete('m1'));
    controller.beginUndoGesture({ actor: 'user' });
    userEdit('m1', 'd4');
    userEdit('m1', 'd4 e4');

    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { actor: 'user' } } });
    expect(units.toJSON()).toEqual({});
    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { toolCallId: 'call_1' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4' });
    sync();
    expect(remoteUnits.toJSON()).toEqual({ m1: 'c4' });
  });

  it('undoes past a step that set a unit and removed it again', () => {
    const { controller, units, userEdit, userDelete } = setup();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.delete('m1'));
    controller.beginUndoGesture({ actor: 'user' });
    userEdit('m1', 'd4');
    userDelete('m1');

    // The user's step changed nothing in the end, so the first undo reverts the tool call.
    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { toolCallId: 'call_1' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4' });
  });

  it('never records remote updates, even when they are the only changes', () => {
    const { controller, remoteUnits, sync } = setup();
    remoteUnits.set('m5', 'g4');
    sync();

    expect(controller.canUndo()).toBe(false);
    expect(controller.undo().ok).toBe(false);
  });
});

describe('runAsStep', () => {
  it("returns fn's result and runs it in one transaction with the controller's origin", () => {
    const { controller, units } = setup();
    const seen: unknown[] = [];
    const result = controller.runAsStep({ actor: 'agent' }, (transaction) => {
      seen.push(transaction.origin);
      units.set('m2', 'd4');
      return 42;
    });

    expect(result).toBe(42);
    expect(seen).toEqual([controller.origin]);
    expect(controller.peekUndo()?.origin).toBe(controller.origin);
  });

  it('applies with a given tracked origin', () => {
    const { controller, units } = setup();
    controller.runAsStep({ actor: 'agent' }, () => units.set('m2', 'd4'), { origin: userOrigin });

    expect(controller.peekUndo()).toMatchObject({ origin: userOrigin, meta: { actor: 'agent' } });
  });

  it('makes two calls with the same origin, well within the capture timeout, two steps', () => {
    const { controller, units } = setup();
    controller.runAsStep({ actor: 'agent', toolCallId: 'a' }, () => units.set('m2', 'd4'));
    controller.runAsStep({ actor: 'agent', toolCallId: 'b' }, () => units.set('m3', 'e4'));

    controller.undo();

    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'd4' });
    expect(controller.peekUndo()?.meta).toEqual({ actor: 'agent', toolCallId: 'a' });
  });

  it('closes the open user step before it, so the call does not join the typing', () => {
    const { controller, units, userEdit } = setup();
    controller.beginUndoGesture({ actor: 'user' });
    userEdit('m2', 'd4');
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m3', 'e4'), {
      origin: userOrigin,
    });

    controller.undo();

    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'd4' });
  });

  it('records no step when fn changes nothing', () => {
    const { controller, units } = setup();
    const value = controller.runAsStep({ actor: 'agent' }, () => units.get('m1'));

    expect(value).toBe('c4');
    expect(controller.canUndo()).toBe(false);
  });

  it('keeps what fn applied before throwing as one step and rethrows', () => {
    const { controller, units } = setup();
    const failure = new Error('planner bug');

    expect(() =>
      controller.runAsStep({ actor: 'agent', toolCallId: 'bad' }, () => {
        units.set('m2', 'd4');
        throw failure;
      }),
    ).toThrow(failure);

    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'd4' });
    expect(controller.peekUndo()?.meta.toolCallId).toBe('bad');
    controller.runAsStep({ actor: 'agent', toolCallId: 'next' }, () => units.set('m3', 'e4'));
    controller.undo();
    controller.undo();
    expect(units.toJSON()).toEqual({ m1: 'c4' });
  });

  for (const captureTimeout of [longCapture, 0]) {
    it(`makes an observer's synchronous follow-up write with a tracked origin part of the step (captureTimeout ${captureTimeout})`, () => {
      const { local, units, controller } = setup(captureTimeout);
      const index = local.getMap<number>('index');
      // The host keeps a derived index in sync, writing with its editor's (tracked) origin.
      units.observe((event) => {
        if (event.transaction.origin !== controller.origin) return; // the agent's writes only
        local.transact(() => {
          for (const key of event.keysChanged) index.set(key, units.get(key)?.length ?? 0);
        }, userOrigin);
      });

      controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () =>
        units.set('m2', 'c4 d4'),
      );

      expect(controller.undoManager.undoStack).toHaveLength(1);
      expect(controller.peekUndo()?.meta).toEqual({ actor: 'agent', toolCallId: 'call_1' });
      expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'c4 d4' });
      expect(index.toJSON()).toEqual({ m2: 5 });
      controller.undo();
      expect(units.toJSON()).toEqual({ m1: 'c4' });
      expect(index.toJSON()).toEqual({});
      controller.redo();
      expect(index.toJSON()).toEqual({ m2: 5 });
      // A person's edit afterwards is still a step of its own.
      controller.beginUndoGesture({ actor: 'user' });
      local.transact(() => units.set('m1', 'e4'), userOrigin);
      expect(controller.undoManager.undoStack).toHaveLength(2);
    });
  }

  it('refuses to nest', () => {
    const { controller, units } = setup();
    expect(() =>
      controller.runAsStep({ actor: 'agent' }, () => {
        controller.runAsStep({ actor: 'agent' }, () => units.set('m2', 'd4'));
      }),
    ).toThrow(/cannot|inside another runAsStep/);
    expect(units.has('m2')).toBe(false);
  });

  it('refuses gestures, undo and redo from inside the step', () => {
    const { controller } = setup();
    for (const call of [
      () => controller.beginUndoGesture({ actor: 'user' }),
      () => controller.undo(),
      () => controller.redo(),
    ]) {
      expect(() => controller.runAsStep({ actor: 'agent' }, call)).toThrow(UndoMisuseError);
    }
  });

  it('refuses an async function before running it', () => {
    const { controller, units } = setup();
    expect(() =>
      controller.runAsStep({ actor: 'agent' }, async () => {
        units.set('m2', 'd4');
      }),
    ).toThrow(/synchronous/);
    expect(units.has('m2')).toBe(false);
  });

  it('throws when fn returns a promise', () => {
    const { controller } = setup();
    expect(() => controller.runAsStep({ actor: 'agent' }, () => Promise.resolve(1))).toThrow(
      /returned a promise/,
    );
  });

  it('leaves no trace of a plain function that returns a promise, as transpiled async code does', () => {
    const { controller, units, local, userEdit, sync, remoteUnits } = setup();
    userEdit('m2', 'd4');
    controller.runAsStep({ actor: 'agent' }, () => units.set('m3', 'e4'));
    controller.undo();
    const events: string[] = [];
    controller.on('change', (event) => events.push(event.kind));
    const before = units.toJSON();
    // What TypeScript emits for `async () => { units.set(...); await ...; units.set(...) }`
    // when it targets ES2015: a plain function that writes, then returns a promise.
    function transpiledAsync(): Promise<void> {
      units.set('m1', 'g4');
      units.delete('m2');
      units.set('m4', 'a4');
      return Promise.resolve().then(() => undefined);
    }

    expect(() => controller.runAsStep({ actor: 'agent' }, transpiledAsync)).toThrow(
      /returned a promise/,
    );

    expect(units.toJSON()).toEqual(before);
    expect(events).toEqual([]);
    expect(controller.peekRedo()?.meta.actor).toBe('agent');
    expect(controller.redo().ok).toBe(true);
    expect(controller.undo().ok).toBe(true);
    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { actor: 'unknown' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4' });
    sync();
    expect(remoteUnits.toJSON()).toEqual({ m1: 'c4' });
    expect(local.getMap('units').toJSON()).toEqual({ m1: 'c4' });
  });

  it("also reverts an observer's follow-up write when fn returns a promise", () => {
    const { local, units, controller } = setup();
    const index = local.getMap<number>('index');
    units.observe((event) => {
      if (event.transaction.origin !== controller.origin) return;
      local.transact(() => {
        for (const key of event.keysChanged) index.set(key, 1);
      }, userOrigin);
    });

    expect(() =>
      controller.runAsStep({ actor: 'agent' }, () => {
        units.set('m2', 'd4');
        return Promise.resolve();
      }),
    ).toThrow(/returned a promise/);

    expect(units.toJSON()).toEqual({ m1: 'c4' });
    expect(index.toJSON()).toEqual({});
    expect(controller.canUndo()).toBe(false);
  });

  it('refuses an origin it does not track', () => {
    const { controller, units } = setup();
    expect(() =>
      controller.runAsStep({ actor: 'agent' }, () => units.set('m2', 'd4'), {
        origin: remoteOrigin,
      }),
    ).toThrow(/does not track/);
    expect(units.has('m2')).toBe(false);
  });

  it('refuses to run inside an open Yjs transaction', () => {
    const { controller, local, units } = setup();
    local.transact(() => {
      expect(() => controller.runAsStep({ actor: 'agent' }, () => units.set('m2', 'd4'))).toThrow(
        /inside a Yjs transaction/,
      );
      expect(() => controller.undo()).toThrow(/inside a Yjs transaction/);
    }, userOrigin);
  });

  it('refuses meta without an actor', () => {
    const { controller } = setup();
    expect(() => controller.runAsStep({ actor: '' }, () => undefined)).toThrow(/actor/);
  });
});

describe('gestures and the capture timeout', () => {
  it('joins user edits inside the capture timeout when no gesture separates them', () => {
    const { controller, units, userEdit } = setup();
    userEdit('m2', 'd4');
    userEdit('m3', 'e4');

    controller.undo();

    expect(units.toJSON()).toEqual({ m1: 'c4' });
  });

  it('starts a new step at beginUndoGesture, described by its meta', () => {
    const { controller, units, userEdit } = setup();
    controller.beginUndoGesture({ actor: 'user', label: 'first' });
    userEdit('m2', 'd4');
    controller.beginUndoGesture({ actor: 'user', label: 'second' });
    userEdit('m3', 'e4');
    userEdit('m4', 'f4');

    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { label: 'second' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'd4' });
    expect(controller.peekUndo()?.meta.label).toBe('first');
  });

  it('splits steps once the capture timeout has passed', async () => {
    const { controller, units, userEdit } = setup(10);
    userEdit('m2', 'd4');
    await wait(50);
    userEdit('m3', 'e4');

    controller.undo();

    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'd4' });
  });

  it('starts a new step when a tracked change of another origin arrives', () => {
    const agentOrigin = { name: 'agent' };
    const peers = createSyncedPeers();
    const units = peers.local.getMap<string>('units');
    const controller = createUndoController(peers.local, {
      trackedOrigins: [userOrigin, agentOrigin],
      captureTimeout: longCapture,
      describeOrigin: (origin) => ({ actor: origin === agentOrigin ? 'agent' : 'user' }),
    });
    peers.local.transact(() => units.set('a', '1'), userOrigin);
    peers.local.transact(() => units.set('b', '2'), agentOrigin);

    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { actor: 'agent' } } });
    expect(units.toJSON()).toEqual({ a: '1' });
  });

  it('describes a step of another origin than the gesture with describeOrigin', () => {
    const agentOrigin = { name: 'agent' };
    const doc = new Y.Doc();
    const units = doc.getMap<string>('units');
    const controller = createUndoController(doc, {
      trackedOrigins: [userOrigin, agentOrigin],
      describeOrigin: () => ({ actor: 'described' }),
    });
    controller.beginUndoGesture({ actor: 'user' });
    doc.transact(() => units.set('a', '1'), userOrigin);
    doc.transact(() => units.set('b', '2'), agentOrigin);

    expect(controller.peekUndo()?.meta).toEqual({ actor: 'described' });
    controller.undo();
    expect(controller.peekUndo()?.meta).toEqual({ actor: 'user' });
  });

  it('records nothing for transactions that change nothing, so they keep the redo stack', () => {
    const { controller, local, units, userEdit } = setup();
    userEdit('m2', 'd4');
    controller.undo();
    local.transact(() => units.get('m1'), userOrigin);

    expect(controller.canUndo()).toBe(false);
    expect(controller.canRedo()).toBe(true);
  });

  it('records only changes inside a scope of shared types', () => {
    const doc = new Y.Doc();
    const units = doc.getMap<string>('units');
    const notes = doc.getText('notes');
    const controller = createUndoController(units, { trackedOrigins: [userOrigin] });
    doc.transact(() => notes.insert(0, 'hello'), userOrigin);
    expect(controller.canUndo()).toBe(false);

    doc.transact(() => units.set('m1', 'c4'), userOrigin);
    controller.undo();

    expect(units.toJSON()).toEqual({});
    expect(notes.toString()).toBe('hello');
  });

  it('ignores origins it was not told to track, null included', () => {
    const doc = new Y.Doc();
    const units = doc.getMap<string>('units');
    const controller = createUndoController(doc, { trackedOrigins: [userOrigin] });
    units.set('m1', 'c4');

    expect(controller.canUndo()).toBe(false);
  });
});

describe('options', () => {
  it('refuses invalid options and scopes', () => {
    const doc = new Y.Doc();
    expect(() => createUndoController(doc, { maxSteps: 0 })).toThrow(/maxSteps/);
    expect(() => createUndoController(doc, { maxSteps: 1.5 })).toThrow(/maxSteps/);
    expect(() => createUndoController(doc, { captureTimeout: -1 })).toThrow(/captureTimeout/);
    expect(() => createUndoController([])).toThrow(/empty/);
  });

  it('accepts an unbounded history', () => {
    const doc = new Y.Doc();
    const controller = createUndoController(doc, { maxSteps: Number.POSITIVE_INFINITY });
    for (let i = 0; i < 150; i++) {
      controller.runAsStep({ actor: 'agent' }, () => doc.getMap('units').set(`m${i}`, i));
    }
    expect(controller.undoManager.undoStack).toHaveLength(150);
  });
});
