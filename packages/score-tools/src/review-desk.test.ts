import { describe, expect, it } from 'vitest';
import { lanesOf, odeFixture, personRewrites, stateVector } from './fixtures.test-support.ts';
import type { ScoreReviewSession } from './review-desk.ts';

const M2 = { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/2\n' };

describe('review mode', () => {
  it('a write returns a session awaiting the user, with the before and after of every unit, and writes nothing', async () => {
    const seen: ScoreReviewSession[] = [];
    const { tools, doc } = odeFixture({ review: { onChange: (session) => seen.push(session) } });
    const vector = stateVector(doc);
    const proposed = await tools.invoke('rewrite_measures', M2);
    expect(proposed.ok).toBe(true);
    if (!proposed.ok) return;
    expect(proposed.output).toMatchObject({
      status: 'awaiting_review',
      review: { state: 'awaiting_user' },
      changes: [
        {
          unit: 'P1 s1 m2',
          before: 'P1 s1 v1 m2: A4=1/4 G4 F#4 E4\n',
          after: M2.lanes_seq,
        },
      ],
    });
    expect(stateVector(doc)).toBe(vector);
    const id = (proposed.output.review as { id: string }).id;
    expect(tools.reviews?.get(id).preview?.changes[0]?.after).toBe(M2.lanes_seq);
    expect(seen.at(-1)?.state).toBe('awaiting_user');
  });

  it('accept applies it as one undo step of the agent, which the agent may undo', async () => {
    const { tools, undo } = odeFixture({ review: true });
    const proposed = await tools.invoke('rewrite_measures', M2);
    const id = proposed.ok ? (proposed.output.review as { id: string }).id : '';
    const accepted = await tools.reviews!.accept(id);
    expect(accepted.session.state).toBe('applied');
    expect(await lanesOf(tools, 2, 2, [1])).toBe(M2.lanes_seq.trim());
    expect(undo.undoManager.undoStack).toHaveLength(1);
    expect(undo.peekUndo()?.meta.actor).toBe('agent');
    const undone = await tools.invoke('undo', {});
    expect(undone.ok).toBe(true);
    expect(await lanesOf(tools, 2, 2, [1])).toBe('P1 s1 v1 m2: A4=1/4 G4 F#4 E4');
  });

  it('reject never writes', async () => {
    const { tools, doc } = odeFixture({ review: true });
    const vector = stateVector(doc);
    const proposed = await tools.invoke('rewrite_measures', M2);
    const id = proposed.ok ? (proposed.output.review as { id: string }).id : '';
    expect(tools.reviews!.reject(id).session.state).toBe('rejected');
    expect(stateVector(doc)).toBe(vector);
  });

  it('accept after the target changed ends stale and writes nothing; a change elsewhere does not', async () => {
    const fixture = odeFixture({ review: true });
    const { tools, doc } = fixture;
    const target = await tools.invoke('rewrite_measures', M2);
    const elsewhere = await tools.invoke('rewrite_measures', {
      start_measure: 7,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m7: D4=1\n',
    });
    personRewrites(fixture, 2, 'P1 s1 v1 m2: B4=1\n');
    const vector = stateVector(doc);
    const stale = await tools.reviews!.accept(
      target.ok ? (target.output.review as { id: string }).id : '',
    );
    expect(stale.session.state).toBe('stale');
    expect(stateVector(doc)).toBe(vector);
    expect(await lanesOf(tools, 2, 2, [1])).toBe('P1 s1 v1 m2: B4=1');
    const applied = await tools.reviews!.accept(
      elsewhere.ok ? (elsewhere.output.review as { id: string }).id : '',
    );
    expect(applied.session.state).toBe('applied');
    expect(await lanesOf(tools, 7, 7, [1])).toBe('P1 s1 v1 m7: D4=1');
  });

  it('a plan with problems is refused at once, not turned into a session', async () => {
    const { tools } = odeFixture({ review: true });
    const refused = await tools.invoke('rewrite_measures', {
      ...M2,
      lanes_seq: 'P1 s1 v1 m2: A4=1/4\n',
    });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toContain('[measure-fill]');
  });
});
