import { parseScoreFile } from '@scorelane/lanes-seq';
import { scoreFromLanes } from '@scorelane/score-model';
import { createScoreTools } from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { coalescedSaves } from './coalesced-saves.ts';
import { savingAfterChanges } from './saving-pipeline.ts';
import { ONE_BAR } from './small-scores.test-support.ts';

function scoreTools() {
  const file = parseScoreFile(ONE_BAR);
  if (!file.ok) throw new Error('the test score does not parse');
  const score = scoreFromLanes(file.score.header, file.score.document, { doc: new Y.Doc() });
  return createScoreTools({ score, undo: createUndoController(score.doc) });
}

const rewrite = (lanes: string, extra: Record<string, unknown> = {}) => ({
  start_measure: 1,
  parts: [1],
  lanes_seq: `P1 s1 v1 m1: ${lanes}\n`,
  ...extra,
});

describe('savingAfterChanges', () => {
  it('asks for a save after a write that applied and an undo, never after a read, a refusal, a dry run or a replay', async () => {
    const tools = scoreTools();
    let saves = 0;
    const requests = coalescedSaves(async () => undefined);
    const pipeline = savingAfterChanges(tools.pipeline, {
      ...requests,
      request: () => {
        saves += 1;
      },
    });
    const as = { role: 'editor' };
    await pipeline.invoke('read_measures', { start_measure: 1, end_measure: 1 }, as);
    await pipeline.invoke('rewrite_measures', rewrite('D5=1/2'), as);
    await pipeline.invoke('rewrite_measures', rewrite('D5=1', { dry_run: true }), as);
    expect(saves).toBe(0);
    const applied = await pipeline.invoke(
      'rewrite_measures',
      rewrite('D5=1', { idempotency_key: 'k' }),
      as,
    );
    expect(applied.ok).toBe(true);
    expect(saves).toBe(1);
    await pipeline.invoke('rewrite_measures', rewrite('D5=1', { idempotency_key: 'k' }), as);
    expect(saves).toBe(1);
    const undone = await pipeline.invoke('undo', {}, as);
    expect(undone.ok).toBe(true);
    expect(saves).toBe(2);
  });

  it('answers without waiting for the save, and says in the next change that the last save failed, and why', async () => {
    const tools = scoreTools();
    const saves = coalescedSaves(async () => {
      throw new Error('Cannot write song.lanes: it cannot be opened: permission denied.');
    });
    const pipeline = savingAfterChanges(tools.pipeline, saves);
    const first = await pipeline.invoke('rewrite_measures', rewrite('D5=1'), { role: 'editor' });
    expect(first.ok).toBe(true);
    expect(JSON.stringify(first.result.content)).not.toContain('save');
    expect(await saves.flush()).toBe(
      'Cannot write song.lanes: it cannot be opened: permission denied.',
    );
    const next = await pipeline.invoke('rewrite_measures', rewrite('E5=1'), { role: 'editor' });
    expect(next.ok).toBe(true);
    expect(next.result.isError).toBe(false);
    expect(next.result.content.at(-1)?.text).toBe(
      'The change is made in the open score, but the last save to its file failed: Cannot write song.lanes: it cannot be opened: permission denied. Tell the user; the file is saved whole again after the next change and when the session ends.',
    );
  });
});
