import { openScore } from '@scorelane/score-model';
import { createScoreTools } from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seedExampleScore } from './example-score.ts';
import { createWebAudioPlayer } from './web-audio-player.ts';

describe('the page’s player behind the play tool, before any gesture (in Node: the page’s user activation is a test double)', () => {
  it('refuses at once, so the agent is told to have the person click the page; nothing plays', async () => {
    const doc = new Y.Doc();
    seedExampleScore(doc);
    const score = openScore(doc);
    const player = createWebAudioPlayer({ score, hasUserActivation: () => false });
    const tools = createScoreTools({ score, undo: createUndoController(doc), player });
    const refused = await tools.invoke('play', { start_measure: 1, end_measure: 2 });
    expect(refused.ok).toBe(false);
    const text =
      refused.result.content[0] && 'text' in refused.result.content[0]
        ? refused.result.content[0].text
        : '';
    expect(text).toContain('click the page first');
    expect(text).toContain('no click or key press yet');
    expect(player.state()).toEqual({ playing: null, measure: null, quarter: null });
    const stopped = await tools.invoke('stop', {});
    expect(stopped.ok).toBe(true);
  });
});
