import { scoreContent } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import {
  collaboratorOf,
  collaboratorRewrites,
  lanesOf,
  odeFixture,
  personRewrites,
  stateVector,
} from '../fixtures.test-support.ts';

const rewrite = (measure: number, events: string) => ({
  start_measure: measure,
  parts: [1],
  lanes_seq: `P1 s1 v1 m${measure}: ${events}\n`,
});

describe('undo and redo', () => {
  it('two rewrites, one undo lands on the state between them; redo brings the second back', async () => {
    const { tools, score } = odeFixture();
    await tools.invoke('rewrite_measures', rewrite(2, 'B4=1'));
    const between = JSON.stringify(scoreContent(score));
    const second = await tools.invoke('rewrite_measures', rewrite(2, 'C5=1'));
    const after = JSON.stringify(scoreContent(score));
    tools.context.selection.set({ start_measure: 5, end_measure: 5, parts: [2] });
    const undone = await tools.invoke('undo', {});
    expect(undone.ok).toBe(true);
    if (!undone.ok) return;
    expect(JSON.stringify(scoreContent(score))).toBe(between);
    expect(undone.output.step).toEqual({
      tool_call_id: second.call_id,
      label: 'rewrite_measures from m2, parts 1',
    });
    expect(undone.output.revision).toBe(tools.context.revision());
    expect(tools.context.selection.get()).toEqual({ start_measure: 2, end_measure: 2, parts: [1] });
    const redone = await tools.invoke('redo', {});
    expect(redone.ok).toBe(true);
    expect(JSON.stringify(scoreContent(score))).toBe(after);
  });

  it('is refused when a person’s newer step lies above the agent’s, naming who, and changes nothing', async () => {
    const fixture = odeFixture();
    const { tools, doc } = fixture;
    await tools.invoke('rewrite_measures', rewrite(2, 'B4=1'));
    personRewrites(fixture, 6, 'P1 s1 v1 m6: A4=1\n');
    const vector = stateVector(doc);
    const refused = await tools.invoke('undo', {});
    expect(refused.ok).toBe(false);
    const text = refused.result.content[0]!.text;
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      'The newest step to undo is not yours: user made it (typing in m6).',
    ]);
    expect(stateVector(doc)).toBe(vector);
    expect(await lanesOf(tools, 6, 6, [1])).toBe('P1 s1 v1 m6: A4=1');
    expect(await lanesOf(tools, 2, 2, [1])).toBe('P1 s1 v1 m2: B4=1');
  });

  it('is refused when a collaborator on a synced Y.Doc changed a unit the step wrote, naming them and the unit', async () => {
    const { tools, doc } = odeFixture({ describeClient: (client) => `Ada (client ${client})` });
    const peer = collaboratorOf(doc);
    await tools.invoke('rewrite_measures', rewrite(2, 'B4=1'));
    collaboratorRewrites(peer, 2, 'P1 s1 v1 m2: D5=1\n');
    expect(await lanesOf(tools, 2, 2, [1])).toBe('P1 s1 v1 m2: D5=1');
    const vector = stateVector(doc);
    const refused = await tools.invoke('undo', {});
    expect(refused.ok).toBe(false);
    const text = refused.result.content[0]!.text;
    expect(text.startsWith('Nothing was changed.\n')).toBe(true);
    expect(text).toContain(`- P1 s1 m2: Changed by Ada (client ${peer.clientID}) since your step.`);
    expect(stateVector(doc)).toBe(vector);
    expect(await lanesOf(tools, 2, 2, [1])).toBe('P1 s1 v1 m2: D5=1');
  });

  it('undoes its own step while a collaborator edits another measure, keeping their edit', async () => {
    const { tools, doc } = odeFixture();
    const peer = collaboratorOf(doc);
    await tools.invoke('rewrite_measures', rewrite(2, 'B4=1'));
    collaboratorRewrites(peer, 6, 'P1 s1 v1 m6: D5=1\n');
    const undone = await tools.invoke('undo', {});
    expect(undone.ok).toBe(true);
    expect(await lanesOf(tools, 2, 2, [1])).toBe('P1 s1 v1 m2: A4=1/4 G4 F#4 E4');
    expect(await lanesOf(tools, 6, 6, [1])).toBe('P1 s1 v1 m6: D5=1');
  });

  it('says there is nothing to undo on a fresh history', async () => {
    const { tools } = odeFixture();
    const refused = await tools.invoke('undo', {});
    expect(refused.result.content[0]?.text.split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      'There is nothing to undo.',
    ]);
  });
});
