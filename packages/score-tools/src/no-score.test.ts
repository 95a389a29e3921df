import { openScore } from '@scorelane/score-model';
import { createUndoController } from '@scorelane/undo';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createScoreTools } from './create-score-tools.ts';
import { stateVector } from './fixtures.test-support.ts';

describe('a document that holds no score yet (a provider still syncing)', () => {
  it('reads answer not_found and writes are refused with Nothing was changed., writing nothing', async () => {
    const doc = new Y.Doc();
    const tools = createScoreTools({ score: openScore(doc), undo: createUndoController(doc) });
    const vector = stateVector(doc);
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok || info.error.code).toBe('not_found');
    const read = await tools.invoke('read_measures', { start_measure: 1, end_measure: 1 });
    expect(read.ok || read.error.code).toBe('not_found');
    const write = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: C4=1\n',
    });
    expect(write.ok).toBe(false);
    expect(write.result.content[0]?.text).toMatch(/^Nothing was changed\.\n[\s\S]*\[no-score\]/);
    expect(stateVector(doc)).toBe(vector);
  });
});
