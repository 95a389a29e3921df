import { fc, test } from '@fast-check/vitest';
import {
  createAuditLog,
  NOTHING_WAS_CHANGED,
  type ToolInvocation,
} from '@scorelane/tool-contracts';
import { describe, expect, it } from 'vitest';
import { lanesOf, ODE, odeFixture, stateVector } from './fixtures.test-support.ts';
import { scoreScope } from './score-scope.ts';

/** The Ode with the violin's m4 tied into m5. */
const TIED = ODE.replace(
  'P1 s1 v1 m4: F#4=3/8 E4=1/8 E4=1/2',
  'P1 s1 v1 m4: F#4=3/8 E4=1/8 E4=1/2~',
).replace('P1 s1 v1 m5: F#4=1/4 F#4 G4 A4', 'P1 s1 v1 m5: E4=1/4 F#4 G4 A4');

function text(invocation: ToolInvocation): string {
  return invocation.result.content.map((block) => block.text).join('\n');
}

function expectOutOfScope(invocation: ToolInvocation): void {
  expect(invocation.ok).toBe(false);
  if (invocation.ok) return;
  expect(invocation.error.code).toBe('out_of_scope');
  expect(text(invocation).startsWith(`${NOTHING_WAS_CHANGED}\n`)).toBe(true);
}

describe('a scoped run (measures 5-8 of the violin)', () => {
  const scope = { measures: { start: 5, end: 8 }, parts: [1] };

  it('applies a rewrite inside the scope, and the audit event records the scope', async () => {
    const log = createAuditLog();
    const { tools } = odeFixture({ scope, onAudit: log.sink });
    const done = await tools.invoke('rewrite_measures', {
      start_measure: 5,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m5: A4=1/2 B4=1/2\nP1 s1 v1 m6: C#5=1\n',
    });
    expect(done.ok).toBe(true);
    expect(log.events().at(-1)).toMatchObject({
      tool: 'rewrite_measures',
      status: 'ok',
      scope: {
        label: 'measures 5-8, part 1',
        data: { measures: { start: 5, end: 8 }, parts: [1] },
      },
    });
    expect(await lanesOf(tools, 5, 6, [1])).toBe('P1 s1 v1 m5: A4=1/2 B4 | C#5=1');
  });

  it('refuses the whole write when one lane is outside: nothing changed, the scope and the lane named', async () => {
    const log = createAuditLog();
    const { tools, doc } = odeFixture({ scope, onAudit: log.sink });
    const vector = stateVector(doc);
    const refused = await tools.invoke('rewrite_measures', {
      start_measure: 5,
      parts: [1, 2],
      lanes_seq: 'P1 s1 v1 m5: A4=1\nP2 s1 v1 m5: (D4 F#4 A4)=1\nP2 s2 v1 m5: D3=1\n',
    });
    expectOutOfScope(refused);
    expect(stateVector(doc)).toBe(vector);
    expect(text(refused)).toContain('measures 5-8, part 1');
    expect(!refused.ok && refused.error.problems.map((p) => p.message)).toEqual([
      'm5, part 2 is outside your scope (measures 5-8, part 1).',
    ]);
    expect(log.events().at(-1)).toMatchObject({
      error_code: 'out_of_scope',
      scope: { label: 'measures 5-8, part 1' },
    });
  });

  it('refuses a rewrite whose tie repair would reach m4, outside the scope', async () => {
    const { tools, doc } = odeFixture({ scope }, TIED);
    const vector = stateVector(doc);
    const refused = await tools.invoke('rewrite_measures', {
      start_measure: 5,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m5: D4=1\n',
    });
    expectOutOfScope(refused);
    expect(stateVector(doc)).toBe(vector);
    expect(!refused.ok && refused.error.problems[0]?.message).toContain(
      'm4, part 1 (a tie from there into the written range would be removed)',
    );
    // The same rewrite keeping the tied E4 needs no repair, and applies.
    const kept = await tools.invoke('rewrite_measures', {
      start_measure: 5,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m5: E4=1\n',
    });
    expect(kept.ok).toBe(true);
  });

  it('refuses inserting or deleting measures when the scope holds only some parts', async () => {
    const { tools, doc } = odeFixture({ scope });
    const vector = stateVector(doc);
    expectOutOfScope(
      await tools.invoke('insert_measures', {
        at_measure: 6,
        count: 1,
        allow_measure_count_change: true,
      }),
    );
    expectOutOfScope(
      await tools.invoke('delete_measures', {
        start_measure: 6,
        end_measure: 6,
        allow_measure_count_change: true,
      }),
    );
    expect(stateVector(doc)).toBe(vector);
  });

  it('lets read tools read anywhere, and they tell the agent its scope', async () => {
    const { tools } = odeFixture({ scope });
    const read = await tools.invoke('read_measures', { start_measure: 1, end_measure: 2 });
    expect(read.ok && read.output.write_scope).toEqual({
      label: 'measures 5-8, part 1',
      data: { measures: { start: 5, end: 8 }, parts: [1] },
    });
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok && (info.output.write_scope as { label: string }).label).toBe(
      'measures 5-8, part 1',
    );
  });
});

