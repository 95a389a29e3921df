import { describe, expect, it } from 'vitest';
import { lanesOf, odeFixture, stateVector } from '../fixtures.test-support.ts';

describe('insert_measures and delete_measures', () => {
  it('refuse without allow_measure_count_change, leaving the state vector unchanged', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    for (const [name, args] of [
      ['insert_measures', { at_measure: 3, count: 2 }],
      ['delete_measures', { start_measure: 3, end_measure: 4 }],
    ] as const) {
      const refused = await tools.invoke(name, args);
      expect(refused.ok).toBe(false);
      const text = refused.result.content[0]!.text;
      expect(text.startsWith('Nothing was changed.\n')).toBe(true);
      expect(text).toContain('allow_measure_count_change');
    }
    expect(stateVector(doc)).toBe(vector);
  });

  it('insert with the flag: empty measures before at_measure, selected, one undo step', async () => {
    const { tools, undo } = odeFixture();
    const inserted = await tools.invoke('insert_measures', {
      at_measure: 3,
      count: 2,
      allow_measure_count_change: true,
    });
    expect(inserted.ok).toBe(true);
    if (!inserted.ok) return;
    expect(inserted.output).toMatchObject({ status: 'applied', measure_count: 10 });
    expect(await lanesOf(tools, 3, 5, [1])).toBe(
      'P1 s1 v1 m3: r=1 | r\nP1 s1 v1 m5: D4=1/4 D4 E4 F#4',
    );
    expect(tools.context.selection.get()).toMatchObject({ start_measure: 3, end_measure: 4 });
    expect(undo.undoManager.undoStack).toHaveLength(1);
    const undone = await tools.invoke('undo', {});
    expect(undone.ok).toBe(true);
    expect(await lanesOf(tools, 3, 3, [1])).toBe('P1 s1 v1 m3: D4=1/4 D4 E4 F#4');
  });

  it('a dry run says what applying would do, never that it applied', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const dry = await tools.invoke('insert_measures', {
      at_measure: 3,
      count: 2,
      allow_measure_count_change: true,
      dry_run: true,
    });
    if (!dry.ok) throw new Error('the dry run was refused');
    expect(dry.output.summary).not.toContain('Applied');
    expect(dry.output.summary).toContain('nothing was written. If applied: 2 measures added.');
    expect(stateVector(doc)).toBe(vector);
  });

  it('delete with the flag removes the measures from every part', async () => {
    const { tools } = odeFixture();
    const deleted = await tools.invoke('delete_measures', {
      start_measure: 2,
      end_measure: 3,
      allow_measure_count_change: true,
    });
    expect(deleted.ok && deleted.output.measure_count).toBe(6);
    expect(await lanesOf(tools, 2, 2, [1])).toBe('P1 s1 v1 m2: F#4=3/8 E4=1/8 E4=1/2');
  });
});

describe('transpose_measures', () => {
  it('spells by the interval: C#4 up M3 is E#4', async () => {
    const { tools } = odeFixture();
    await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: C#4=1/2 F#4=1/2\n',
    });
    const moved = await tools.invoke('transpose_measures', {
      start_measure: 1,
      end_measure: 1,
      parts: [1],
      interval: 'M3',
    });
    expect(moved.ok).toBe(true);
    expect(await lanesOf(tools, 1, 1, [1])).toBe('P1 s1 v1 m1: E#4=1/2 A#4');
    const down = await tools.invoke('transpose_measures', {
      start_measure: 1,
      end_measure: 1,
      parts: [1],
      interval: '-P4',
    });
    expect(down.ok).toBe(true);
    expect(await lanesOf(tools, 1, 1, [1])).toBe('P1 s1 v1 m1: B#3=1/2 E#4');
  });

  it('refuses an interval it cannot read, writing nothing', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const refused = await tools.invoke('transpose_measures', {
      start_measure: 1,
      end_measure: 2,
      interval: 'third',
    });
    expect(refused.result.content[0]?.text).toMatch(
      /^Nothing was changed\.\n[\s\S]*\[invalid-interval\]/,
    );
    expect(stateVector(doc)).toBe(vector);
  });
});

