import { describe, expect, it } from 'vitest';
import { odeFixture, stateVector } from '../fixtures.test-support.ts';

describe('set_barline', () => {
  it('sets a repeat with two endings for every part, one undo step each, read back in the % line', async () => {
    const { tools, undo } = odeFixture();
    const calls = [
      { measure: 5, style: 'repeat-start' },
      { measure: 6, style: 'repeat-end', volta: '1' },
      { measure: 7, volta: '2', volta_end: 8, volta_open: true },
    ];
    for (const args of calls) {
      const answer = await tools.invoke('set_barline', args);
      expect(answer.ok && answer.output.status, JSON.stringify(args)).toBe('applied');
    }
    expect(undo.undoManager.undoStack).toHaveLength(3);
    const read = await tools.invoke('read_measures', { start_measure: 5, end_measure: 8 });
    expect(read.ok && read.output.lanes_seq).toContain(
      '% bar lines m5 |:, m6 [1. ] :|, m7 [2., m8 )\n',
    );
    await tools.invoke('undo', {});
    const again = await tools.invoke('read_measures', { start_measure: 5, end_measure: 8 });
    expect(again.ok && again.output.lanes_seq).toContain('% bar lines m5 |:, m6 [1. ] :|\n');
  });

  it('refuses every problem of a call with "Nothing was changed." and a fix whose call succeeds', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const refused = await tools.invoke('set_barline', {
      measure: 9,
      style: 'fancy',
      volta: 'one',
    });
    expect(refused.ok).toBe(false);
    const text = refused.result.content[0]?.text ?? '';
    expect(text.startsWith('Nothing was changed.'), text).toBe(true);
    expect(text).toContain('Give measure a measure between 1 and 8.');
    expect(text).toContain('Use one of regular, double, final, repeat-start, repeat-end.');
    expect(text).toContain('like "1" or "1, 2"');
    expect(stateVector(doc)).toBe(vector);
    const fixed = await tools.invoke('set_barline', { measure: 8, style: 'final', volta: '1' });
    expect(fixed.ok && fixed.output.status).toBe('applied');
  });

  it('changes every part, so a write scope of one part refuses it and one of all parts allows it', async () => {
    const narrow = odeFixture({
      scope: { measures: { start: 5, end: 8 }, parts: [1] },
    });
    const vector = stateVector(narrow.doc);
    const outside = await narrow.tools.invoke('set_barline', { measure: 6, style: 'double' });
    expect(!outside.ok && outside.error.code).toBe('out_of_scope');
    expect(stateVector(narrow.doc)).toBe(vector);
    const wide = odeFixture({ scope: { measures: { start: 5, end: 8 } } });
    const inside = await wide.tools.invoke('set_barline', { measure: 6, style: 'double' });
    expect(inside.ok && inside.output.status).toBe('applied');
  });

  it('in review mode waits for the person, and sets the bar line only when accepted', async () => {
    const { tools } = odeFixture({ review: { enabled: () => true } });
    const waiting = await tools.invoke('set_barline', { measure: 2, style: 'double' });
    expect(waiting.ok && waiting.output.status).toBe('awaiting_review');
    const read = async () => {
      const answer = await tools.invoke('read_measures', { start_measure: 1, end_measure: 2 });
      return answer.ok ? answer.output.lanes_seq : '';
    };
    expect(await read()).not.toContain('% bar lines');
    const id = waiting.ok ? (waiting.output.review as { id: string }).id : '';
    const accepted = await tools.reviews!.accept(id);
    expect(accepted.session.state).toBe('applied');
    expect(await read()).toContain('% bar lines m2 ||\n');
  });

  it("shows the bar lines in get_score_info's synopsis, as the % line writes them", async () => {
    const { tools } = odeFixture();
    await tools.invoke('get_score_info', {});
    await tools.invoke('set_barline', { measure: 4, style: 'repeat-end', volta: '1' });
    await tools.invoke('set_barline', { measure: 8, style: 'final' });
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok && info.output.synopsis).toContain('Bar lines m4 [1. ] :|, m8 |.\n');
  });

  it('is not offered to a viewer', () => {
    const { tools } = odeFixture({ role: 'viewer' });
    expect(tools.manifest('viewer').tools.map((tool) => tool.name)).not.toContain('set_barline');
  });
});
