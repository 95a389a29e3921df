import { fc, test } from '@fast-check/vitest';
import { scoreContent } from '@scorelane/score-model';
import { NOTHING_WAS_CHANGED, type ToolInvocation } from '@scorelane/tool-contracts';
import { describe, expect, it } from 'vitest';
import { odeFixture, stateVector } from '../fixtures.test-support.ts';

function text(invocation: ToolInvocation): string {
  return invocation.result.content.map((block) => block.text).join('\n');
}

type Tools = ReturnType<typeof odeFixture>['tools'];

interface PartRow {
  name: string;
  abbreviation?: string;
  staves: number;
  clefs: string[];
  transposition?: string;
}

async function info(tools: Tools) {
  const read = await tools.invoke('get_score_info', {});
  if (!read.ok) throw new Error(text(read));
  return read.output as { parts: PartRow[]; synopsis: string; revision: string };
}

async function names(tools: Tools) {
  return (await info(tools)).parts.map((part) => part.name);
}

async function ok(tools: Tools, name: string, args: object) {
  const call = await tools.invoke(name, args);
  if (!call.ok) throw new Error(text(call));
  return call.output as {
    status: string;
    summary: string;
    dropped: { lane: string; message: string }[];
  };
}

async function refused(fixture: ReturnType<typeof odeFixture>, name: string, args: object) {
  const vector = stateVector(fixture.doc);
  const call = await fixture.tools.invoke(name, args);
  expect(call.ok).toBe(false);
  expect(stateVector(fixture.doc)).toBe(vector);
  expect(text(call).startsWith(NOTHING_WAS_CHANGED)).toBe(true);
  return text(call);
}

describe('add_part', () => {
  it('adds an instrument of the table at a position, and get_score_info and the synopsis show it', async () => {
    const { tools } = odeFixture();
    const added = await ok(tools, 'add_part', { instrument: 'clarinet', position: 1 });
    expect(added.summary).toContain(
      'Applied add-part: part 1 "Clarinet in B-flat" (Cl., 1 staff, treble clef, program 71, sounds -M2), added with rests in all 8 measures, as one undo step',
    );
    const after = await info(tools);
    expect(after.parts[0]).toMatchObject({
      name: 'Clarinet in B-flat',
      abbreviation: 'Cl.',
      clefs: ['treble'],
      transposition: '-M2',
    });
    expect(after.parts.map((part) => part.name)).toEqual(['Clarinet in B-flat', 'Violin', 'Piano']);
    // The synopsis numbers the parts anew: the violin is P2 now, the clarinet P1 rests.
    expect(after.synopsis).toContain('m1-4: P2 D4-A4 3.8, P3 A2-A4 1; rest P1\n');
    const read = await tools.invoke('read_measures', {
      start_measure: 1,
      end_measure: 1,
      parts: [1],
    });
    expect(read.ok && (read.output as { lanes_seq: string }).lanes_seq).toContain(
      'P1 s1 v1 m1: r=1',
    );
  });

  it('takes a name, and refuses an instrument not in the table with the names that are', async () => {
    const fixture = odeFixture();
    await ok(fixture.tools, 'add_part', { instrument: 'Violin', name: 'Violin 2' });
    expect(await names(fixture.tools)).toEqual(['Violin', 'Piano', 'Violin 2']);
    const why = await refused(fixture, 'add_part', { instrument: 'kazoo' });
    expect(why).toContain('"kazoo" is not an instrument of the table.');
    expect(why).toContain('Cello');
    expect(await refused(fixture, 'add_part', { instrument: 'Cello', position: 9 })).toContain(
      'Give a position from 1 to 4 (4: last), or leave it out.',
    );
  });
});

describe('remove_part', () => {
  it('needs allow_part_count_change, and names the call that does it', async () => {
    const fixture = odeFixture();
    const why = await refused(fixture, 'remove_part', { part: 1 });
    expect(why).toContain('{"part": 1, "allow_part_count_change": true}');
  });

  it('removes a part and lists its music as dropped', async () => {
    const { tools } = odeFixture();
    const removed = await ok(tools, 'remove_part', { part: 1, allow_part_count_change: true });
    expect(removed.dropped.map((drop) => drop.message)).toEqual(['Violin: 30 notes in m1-m8.']);
    expect(removed.summary).toContain('Removed music: Violin: 30 notes in m1-m8.');
    expect(await names(tools)).toEqual(['Piano']);
  });

  it('never removes the last part', async () => {
    const fixture = odeFixture();
    await ok(fixture.tools, 'remove_part', { part: 2, allow_part_count_change: true });
    expect(
      await refused(fixture, 'remove_part', { part: 1, allow_part_count_change: true }),
    ).toContain('Add the part that replaces it first (add_part)');
  });
});

