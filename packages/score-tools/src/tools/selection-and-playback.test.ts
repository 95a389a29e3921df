import { describe, expect, it } from 'vitest';
import { odeFixture } from '../fixtures.test-support.ts';
import type { PlayRequest, ScorePlayer } from '../player.ts';
import { createMemorySelection } from '../selection.ts';

/** A test double of a browser page's player: it refuses until the page has had a user gesture. */
function fakePagePlayer() {
  const state = { gesture: false, played: [] as PlayRequest[], stopped: 0 };
  const player: ScorePlayer = {
    play: (request) => {
      if (!state.gesture) {
        return { ok: false, reason: 'needs-gesture', message: 'Audio is locked until a click.' };
      }
      state.played.push(request);
      return { ok: true };
    },
    stop: () => {
      state.stopped += 1;
      return { ok: true };
    },
  };
  return { state, player };
}

describe('selection', () => {
  it('a write selects what it changed; get_selection reads it; select_measures sets it', async () => {
    const { tools } = odeFixture({ selection: createMemorySelection() });
    const empty = await tools.invoke('get_selection', {});
    expect(empty.ok && empty.output.selection).toBeNull();
    await tools.invoke('rewrite_measures', {
      start_measure: 3,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m3: D4=1\nP1 s1 v1 m4: E4=1\n',
    });
    const afterWrite = await tools.invoke('get_selection', {});
    expect(afterWrite.ok && afterWrite.output.selection).toEqual({
      start_measure: 3,
      end_measure: 4,
      parts: [1],
    });
    const selected = await tools.invoke('select_measures', { start_measure: 5, end_measure: 6 });
    expect(selected.ok && selected.output.selection).toEqual({
      start_measure: 5,
      end_measure: 6,
      parts: [1, 2],
    });
    const outside = await tools.invoke('select_measures', { start_measure: 5, end_measure: 60 });
    expect(outside.ok).toBe(false);
    expect(outside.result.content[0]?.text).toContain('measures 1-8');
  });

  it('without a selection a person sees, select_measures is not listed; get_selection answers the last write', async () => {
    const { tools } = odeFixture();
    expect(tools.list().map((tool) => tool.name)).not.toContain('select_measures');
    expect(tools.list().map((tool) => tool.name)).toContain('get_selection');
    const called = await tools.invoke('select_measures', { start_measure: 1, end_measure: 1 });
    expect(called.ok || called.error.code).toBe('not_found');
    await tools.invoke('transpose_measures', { start_measure: 2, end_measure: 2, interval: 'P8' });
    const read = await tools.invoke('get_selection', {});
    expect(read.ok && read.output.selection).toEqual({
      start_measure: 2,
      end_measure: 2,
      parts: [1, 2],
    });
  });

  it('uses the host’s selection when it gives one', async () => {
    const host = { current: null as unknown, set: 0 };
    const { tools } = odeFixture({
      selection: {
        get: () => host.current as never,
        set: (selection) => {
          host.current = selection;
          host.set += 1;
        },
      },
    });
    await tools.invoke('select_measures', { start_measure: 2, end_measure: 2, parts: [2] });
    expect(host).toEqual({ current: { start_measure: 2, end_measure: 2, parts: [2] }, set: 1 });
  });
});

describe('play and stop (through a test double of a page player)', () => {
  it('play is refused at once without a user gesture, saying to click the page first', async () => {
    const { state, player } = fakePagePlayer();
    const { tools } = odeFixture({ player, role: 'viewer' });
    const refused = await tools.invoke('play', { start_measure: 1, end_measure: 4 });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toContain('click the page first');
    expect(state.played).toEqual([]);
  });

  it('play is accepted after a gesture, with the range and parts; stop stops', async () => {
    const { state, player } = fakePagePlayer();
    const { tools } = odeFixture({ player, role: 'viewer' });
    state.gesture = true;
    const played = await tools.invoke('play', { start_measure: 1, end_measure: 4, parts: [1] });
    expect(played.ok).toBe(true);
    expect(state.played).toEqual([{ start_measure: 1, end_measure: 4, parts: [1] }]);
    const whole = await tools.invoke('play', {});
    expect(whole.ok && whole.output.playing).toEqual({
      start_measure: 1,
      end_measure: 8,
      parts: [1, 2],
    });
    const stopped = await tools.invoke('stop', {});
    expect(stopped.ok).toBe(true);
    expect(state.stopped).toBe(1);
  });

  it('a player that never answers is reported when the host’s timeout passes', async () => {
    const player: ScorePlayer = { play: () => new Promise(() => {}), stop: () => ({ ok: true }) };
    const { tools } = odeFixture({ player, playerTimeoutMs: 10 });
    const hung = await tools.invoke('play', {});
    expect(hung.ok).toBe(false);
    expect(hung.result.content[0]?.text).toContain('did not answer');
  });

  it('without a player, play and stop are not listed, and a call to play is not_found', async () => {
    const { tools } = odeFixture();
    const names = tools.list().map((tool) => tool.name);
    expect(names).not.toContain('play');
    expect(names).not.toContain('stop');
    expect(tools.manifest().tools.map((tool) => tool.name)).toEqual(names);
    const none = await tools.invoke('play', {});
    expect(none.ok || none.error.code).toBe('not_found');
  });
});
