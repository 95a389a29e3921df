import { NOTHING_WAS_CHANGED, type ToolInvocation } from '@scorelane/tool-contracts';
import { describe, expect, it } from 'vitest';
import { odeFixture, stateVector } from '../fixtures.test-support.ts';

function text(invocation: ToolInvocation): string {
  return invocation.result.content.map((block) => block.text).join('\n');
}

async function info(tools: ReturnType<typeof odeFixture>['tools']) {
  const read = await tools.invoke('get_score_info', {});
  if (!read.ok) throw new Error(text(read));
  return read.output as { title?: string; composer?: string; lyricist?: string; synopsis: string };
}

describe('set_score_info', () => {
  it('sets the title and composer as one undo step, and get_score_info and the synopsis show them', async () => {
    const { tools, undo } = odeFixture();
    const set = await tools.invoke('set_score_info', {
      title: 'Ode to Joy',
      composer: 'Ludwig van Beethoven',
    });
    expect(set.ok).toBe(true);
    if (!set.ok) return;
    expect(set.output.status).toBe('applied');
    expect(set.output.summary).toContain('the title ("Ode to Joy", was "Ode")');
    const after = await info(tools);
    expect(after).toMatchObject({ title: 'Ode to Joy', composer: 'Ludwig van Beethoven' });
    expect(after.synopsis.split('\n')[0]).toBe(
      'Title "Ode to Joy"; composer "Ludwig van Beethoven".',
    );
    expect(undo.undoManager.undoStack).toHaveLength(1);
    expect((await tools.invoke('undo', {})).ok).toBe(true);
    const undone = await info(tools);
    expect(undone.title).toBe('Ode');
    expect(undone.composer).toBeUndefined();
  });

  it('"" removes a text; a dry run writes nothing', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const dry = await tools.invoke('set_score_info', { title: '', dry_run: true });
    expect(dry.ok && dry.output.status).toBe('dry_run');
    expect(stateVector(doc)).toBe(vector);
    expect((await tools.invoke('set_score_info', { title: '' })).ok).toBe(true);
    expect((await info(tools)).title).toBeUndefined();
  });

  it('refuses a call with no text, or a text with a line break: nothing was changed', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const empty = await tools.invoke('set_score_info', {});
    expect(empty.ok).toBe(false);
    expect(text(empty).startsWith(`${NOTHING_WAS_CHANGED}\n`)).toBe(true);
    expect(text(empty)).toContain('Give at least one of title, subtitle, composer');
    const broken = await tools.invoke('set_score_info', { lyricist: 'Friedrich\nSchiller' });
    expect(broken.ok).toBe(false);
    expect(text(broken).startsWith(NOTHING_WAS_CHANGED)).toBe(true);
    expect(stateVector(doc)).toBe(vector);
  });

  it('is refused to a viewer, and to a write scope that does not hold m1 of every part', async () => {
    const viewer = odeFixture({ role: 'viewer' });
    expect((await viewer.tools.invoke('set_score_info', { title: 'X' })).ok).toBe(false);
    const scoped = odeFixture({ scope: { measures: { start: 5, end: 8 } } });
    const vector = stateVector(scoped.doc);
    const refused = await scoped.tools.invoke('set_score_info', { title: 'X' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('out_of_scope');
    expect(text(refused)).toContain("the score's title");
    expect(stateVector(scoped.doc)).toBe(vector);
    const whole = odeFixture({ scope: { measures: { start: 1, end: 8 } } });
    expect((await whole.tools.invoke('set_score_info', { title: 'X' })).ok).toBe(true);
  });

  it('in review mode waits for the person, and writes only when accepted', async () => {
    const { tools } = odeFixture({ review: { enabled: () => true } });
    const waiting = await tools.invoke('set_score_info', { composer: 'Beethoven' });
    expect(waiting.ok && waiting.output.status).toBe('awaiting_review');
    expect((await info(tools)).composer).toBeUndefined();
    const id = waiting.ok ? (waiting.output.review as { id: string }).id : '';
    const accepted = await tools.reviews!.accept(id);
    expect(accepted.session.state).toBe('applied');
    expect((await info(tools)).composer).toBe('Beethoven');
  });
});