describe('set_part', () => {
  it('takes an instrument with its name, clefs, program and transposition, unless given', async () => {
    const { tools } = odeFixture();
    await ok(tools, 'set_part', { part: 1, instrument: 'Viola', name: 'Viola da braccio' });
    expect((await info(tools)).parts[0]).toMatchObject({
      name: 'Viola da braccio',
      abbreviation: 'Vla.',
      clefs: ['alto'],
    });
    await ok(tools, 'set_part', { part: 1, instrument: 'Horn in F', transposition: '-M6' });
    expect((await info(tools)).parts[0]).toMatchObject({ name: 'Horn in F', transposition: '-M6' });
    await ok(tools, 'set_part', { part: 1, transposition: 'P1' });
    expect((await info(tools)).parts[0]).not.toHaveProperty('transposition');
  });

  it('refuses an instrument with other staves, and a transposition that is not an interval', async () => {
    const fixture = odeFixture();
    expect(await refused(fixture, 'set_part', { part: 1, instrument: 'Piano' })).toContain(
      'Choose an instrument with 1 staff, or add a part for the new instrument (add_part) and remove this one (remove_part).',
    );
    expect(await refused(fixture, 'set_part', { part: 1, transposition: 'up a bit' })).toContain(
      '"-M2" (B-flat clarinet)',
    );
  });
});

describe('move_part', () => {
  it('moves a part, as one undo step', async () => {
    const { tools, undo } = odeFixture();
    await ok(tools, 'move_part', { part: 2, position: 1 });
    expect(await names(tools)).toEqual(['Piano', 'Violin']);
    expect(undo.undoManager.undoStack).toHaveLength(1);
    expect((await tools.invoke('undo', {})).ok).toBe(true);
    expect(await names(tools)).toEqual(['Violin', 'Piano']);
  });
});

