import { describe, expect, it } from 'vitest';
import { coalescedSaves } from './coalesced-saves.ts';

/** A save that counts its calls and waits until the test lets it finish. */
function controlledSave() {
  const finishers: (() => void)[] = [];
  let calls = 0;
  return {
    calls: () => calls,
    finishAll: () => {
      for (const finish of finishers.splice(0)) finish();
    },
    save: () => {
      calls += 1;
      return new Promise<void>((resolve) => finishers.push(resolve));
    },
  };
}

describe('coalescedSaves', () => {
  it('does not save while the caller waits, and saves many requests with one write', async () => {
    let calls = 0;
    const saves = coalescedSaves(async () => {
      calls += 1;
    });
    for (let index = 0; index < 10; index++) saves.request();
    expect(calls).toBe(0);
    expect(await saves.flush()).toBeUndefined();
    expect(calls).toBe(1);
    expect(await saves.flush()).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('saves on its own soon after a request', async () => {
    let calls = 0;
    const saves = coalescedSaves(async () => {
      calls += 1;
    });
    saves.request();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toBe(1);
  });

  it('saves again after a running save the changes requested while it ran', async () => {
    const controlled = controlledSave();
    const saves = coalescedSaves(controlled.save);
    saves.request();
    const first = saves.flush();
    expect(controlled.calls()).toBe(1);
    saves.request();
    saves.request();
    const second = saves.flush();
    controlled.finishAll();
    await first;
    // The second flush waits for the running save, then writes the later changes once.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controlled.calls()).toBe(2);
    controlled.finishAll();
    await second;
    expect(controlled.calls()).toBe(2);
  });

  it('reports a failure once, tells it as it happens, and tries again at the flush', async () => {
    const told: string[] = [];
    let failing = true;
    let calls = 0;
    const saves = coalescedSaves(
      async () => {
        calls += 1;
        if (failing) throw new Error('Cannot write song.lanes: the disk is full.');
      },
      { onFailure: (reason) => told.push(reason) },
    );
    saves.request();
    expect(await saves.flush()).toBe('Cannot write song.lanes: the disk is full.');
    expect(told).toEqual(['Cannot write song.lanes: the disk is full.']);
    expect(saves.takeFailure()).toBe('Cannot write song.lanes: the disk is full.');
    expect(saves.takeFailure()).toBeUndefined();
    failing = false;
    expect(await saves.flush()).toBeUndefined();
    expect(calls).toBe(2);
  });
});
