import { formatGuide } from '@scorelane/lanes-seq';
import { scoreTypes, withMarks } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { lanesOf, odeFixture, personRewrites, stateVector } from '../fixtures.test-support.ts';
import { MAX_WARNINGS } from '../musical-warnings.ts';
import { MAX_LANES_SEQ_LENGTH } from './rewrite-measures.ts';

const MELODY_M2 = 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/2\n';

describe('rewrite_measures', () => {
  it('applies a rewrite as one undo step, selects the changed range and returns the new revision', async () => {
    const { tools, undo } = odeFixture();
    const before = tools.context.revision();
    const written = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: MELODY_M2,
      revision: before,
    });
    expect(written.ok).toBe(true);
    if (!written.ok) return;
    expect(written.output).toMatchObject({
      status: 'applied',
      changed_range: { start_measure: 2, end_measure: 2, parts: [1] },
      measure_count: 8,
      changes: [{ unit: 'P1 s1 m2', reason: 'rewrite' }],
      warnings: [],
      dropped: [],
    });
    expect(written.output.revision).toBe(tools.context.revision());
    expect(written.output.revision).not.toBe(before);
    expect(String(written.output.summary)).toContain('as one undo step');
    expect(await lanesOf(tools, 2, 2, [1])).toBe(MELODY_M2.trim());
    expect(tools.context.selection.get()).toEqual({ start_measure: 2, end_measure: 2, parts: [1] });
    expect(undo.peekUndo()?.meta).toEqual({
      actor: 'agent',
      toolCallId: written.call_id,
      label: 'rewrite_measures from m2, parts 1',
    });
    expect(undo.undoManager.undoStack).toHaveLength(1);
  });

  it.each([
    [
      'an underfilled measure',
      { parts: [1], lanes_seq: 'P1 s1 v1 m2: A4=1/4 G4=1/4 F#4=1/4\n' },
      'measure-fill',
      'nothing_changed',
    ],
    [
      'a lane outside the named parts',
      { parts: [1], lanes_seq: 'P2 s1 v1 m2: C4=1\n' },
      'part-not-named',
      'nothing_changed',
    ],
    [
      'a lane outside the range',
      { parts: [1], lanes_seq: 'P1 s1 v1 m1: C4=1\n' },
      'outside-range',
      'nothing_changed',
    ],
    [
      'more than 32 measures',
      {
        parts: [1],
        lanes_seq: 'P1 s1 v1 m2: C4=1\nP1 s1 v1 m34: C4=1\n',
        allow_measure_count_change: true,
      },
      'range-too-long',
      'limit_exceeded',
    ],
  ])(
    'refuses %s, says Nothing was changed. and leaves the state vector unchanged',
    async (_name, args, problem, code) => {
      const { tools, doc } = odeFixture();
      const vector = stateVector(doc);
      const refused = await tools.invoke('rewrite_measures', { start_measure: 2, ...args });
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.error.code).toBe(code);
      const text = refused.result.content[0]!.text;
      expect(text.startsWith('Nothing was changed.\n')).toBe(true);
      expect(text).toContain(`[${problem}]`);
      expect(text).toMatch(/Hint: /);
      expect(stateVector(doc)).toBe(vector);
    },
  );

  it('writes nothing, and leaves no undo step, for a rewrite of what the score already holds', async () => {
    const { tools, undo, doc } = odeFixture();
    const same = `${await lanesOf(tools, 2, 3, [1])}\n`;
    const before = stateVector(doc);
    const written = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: same,
    });
    expect(written.ok).toBe(true);
    if (!written.ok) return;
    expect(written.output).toMatchObject({
      status: 'applied',
      changes: [
        { unit: 'P1 s1 m2', reason: 'rewrite', unchanged: true },
        { unit: 'P1 s1 m3', reason: 'rewrite', unchanged: true },
      ],
    });
    expect(String(written.output.summary)).toContain(
      'The score already holds this: nothing was written',
    );
    expect(stateVector(doc)).toBe(before);
    expect(undo.undoManager.undoStack).toHaveLength(0);
  });

  it('lists every problem with its place and fix', async () => {
    const { tools } = odeFixture();
    const refused = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: A4=1/4\nP1 s1 v1 m3: c4=1\n',
    });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toMatch(/P1 s1 v1 m3 \(line 2, column \d+\)/);
  });

  it('tells a text without headers the header of the lane the rewrite starts at, and music21 flats their pitch', async () => {
    const { tools } = odeFixture();
    const headerless = await tools.invoke('rewrite_measures', {
      start_measure: 3,
      parts: [2],
      lanes_seq: 'C4=1\n',
    });
    expect(headerless.ok).toBe(false);
    expect(headerless.result.content[0]?.text).toContain('P2 s1 v1 m3: C4=1 ...');
    const flat = await tools.invoke('rewrite_measures', {
      start_measure: 3,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m3: E-5=1\n',
    });
    expect(flat.ok).toBe(false);
    const problems = (flat.result.content[0]?.text ?? '').split('\nRevision now: ')[0];
    expect(problems).toContain('write flats as b: Eb5');
    // The revision that ends the text is base64url of a random client id, so it may hold "--";
    // only the problem lines must not suggest a double flat.
    expect(problems).not.toContain('--');
  });

  it('refuses lanes_seq longer than its limit before parsing it, writing nothing', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const lane = 'P1 s1 v1 m2: A4=1/4 G4=1/4 F#4=1/4 E4=1/4\n';
    const refused = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: lane.repeat(Math.ceil((MAX_LANES_SEQ_LENGTH + 1) / lane.length)),
    });
    expect(refused.ok || refused.error.code).toBe('invalid_arguments');
    const text = refused.result.content[0]?.text ?? '';
    expect(text.startsWith('Nothing was changed.\n')).toBe(true);
    expect(text).toContain(
      `- lanes_seq: Too big: expected string to have <=${MAX_LANES_SEQ_LENGTH} characters.`,
    );
    expect(stateVector(doc)).toBe(vector);
  });

  it('follows the voice rule: a staff written with one voice loses the other, with a warning', async () => {
    const { tools } = odeFixture();
    const written = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [2],
      lanes_seq: 'P2 s1 v1 m1: (D4 F#4 A4)=1/2 (D4 G4 B4)=1/2\n',
    });
    expect(written.ok).toBe(true);
    if (!written.ok) return;
    expect(await lanesOf(tools, 1, 1, [2])).toBe(
      'P2 s1 v1 m1: (D4 F#4 A4)=1/2 (D4 G4 B4)\nP2 s2 v1 m1: D3=1/2 A2',
    );
    expect(written.output.warnings).toContainEqual({
      code: 'voice-removed',
      unit: 'P2 s1 m1',
      message: expect.stringContaining('Voice 2 of P2 s1 m1 was removed'),
    });
  });

  it('keeps the voice-removed warning when more range warnings than fit crowd the list', async () => {
    const { tools } = odeFixture();
    const written = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [2],
      lanes_seq: `P2 s1 v1 m1: ${ABOVE_PIANO.map((pitch) => `${pitch}=1/32`).join(' ')} r=1/4\n`,
      dry_run: true,
    });
    if (!written.ok) throw new Error('the dry run was refused');
    const warnings = written.output.warnings as readonly { readonly message: string }[];
    expect(warnings.length).toBeLessThanOrEqual(MAX_WARNINGS);
    expect(warnings.at(-1)?.message).toMatch(/more warnings like these/);
    expect(warnings).toContainEqual({
      code: 'voice-removed',
      unit: 'P2 s1 m1',
      message: expect.stringContaining('Voice 2 of P2 s1 m1 was removed'),
    });
  });

  it('warns, without blocking, of a note outside the instrument’s range and of voices that cross', async () => {
    const { tools } = odeFixture();
    const low = await tools.invoke('rewrite_measures', {
      start_measure: 3,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m3: C3=1/2 D4=1/2\n',
    });
    expect(low.ok && low.output.warnings).toEqual([
      {
        code: 'outside-usual-range',
        unit: 'P1 s1 v1 m3',
        message: 'C3 is below the usual range of a violin (G3-A7); check the octave.',
      },
    ]);
    const crossed = await tools.invoke('rewrite_measures', {
      start_measure: 3,
      parts: [2],
      lanes_seq: 'P2 s1 v1 m3: C4=1/2 E5=1/2\nP2 s1 v2 m3: G4=1/2 C4=1/2\n',
    });
    expect(crossed.ok).toBe(true);
    if (!crossed.ok) return;
    expect(crossed.output.status).toBe('applied');
    expect(crossed.output.warnings).toEqual([
      expect.objectContaining({ code: 'voices-cross', unit: 'P2 s1 m3' }),
    ]);
    // The crossing is the score's now: an edit that keeps it is not warned about it.
    const kept = await tools.invoke('rewrite_measures', {
      start_measure: 3,
      parts: [2],
      lanes_seq: 'P2 s1 v1 m3: C4=1/2 D5=1/2\nP2 s1 v2 m3: G4=1/2 C4=1/2\n',
    });
    expect(kept.ok && kept.output.warnings).toEqual([]);
  });

  it('appends measures only with allow_measure_count_change', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const lanes = 'P1 s1 v1 m8: D4=1\nP1 s1 v1 m9: A4=1\n';
    const refused = await tools.invoke('rewrite_measures', {
      start_measure: 8,
      parts: [1],
      lanes_seq: lanes,
    });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toContain('[measure-count-change]');
    // The agent is told its own argument, never a command-line flag.
    expect(refused.result.content[0]?.text).toContain('allow_measure_count_change: true');
    expect(refused.result.content[0]?.text).not.toContain('--allow');
    expect(stateVector(doc)).toBe(vector);
    const appended = await tools.invoke('rewrite_measures', {
      start_measure: 8,
      parts: [1],
      lanes_seq: lanes,
      allow_measure_count_change: true,
    });
    expect(appended.ok && appended.output.measure_count).toBe(9);
    expect(await lanesOf(tools, 9, 9, [1])).toBe('P1 s1 v1 m9: A4=1');
  });

  it('refuses a stale revision, while an edit elsewhere does not make it stale', async () => {
    const fixture = odeFixture();
    const { tools, doc } = fixture;
    const read = await tools.invoke('read_measures', { start_measure: 1, end_measure: 8 });
    const revision = read.ok ? String(read.output.revision) : '';
    personRewrites(fixture, 6, 'P1 s1 v1 m6: A4=1\n');
    const elsewhere = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: MELODY_M2,
      revision,
    });
    expect(elsewhere.ok).toBe(true);
    const vector = stateVector(doc);
    const stale = await tools.invoke('rewrite_measures', {
      start_measure: 6,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m6: B4=1\n',
      revision,
    });
    expect(stale.ok).toBe(false);
    if (stale.ok) return;
    expect(stale.error.code).toBe('stale_revision');
    expect(stale.result.content[0]?.text).toMatch(
      /^Nothing was changed\.\n.*changed after your revision/,
    );
    expect(stateVector(doc)).toBe(vector);
    expect(await lanesOf(tools, 6, 6, [1])).toBe('P1 s1 v1 m6: A4=1');
  });

  it('tells a stale rewrite the revision now, and a retry with it applies', async () => {
    const fixture = odeFixture();
    const { tools } = fixture;
    const read = await tools.invoke('read_measures', { start_measure: 6, end_measure: 6 });
    const revision = read.ok ? String(read.output.revision) : '';
    personRewrites(fixture, 6, 'P1 s1 v1 m6: A4=1\n');
    const rewrite = { start_measure: 6, parts: [1], lanes_seq: 'P1 s1 v1 m6: B4=1\n' };
    const stale = await tools.invoke('rewrite_measures', { ...rewrite, revision });
    expect(!stale.ok && stale.error.code).toBe('stale_revision');
    const now = tools.context.revision();
    expect(now).not.toBe(revision);
    expect(stale.result._meta).toEqual({ revision: now });
    const text = stale.result.content[0]?.text ?? '';
    expect(text.startsWith('Nothing was changed.\n')).toBe(true);
    expect(text.split('\n').at(-1)).toBe(`Revision now: ${now}.`);

    const retried = await tools.invoke('rewrite_measures', {
      ...rewrite,
      revision: stale.result._meta?.revision,
    });
    expect(retried.ok && retried.output.status).toBe('applied');
    expect(await lanesOf(tools, 6, 6, [1])).toBe('P1 s1 v1 m6: B4=1');
  });

  it('answers a dry run with the before and after of every unit, writing nothing', async () => {
    const { tools, doc, undo } = odeFixture();
    const vector = stateVector(doc);
    const dry = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: MELODY_M2,
      dry_run: true,
    });
    expect(dry.ok && dry.output).toMatchObject({
      status: 'dry_run',
      changes: [
        {
          unit: 'P1 s1 m2',
          before: 'P1 s1 v1 m2: A4=1/4 G4 F#4 E4\n',
          after: MELODY_M2,
        },
      ],
    });
    expect(stateVector(doc)).toBe(vector);
    expect(undo.canUndo()).toBe(false);
  });

  it('applies an idempotent retry once', async () => {
    const { tools, undo } = odeFixture();
    const args = {
      start_measure: 2,
      parts: [1],
      lanes_seq: MELODY_M2,
      idempotency_key: 'rewrite-m2-once',
    };
    const first = await tools.invoke('rewrite_measures', args);
    const revision = tools.context.revision();
    const retry = await tools.invoke('rewrite_measures', args);
    expect(first.ok && retry.ok).toBe(true);
    if (!retry.ok || !first.ok) return;
    expect(retry.replayed).toBe(true);
    expect(retry.output).toEqual(first.output);
    expect(tools.context.revision()).toBe(revision);
    expect(undo.undoManager.undoStack).toHaveLength(1);
    const other = await tools.invoke('rewrite_measures', {
      ...args,
      lanes_seq: 'P1 s1 v1 m2: C5=1\n',
    });
    expect(other.ok).toBe(false);
    expect(other.result.content[0]?.text).toContain('already used for other arguments');
    expect(tools.context.revision()).toBe(revision);
  });

  it('tells a retry after an undo that it is a replay and nothing ran again', async () => {
    const { tools, doc } = odeFixture();
    const args = {
      start_measure: 2,
      parts: [1],
      lanes_seq: MELODY_M2,
      idempotency_key: 'rewrite-m2-then-undo',
    };
    const first = await tools.invoke('rewrite_measures', args);
    expect(first.ok).toBe(true);
    expect((await tools.invoke('undo', {})).ok).toBe(true);
    const undone = stateVector(doc);
    const revision = tools.context.revision();
    const retry = await tools.invoke('rewrite_measures', args);
    expect(retry.ok && retry.replayed).toBe(true);
    expect(stateVector(doc)).toBe(undone);
    const note = retry.result.content[1]?.text ?? '';
    expect(note).toContain(`Replayed: call ${first.call_id} already ran`);
    expect(note).toContain('may have been undone');
    expect(note.endsWith(`Revision now: ${revision}.`)).toBe(true);
    expect(retry.result._meta).toEqual({ replay_of: first.call_id, revision });
  });

  it('reports the ties it repaired: a tie into a rewritten measure that no longer lands is removed', async () => {
    const { tools } = odeFixture();
    await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: D4=1/2 A4=1/2~\n',
    });
    const written = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: B4=1\n',
    });
    expect(written.ok).toBe(true);
    if (!written.ok) return;
    expect(written.output.repairs).toEqual([expect.stringContaining('P1 s1 v1 m1')]);
    expect(written.output.changes).toContainEqual({ unit: 'P1 s1 m1', reason: 'tie-repair' });
    expect(String(written.output.summary)).toContain('1 tie repair(s).');
    expect(await lanesOf(tools, 1, 1, [1])).toBe('P1 s1 v1 m1: D4=1/2 A4');
  });

  it('passes the musical marks a rewrite drops through to its result, in words', async () => {
    const { tools, score } = odeFixture();
    const types = scoreTypes(score.doc);
    const key = [...types.units.keys()].find((candidate) =>
      candidate.startsWith(`${types.partOrder.get(0)}/1/${types.measureOrder.get(1)}`),
    )!;
    const unit = types.units.get(key)!;
    const events = unit.voices[0]!.events.map((event, index) =>
      index === 0
        ? {
            ...event,
            attachments: withMarks({ format: { stem: 'up' } }, [{ kind: 'lyric', text: 'Freu-' }]),
          }
        : event,
    );
    score.doc.transact(
      () => types.units.set(key, { ...unit, voices: [{ voice: 1, events }] }),
      'import',
    );
    const written = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: B4=1\n',
    });
    expect(written.ok && written.output.dropped).toEqual([
      {
        lane: 'P1 s1 v1 m2',
        event: 1,
        marks: [{ kind: 'lyric', text: 'Freu-' }],
        message: 'P1 s1 v1 m2: event 1 lost the lyric "Freu-".',
      },
    ]);
    expect(written.ok && written.output.summary).toContain(
      'Lost musical marks: P1 s1 v1 m2: event 1 lost the lyric "Freu-".',
    );
  });

  it('points to the format guide, states its limits, the write rules and one example call', () => {
    const { tools } = odeFixture();
    const tool = tools.catalog.get('rewrite_measures')!;
    expect(tool.description).not.toContain(formatGuide().slice(0, 80));
    expect(tool.description).toContain('get_format_guide');
    expect(tool.description).toContain('at most 32 measures');
    expect(tool.description).toContain('Nothing was changed.');
    expect(tool.examples).toHaveLength(1);
  });
});

/** 24 pitches above a piano's usual range, each a warning of its own. */
const ABOVE_PIANO = [
  ...['D', 'E', 'F', 'G', 'A', 'B', 'C#', 'D#', 'F#', 'G#', 'A#'].map((step) => `${step}8`),
  ...['Db', 'Eb', 'Gb', 'Ab', 'Bb'].map((step) => `${step}8`),
  ...['C', 'D', 'E', 'F', 'G', 'A', 'B', 'C#'].map((step) => `${step}9`),
];