describe('the part tools', () => {
  it('refuse a revision from before the part list changed', async () => {
    const fixture = odeFixture();
    const { revision } = await info(fixture.tools);
    await ok(fixture.tools, 'move_part', { part: 2, position: 1 });
    expect(await refused(fixture, 'set_part', { part: 1, name: 'Organ', revision })).toContain(
      'Parts were added, removed or moved after revision',
    );
    expect(
      await refused(fixture, 'rewrite_measures', {
        start_measure: 1,
        parts: [1],
        lanes_seq: 'P1 s1 v1 m1: C5=1\n',
        revision,
      }),
    ).toContain('Parts were added, removed or moved after revision');
  });

  it('are offered to editors only', async () => {
    const viewer = odeFixture({ role: 'viewer' });
    expect((await viewer.tools.invoke('add_part', { instrument: 'Cello' })).ok).toBe(false);
    expect(viewer.tools.manifest('viewer').tools.map((tool) => tool.name)).not.toContain(
      'move_part',
    );
  });

  it('add, remove and move parts outside any write scope; a scope holding the part and m1 may change it', async () => {
    const scoped = odeFixture({ scope: { measures: { start: 1, end: 8 }, parts: [1, 2] } });
    const vector = stateVector(scoped.doc);
    for (const [name, args] of [
      ['add_part', { instrument: 'Cello' }],
      ['remove_part', { part: 2, allow_part_count_change: true }],
      ['move_part', { part: 2, position: 1 }],
    ] as const) {
      const call = await scoped.tools.invoke(name, args);
      expect(call.ok, name).toBe(false);
      if (!call.ok) expect(call.error.code).toBe('out_of_scope');
      expect(text(call)).toContain('outside any scope');
    }
    expect(stateVector(scoped.doc)).toBe(vector);
    expect((await scoped.tools.invoke('set_part', { part: 1, name: 'Fiddle' })).ok).toBe(true);
    const later = odeFixture({ scope: { measures: { start: 2, end: 8 }, parts: [1] } });
    expect((await later.tools.invoke('set_part', { part: 1, name: 'Fiddle' })).ok).toBe(false);
  });

  it('in review mode hold the change as a proposal, written only when accepted', async () => {
    const { tools } = odeFixture({ review: { enabled: () => true } });
    const waiting = await ok(tools, 'add_part', { instrument: 'Cello' });
    expect(waiting.status).toBe('awaiting_review');
    expect(await names(tools)).toEqual(['Violin', 'Piano']);
    const held = await tools.invoke('add_part', { instrument: 'Cello' });
    const id = held.ok ? (held.output.review as { id: string }).id : '';
    const accepted = await tools.reviews!.accept(id);
    expect(accepted.session.state).toBe('applied');
    expect(await names(tools)).toEqual(['Violin', 'Piano', 'Cello']);
  });

  it('dry runs write nothing', async () => {
    const fixture = odeFixture();
    const vector = stateVector(fixture.doc);
    const dry = await ok(fixture.tools, 'remove_part', {
      part: 1,
      allow_part_count_change: true,
      dry_run: true,
    });
    expect(dry.status).toBe('dry_run');
    expect(dry.summary).toContain(
      'Dry run of remove-part: part 1 "Violin", removed with its music',
    );
    expect(stateVector(fixture.doc)).toBe(vector);
  });

  const edit = fc.oneof(
    fc.record({
      tool: fc.constant('add_part'),
      instrument: fc.constantFrom('Cello', 'Piano', 'Clarinet', 'Horn'),
      position: fc.integer({ min: 1, max: 4 }),
    }),
    fc.record({ tool: fc.constant('remove_part'), part: fc.integer({ min: 1, max: 4 }) }),
    fc.record({
      tool: fc.constant('set_part'),
      part: fc.integer({ min: 1, max: 4 }),
      name: fc.constantFrom('A', 'B'),
      transposition: fc.constantFrom('-M2', 'P1', '-P8'),
    }),
    fc.record({
      tool: fc.constant('move_part'),
      part: fc.integer({ min: 1, max: 4 }),
      position: fc.integer({ min: 1, max: 4 }),
    }),
  );

  test.prop([fc.array(edit, { minLength: 1, maxLength: 6 })], { numRuns: 40 })(
    'undoing every part edit, one step each, restores the score exactly',
    async (edits) => {
      const { tools, score } = odeFixture();
      const before = JSON.stringify(scoreContent(score));
      const states: string[] = [];
      for (const { tool, ...args } of [
        { tool: 'add_part', instrument: 'Viola', position: 1 },
        ...edits,
      ]) {
        const state = JSON.stringify(scoreContent(score));
        const flag = tool === 'remove_part' ? { allow_part_count_change: true } : {};
        const call = await tools.invoke(tool, { ...args, ...flag });
        if (!call.ok) expect(text(call)).not.toContain('invalid_arguments');
        if (call.ok && (call.output as { summary: string }).summary.startsWith('Applied'))
          states.push(state);
        else if (call.ok) expect(JSON.stringify(scoreContent(score))).toBe(state);
        else expect(JSON.stringify(scoreContent(score))).toBe(state);
      }
      // The first edit always applies, so no run is refusals alone.
      expect(states.length).toBeGreaterThan(0);
      while (states.length > 0) {
        const undone = await tools.invoke('undo', {});
        expect(undone.ok, undone.ok ? '' : text(undone)).toBe(true);
        expect(JSON.stringify(scoreContent(score))).toBe(states.pop());
      }
      expect(JSON.stringify(scoreContent(score))).toBe(before);
    },
  );
});

describe('a transposing part added with add_part', () => {
  it('is written and range-checked in written pitch: the clarinet range holds written E3, not sounding D3', async () => {
    const { tools } = odeFixture();
    await ok(tools, 'add_part', { instrument: 'Clarinet in B-flat' });
    const inRange = await ok(tools, 'rewrite_measures', {
      start_measure: 1,
      parts: [3],
      lanes_seq: 'P3 s1 v1 m1: E3=1\n',
    });
    expect(JSON.stringify(inRange)).not.toContain('outside-usual-range');
    const below = await ok(tools, 'rewrite_measures', {
      start_measure: 2,
      parts: [3],
      lanes_seq: 'P3 s1 v1 m2: D3=1\n',
    });
    expect(JSON.stringify(below)).toContain('D3 is below the usual range of a clarinet (E3-');
    const read = await tools.invoke('read_measures', {
      start_measure: 1,
      end_measure: 1,
      parts: [3],
    });
    expect(read.ok && (read.output as { lanes_seq: string }).lanes_seq).toContain(
      'P3 s1 v1 m1: E3=1',
    );
  });
});
