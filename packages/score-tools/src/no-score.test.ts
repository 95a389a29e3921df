import { openScore } from '@scorelane/score-model';
import { createUndoController } from '@scorelane/undo';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createScoreTools } from './create-score-tools.ts';
import { stateVector } from './fixtures.test-support.ts';
import { createMemorySelection } from './selection.ts';

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

  it('select, play and export answer not_found instead of a range of measures 1-0 or an empty file', async () => {
    const doc = new Y.Doc();
    const played: unknown[] = [];
    const tools = createScoreTools({
      score: openScore(doc),
      undo: createUndoController(doc),
      // A test double: the tools never make sound; it records what it was asked to play.
      player: {
        play: async (request) => {
          played.push(request);
          return { ok: true };
        },
        stop: async () => ({ ok: true }),
      },
      selection: createMemorySelection(),
    });
    for (const [name, args] of [
      ['select_measures', { start_measure: 1, end_measure: 1 }],
      ['play', {}],
      ['export_score', { format: 'lanes' }],
      ['export_score', { format: 'midi' }],
    ] as const) {
      const answer = await tools.invoke(name, args);
      expect(answer.ok || answer.error.code).toBe('not_found');
      expect(answer.result.content[0]?.text).toContain('The document holds no score yet.');
      expect(answer.result.content[0]?.text).not.toContain('1-0');
    }
    expect(played).toEqual([]);
    expect(tools.context.selection.get()).toBeNull();
  });
});