describe('measure structure and signatures under a scope of every part', () => {
  it('refuses insert_measures outside the range and applies it inside (up to one past the end)', async () => {
    const { tools, doc } = odeFixture({ scope: { measures: { start: 2, end: 4 } } });
    const vector = stateVector(doc);
    const outside = await tools.invoke('insert_measures', {
      at_measure: 7,
      count: 2,
      allow_measure_count_change: true,
    });
    expectOutOfScope(outside);
    expect(!outside.ok && outside.error.problems[0]?.message).toBe(
      'inserting 2 measures before m7 (every part) is outside your scope (measures 2-4, all parts).',
    );
    expect(stateVector(doc)).toBe(vector);
    const inside = await tools.invoke('insert_measures', {
      at_measure: 5,
      count: 1,
      allow_measure_count_change: true,
    });
    expect(inside.ok && inside.output.measure_count).toBe(9);
  });

  it('refuses a rewrite that appends a measure past the range, for the music written there', async () => {
    const { tools, doc } = odeFixture({ scope: { measures: { start: 5, end: 8 } } });
    const vector = stateVector(doc);
    const refused = await tools.invoke('rewrite_measures', {
      start_measure: 8,
      parts: [1],
      allow_measure_count_change: true,
      lanes_seq: 'P1 s1 v1 m8: D4=1\nP1 s1 v1 m9: D4=1\n',
    });
    expectOutOfScope(refused);
    expect(!refused.ok && refused.error.problems.map((p) => p.message)).toEqual([
      'm9, part 1 is outside your scope (measures 5-8, all parts).',
    ]);
    expect(stateVector(doc)).toBe(vector);
  });

  it('treats a key change as reaching every measure it governs: in scope only if the range covers them', async () => {
    const { tools, doc } = odeFixture({ scope: { measures: { start: 5, end: 6 } } });
    const vector = stateVector(doc);
    const refused = await tools.invoke('set_key_signature', {
      measure: 5,
      tonic: 'G',
      mode: 'major',
    });
    expectOutOfScope(refused);
    expect(!refused.ok && refused.error.problems.map((p) => p.message)).toEqual([
      'the time or key signature of m7 (every part) is outside your scope (measures 5-6, all parts).',
      'the time or key signature of m8 (every part) is outside your scope (measures 5-6, all parts).',
    ]);
    expect(stateVector(doc)).toBe(vector);
    tools.setScope({ measures: { start: 5, end: 8 } });
    const applied = await tools.invoke('set_key_signature', {
      measure: 5,
      tonic: 'G',
      mode: 'major',
    });
    expect(applied.ok).toBe(true);
  });
});

