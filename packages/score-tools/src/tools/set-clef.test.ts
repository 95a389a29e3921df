import { toMcpTool } from '@scorelane/tool-contracts';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { odeFixture, stateVector } from '../fixtures.test-support.ts';
import { writeArguments } from '../tool-fields.ts';

describe('set_clef', () => {
  it('is described, its own input fields included, in at most 150 o200k tokens', () => {
    const { tools } = odeFixture();
    const listed = tools
      .manifest('editor')
      .tools.map(toMcpTool)
      .find((tool) => tool.name === 'set_clef');
    expect(listed).toBeDefined();
    // The write fields every write tool shares (revision, dry_run, idempotency_key) are not its own.
    const { properties, ...schema } = listed!.inputSchema as {
      properties: Record<string, unknown>;
    };
    const own = Object.fromEntries(
      Object.entries(properties).filter(([name]) => !(name in writeArguments)),
    );
    expect(Object.keys(own)).toEqual(['part', 'staff', 'measure', 'onset', 'clef']);
    const described = JSON.stringify({
      description: listed!.description,
      inputSchema: { ...schema, properties: own },
    });
    expect(countTokens(described)).toBeLessThanOrEqual(150);
  });

  it('sets a clef from a measure on as one undo step, shown by the next read', async () => {
    const { tools, undo } = odeFixture();
    const answer = await tools.invoke('set_clef', {
      part: 2,
      staff: 2,
      measure: 5,
      clef: 'treble',
    });
    expect(answer.ok && answer.output.changes).toEqual([{ unit: 'P2 s2 m5', reason: 'clef' }]);
    expect(answer.ok && answer.output.summary).toContain('set-clef of 1 unit in m5, part 2');
    expect(undo.undoManager.undoStack).toHaveLength(1);
    const read = await tools.invoke('read_measures', { start_measure: 4, end_measure: 6 });
    expect(read.ok && read.output.lanes_seq).toContain('% clef treble on P2 s2 from m5\n');
    await tools.invoke('undo', {});
    const again = await tools.invoke('read_measures', { start_measure: 4, end_measure: 6 });
    expect(again.ok && again.output.lanes_seq).not.toContain('% clef');
  });

  it('leaves no undo step and keeps the revision when the clef is already in force', async () => {
    const { tools, doc, undo } = odeFixture();
    await tools.invoke('set_clef', { part: 1, measure: 3, onset: '1/2', clef: 'alto' });
    const revision = tools.context.revision();
    const vector = stateVector(doc);
    for (const args of [
      { part: 1, measure: 2, clef: 'treble' },
      { part: 1, measure: 4, clef: 'alto' },
      { part: 1, measure: 3, onset: '2/4', clef: 'alto' },
    ]) {
      const answer = await tools.invoke('set_clef', args);
      expect(answer.ok && answer.output.summary).toContain('nothing was written');
    }
    expect(undo.undoManager.undoStack).toHaveLength(1);
    expect(tools.context.revision()).toBe(revision);
    expect(stateVector(doc)).toBe(vector);
  });

  it('refuses a bad part, staff, measure, onset or clef name with "Nothing was changed." and the fix', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const refusals = [
      [{ part: 3, measure: 1, clef: 'bass' }, 'Name a part between 1 and 2.'],
      [{ part: 1, staff: 2, measure: 1, clef: 'bass' }, 'Name a staff between 1 and 1.'],
      [{ part: 1, measure: 9, clef: 'bass' }, 'Name a measure between 1 and 8.'],
      [{ part: 1, measure: 1, onset: '5/4', clef: 'bass' }, 'Give an onset from 0 up to'],
      [{ part: 1, measure: 1, clef: 'baritone' }, 'Use one of treble, bass, alto, tenor'],
      [{ part: 1, measure: 1, onset: 'half', clef: 'bass' }, 'Write it like "0", "1/2" or "3/8"'],
    ] as const;
    for (const [args, fix] of refusals) {
      const answer = await tools.invoke('set_clef', args);
      expect(answer.ok).toBe(false);
      const text = answer.result.content[0]?.text ?? '';
      expect(text.startsWith('Nothing was changed.'), text).toBe(true);
      expect(text).toContain(fix);
    }
    expect(stateVector(doc)).toBe(vector);
  });

  it('respects the write scope like every write', async () => {
    const { tools, doc } = odeFixture({ scope: { measures: { start: 5, end: 8 }, parts: [1] } });
    const vector = stateVector(doc);
    const outside = await tools.invoke('set_clef', { part: 2, measure: 5, clef: 'alto' });
    expect(!outside.ok && outside.error.code).toBe('out_of_scope');
    expect(stateVector(doc)).toBe(vector);
    const inside = await tools.invoke('set_clef', { part: 1, measure: 5, clef: 'alto' });
    expect(inside.ok && inside.output.status).toBe('applied');
  });

  it('in review mode waits for the person, and sets the clef only when accepted', async () => {
    const { tools } = odeFixture({ review: { enabled: () => true } });
    const waiting = await tools.invoke('set_clef', { part: 1, measure: 2, clef: 'alto' });
    expect(waiting.ok && waiting.output.status).toBe('awaiting_review');
    const read = async () => {
      const answer = await tools.invoke('read_measures', { start_measure: 1, end_measure: 2 });
      return answer.ok ? answer.output.lanes_seq : '';
    };
    expect(await read()).not.toContain('% clef');
    const id = waiting.ok ? (waiting.output.review as { id: string }).id : '';
    const accepted = await tools.reviews!.accept(id);
    expect(accepted.session.state).toBe('applied');
    expect(await read()).toContain('% clef alto on P1 s1 from m2\n');
  });
});
