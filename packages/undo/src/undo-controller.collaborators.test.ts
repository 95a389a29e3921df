import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createSyncedPeers, userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './create-undo-controller.ts';
import type { UndoChangeEvent } from './undo-events.ts';

/** Long enough that only gestures can separate steps in these tests. */
const longCapture = 60_000;

function setup() {
  const peers = createSyncedPeers();
  const units = peers.local.getMap<string>('units');
  const remoteUnits = peers.remote.getMap<string>('units');
  units.set('m1', 'c4');
  units.set('m2', 'd4');
  peers.sync();
  const controller = createUndoController(peers.local, {
    trackedOrigins: [userOrigin],
    captureTimeout: longCapture,
  });
  const events: UndoChangeEvent<unknown>[] = [];
  controller.on('change', (event) => events.push(event));
  const personEdit = (key: string, value: string): void => {
    controller.beginUndoGesture({ actor: 'user', label: `type ${key}` });
    peers.local.transact(() => units.set(key, value), userOrigin);
  };
  const collaborator = (write: () => void): void => {
    peers.sync();
    write();
    peers.sync();
  };
  return { ...peers, units, remoteUnits, controller, events, personEdit, collaborator };
}

describe('undo after a collaborator changed what the step wrote', () => {
  it('refuses the step, naming the key, and tells listeners the step is gone', () => {
    const { controller, units, remoteUnits, events, collaborator } = setup();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m2', 'e4'));
    collaborator(() => remoteUnits.set('m2', 'g4'));

    expect(controller.canUndo()).toBe(true);
    expect(controller.peekUndo()?.meta.toolCallId).toBe('call_1');
    events.length = 0;
    const result = controller.undo();

    expect(result).toMatchObject({
      ok: false,
      code: 'changed-by-collaborator',
      keys: ['m2'],
      step: { meta: { toolCallId: 'call_1' } },
    });
    expect(result.ok === false && result.message).toMatch(/m2/);
    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'g4' });
    expect(events).toEqual([
      expect.objectContaining({ kind: 'refused', keys: ['m2'], canUndo: false, canRedo: false }),
    ]);
    expect(controller.canUndo()).toBe(false);
    expect(controller.undo()).toMatchObject({ ok: false, code: 'nothing-to-undo' });
  });

  it('never reaches past the refused step to a person’s older step', () => {
    const { controller, units, remoteUnits, collaborator, personEdit } = setup();
    personEdit('m1', 'c4 c5');
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m2', 'e4'));
    collaborator(() => remoteUnits.set('m2', 'g4'));

    expect(controller.undo()).toMatchObject({ ok: false, code: 'changed-by-collaborator' });
    expect(units.toJSON()).toEqual({ m1: 'c4 c5', m2: 'g4' });

    expect(controller.peekUndo()?.meta.label).toBe('type m1');
    expect(controller.undo()).toMatchObject({ ok: true, step: { meta: { label: 'type m1' } } });
    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'g4' });
  });

  it('counts a collaborator’s delete of a key the step wrote, and does not bring the value back', () => {
    const { controller, units, remoteUnits, collaborator } = setup();
    controller.runAsStep({ actor: 'agent' }, () => units.set('m2', 'e4'));
    collaborator(() => remoteUnits.delete('m2'));

    expect(controller.undo()).toMatchObject({ ok: false, keys: ['m2'] });
    expect(units.toJSON()).toEqual({ m1: 'c4' });
  });

  it('reports a partial undo with the keys it left to the collaborator', () => {
    const { controller, units, remoteUnits, collaborator } = setup();
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => {
      units.set('m1', 'e4');
      units.set('m2', 'f4');
      units.set('m3', 'g4');
    });
    collaborator(() => {
      remoteUnits.set('m2', 'a4');
      remoteUnits.delete('m3');
    });

    const result = controller.undo();

    expect(result).toMatchObject({ ok: true, partial: true, skippedKeys: ['m2', 'm3'] });
    expect(units.toJSON()).toEqual({ m1: 'c4', m2: 'a4' });
  });

  it('reports a full undo as not partial', () => {
    const { controller, units, remoteUnits, collaborator } = setup();
    controller.runAsStep({ actor: 'agent' }, () => units.set('m2', 'e4'));
    collaborator(() => remoteUnits.set('m1', 'b4'));

    expect(controller.undo()).toMatchObject({ ok: true, partial: false, skippedKeys: [] });
    expect(units.toJSON()).toEqual({ m1: 'b4', m2: 'd4' });
  });

  it('refuses a redo the same way once a collaborator changed what the undo restored', () => {
    const { controller, units, remoteUnits, collaborator } = setup();
    controller.runAsStep({ actor: 'agent' }, () => units.set('m2', 'e4'));
    controller.undo();
    collaborator(() => remoteUnits.delete('m2'));

    expect(controller.canRedo()).toBe(true);
    expect(controller.redo()).toMatchObject({ ok: false, code: 'changed-by-collaborator' });
    expect(units.toJSON()).toEqual({ m1: 'c4' });
    expect(controller.canRedo()).toBe(false);
  });

  it('keeps a collaborator’s edit inside a map the step created', () => {
    const { controller, local, remote, collaborator } = setup();
    const parts = local.getMap<Y.Map<string>>('parts');
    controller.runAsStep({ actor: 'agent' }, () => {
      const violin = new Y.Map<string>();
      parts.set('violin', violin);
      violin.set('clef', 'G');
    });
    collaborator(() => remote.getMap<Y.Map<string>>('parts').get('violin')?.set('key', 'D'));

    expect(controller.undo()).toMatchObject({ ok: false, keys: ['violin'] });
    expect(parts.toJSON()).toEqual({ violin: { clef: 'G', key: 'D' } });
  });
});