describe('changing the scope at run time', () => {
  it('applies from the next call on, in the manifest and in the pipeline; null lifts it', async () => {
    const { tools, doc } = odeFixture();
    const rewrite = { start_measure: 1, parts: [1], lanes_seq: 'P1 s1 v1 m1: D5=1\n' };
    expect(tools.manifest().scope).toBeUndefined();
    tools.setScope({ measures: { start: 5, end: 8 }, parts: [2, 1, 2] });
    expect(tools.manifest().scope?.label).toBe('measures 5-8, parts 1, 2');
    const described = tools.manifest().tools.find((t) => t.name === 'rewrite_measures');
    expect(described?.description).toContain('you may write only inside measures 5-8, parts 1, 2');
    const vector = stateVector(doc);
    expectOutOfScope(await tools.invoke('rewrite_measures', rewrite));
    // An adapter serving tools.pipeline with a bare role gets the same scope.
    expectOutOfScope(await tools.pipeline.invoke('rewrite_measures', rewrite, { role: 'editor' }));
    expect(tools.pipeline.manifest('editor').scope?.label).toBe('measures 5-8, parts 1, 2');
    expect(stateVector(doc)).toBe(vector);
    tools.setScope(null);
    expect((await tools.invoke('rewrite_measures', rewrite)).ok).toBe(true);
  });

  it('throws for a malformed scope (a host bug)', () => {
    const { tools } = odeFixture();
    expect(() => tools.setScope({ measures: { start: 4, end: 2 } })).toThrow(RangeError);
    expect(() => scoreScope({ measures: { start: 1, end: 2 }, parts: [] })).toThrow(RangeError);
  });

  test.prop(
    [
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 0, max: 7 }),
      fc.integer({ min: 1, max: 8 }),
    ],
    {
      numRuns: Number(process.env.FC_NUM_RUNS ?? 25),
    },
  )(
    'a one-measure rewrite applies exactly when its measure is in the scope; a refused one changes nothing',
    async (start, length, measure) => {
      const end = Math.min(8, start + length);
      const { tools, doc } = odeFixture({ scope: { measures: { start, end }, parts: [1] } });
      const vector = stateVector(doc);
      const invocation = await tools.invoke('rewrite_measures', {
        start_measure: measure,
        parts: [1],
        lanes_seq: `P1 s1 v1 m${measure}: B4=1\n`,
      });
      const inside = measure >= start && measure <= end;
      expect(invocation.ok).toBe(inside);
      if (!inside) {
        expect(!invocation.ok && invocation.error.code).toBe('out_of_scope');
        expect(stateVector(doc)).toBe(vector);
      }
    },
  );
});

describe('tool toggles', () => {
  it('leave a switched-off tool out of the manifest and refuse it by name like a tool outside the role', async () => {
    const { tools, doc } = odeFixture({ disabledTools: ['delete_measures'] });
    expect(tools.manifest().tools.map((t) => t.name)).not.toContain('delete_measures');
    expect(tools.list().map((t) => t.name)).toContain('rewrite_measures');
    const vector = stateVector(doc);
    const refused = await tools.invoke('delete_measures', {
      start_measure: 1,
      end_measure: 1,
      allow_measure_count_change: true,
    });
    expect(!refused.ok && refused.error.code).toBe('permission_denied');
    expect(!refused.ok && refused.error.message).toBe(
      'The editor role may not call delete_measures.',
    );
    expect(stateVector(doc)).toBe(vector);
    tools.setDisabledTools([]);
    expect(tools.manifest().tools.map((t) => t.name)).toContain('delete_measures');
  });

  it('throw for a name that is no score tool, so a typo never leaves a tool on', () => {
    expect(() => odeFixture({ disabledTools: ['delete_measure'] })).toThrow(TypeError);
  });
});

describe('review sessions under a scope', () => {
  it('record the scope they were proposed under', async () => {
    const { tools } = odeFixture({ review: true, scope: { measures: { start: 1, end: 2 } } });
    const proposed = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: D5=1\n',
    });
    expect(proposed.ok).toBe(true);
    const id = proposed.ok ? (proposed.output.review as { id: string }).id : '';
    expect(tools.reviews?.get(id).scope).toEqual({
      label: 'measures 1-2, all parts',
      data: { measures: { start: 1, end: 2 } },
    });
    expect((await tools.reviews!.accept(id)).session.state).toBe('applied');
  });
});