describe('set_time_signature and set_key_signature', () => {
  it('leave no undo step and keep the revision when the signature is already in force', async () => {
    const { tools, doc, undo } = odeFixture();
    const revision = tools.context.revision();
    const vector = stateVector(doc);
    for (const [name, args] of [
      ['set_time_signature', { measure: 3, beats: 4, beat_type: 4 }],
      ['set_key_signature', { measure: 1, tonic: 'D', mode: 'major' }],
    ] as const) {
      const answer = await tools.invoke(name, args);
      expect(answer.ok && answer.output.summary, name).toContain('nothing was written');
    }
    expect(undo.undoManager.undoStack).toHaveLength(0);
    expect(tools.context.revision()).toBe(revision);
    expect(stateVector(doc)).toBe(vector);
  });

  it('set the signatures from a measure on', async () => {
    const { tools } = odeFixture();
    const key = await tools.invoke('set_key_signature', { measure: 5, tonic: 'Bb', mode: 'major' });
    expect(key.ok).toBe(true);
    const time = await tools.invoke('set_time_signature', {
      measure: 8,
      beats: 3,
      beat_type: 4,
      dry_run: true,
    });
    expect(time.ok).toBe(false);
    expect(time.result.content[0]?.text).toContain('[content-does-not-fit]');
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok && info.output.key_changes).toEqual([
      { measure: 1, key: 'D major' },
      { measure: 5, key: 'Bb major' },
    ]);
  });

  it('re-bars the music with rebar: true, each refusal naming the call that succeeds, as one undo step', async () => {
    const { tools, doc, undo } = odeFixture();
    const vector = stateVector(doc);
    const refused = await tools.invoke('set_time_signature', {
      measure: 8,
      beats: 3,
      beat_type: 4,
    });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toContain('rebar: true');
    const moreBars = await tools.invoke('set_time_signature', {
      measure: 8,
      beats: 3,
      beat_type: 4,
      rebar: true,
    });
    expect(moreBars.ok).toBe(false);
    expect(moreBars.result.content[0]?.text).toContain('[measure-count-change]');
    expect(moreBars.result.content[0]?.text).toContain('allow_measure_count_change: true');
    expect(stateVector(doc)).toBe(vector);
    const rebarred = await tools.invoke('set_time_signature', {
      measure: 8,
      beats: 3,
      beat_type: 4,
      rebar: true,
      allow_measure_count_change: true,
    });
    expect(rebarred.ok).toBe(true);
    expect(rebarred.ok && rebarred.output).toMatchObject({ status: 'applied', measure_count: 9 });
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok && info.output.time_changes).toEqual([
      { measure: 1, time: '4/4' },
      { measure: 8, time: '3/4' },
    ]);
    expect(undo.undoManager.undoStack).toHaveLength(1);
    expect((await tools.invoke('undo', {})).ok).toBe(true);
    const after = await tools.invoke('get_score_info', {});
    expect(after.ok && after.output.measure_count).toBe(8);
  });

  it('rewrite_measures with time_signature changes the meter and the notes of the measures it writes in one call', async () => {
    const { tools, undo } = odeFixture();
    // The piano rests in m6 (never written), so only the violin's lane is needed there.
    const written = await tools.invoke('rewrite_measures', {
      start_measure: 6,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m6: A4=1/4 G4 F#4\n',
      time_signature: '3/4',
    });
    expect(written.ok, written.result.content[0]?.text).toBe(true);
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok && info.output.time_changes).toEqual([
      { measure: 1, time: '4/4' },
      { measure: 6, time: '3/4' },
      { measure: 7, time: '4/4' },
    ]);
    expect(undo.undoManager.undoStack).toHaveLength(1);
    const refused = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: F#4=1/4 F#4 G4\n',
      time_signature: '3/4',
    });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toContain("Write P2 s1's lanes of m1 in 3/4");
  });
});
