/**
 * The editor's wiring without a browser: the example seeded into a real
 * Y.Doc, the score tools over it with the page's selection store and undo
 * controller, as main.ts sets them up.
 */
import { exportMusicXml } from '@scorelane/musicxml';
import { scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { changedRange } from './changed-range.ts';
import { openExample, refusedCall } from './example-editor.test-support.ts';
import { seedExampleScore } from './example-score.ts';
import { refusalForPerson } from './refusal-words.ts';

const NEW_M2 = 'P1 s1 v1 m2: A5=3/8 G5=1/8 G5=1/2\n';

describe('the editor over the example score', () => {
  it('seeds Ode to Joy, sixteen measures in two parts, with nothing to undo', () => {
    const { score, undo } = openExample();
    const info = scoreInfo(score);
    expect(info.measureCount).toBe(16);
    expect(info.parts.map((part) => part.name)).toEqual(['Violin', 'Piano']);
    expect(undo.canUndo()).toBe(false);
    expect(exportMusicXml(score)).toContain('<score-partwise');
  });

  it('refuses a lanes-seq text that does not parse, before anything is written', () => {
    const doc = new Y.Doc();
    expect(() => seedExampleScore(doc, 'P1 s1 v1 m1: H4=1/4\n')).toThrow(
      /The example score does not parse/,
    );
  });

  it('highlights and selects the range a rewrite changed, and one undo restores the bar', async () => {
    const { score, undo, selection, tools } = openExample();
    const before = exportMusicXml(score);
    const invocation = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: NEW_M2,
    });
    const range = changedRange(invocation);
    expect(range).toEqual({ start_measure: 2, end_measure: 2, parts: [1] });
    if (range !== null) selection.showChange(range);
    expect(selection.get()).toEqual(range);
    expect(selection.highlighted()).toEqual(range);
    expect(exportMusicXml(score)).not.toBe(before);
    expect(undo.undo().ok).toBe(true);
    expect(exportMusicXml(score)).toBe(before);
  });

  it('highlights nothing for a refused rewrite and lists its problems in a person’s words', async () => {
    const { tools } = openExample();
    const refused = refusedCall(
      await tools.invoke('rewrite_measures', {
        start_measure: 2,
        parts: [1],
        lanes_seq: 'P1 s1 v1 m2: A5=1/4\n',
      }),
    );
    expect(changedRange(refused)).toBeNull();
    const words = refusalForPerson(refused, [
      { name: 'Violin', staves: 1 },
      { name: 'Piano', staves: 2 },
    ]);
    expect(words.headline).toBe('Nothing was changed.');
    expect(words.problems).toEqual([
      {
        place: 'Measure 2, Violin',
        message:
          'The voice lasts a quarter note, but measure 2 lasts a whole note (time 4/4): a dotted half note is missing.',
        hint: 'Add a dotted half note to the voice, for example r=3/4 at its end, or lengthen its notes.',
      },
    ]);
    const shown = [words.summary, ...words.problems.flatMap((p) => [p.place, p.message, p.hint])];
    expect(shown.join(' ')).not.toMatch(/rewrite_measures|measure-fill|P1 s1|revision|\bunits?\b/);
    expect(words.details).toMatch(/\[measure-fill\]/);
  });

  it('a person’s selection clears the last change’s highlight', () => {
    const { selection } = openExample();
    selection.showChange({ start_measure: 2, end_measure: 2, parts: [1] });
    selection.set({ start_measure: 5, end_measure: 6, parts: [1, 2] });
    expect(selection.highlighted()).toBeNull();
    expect(selection.get()).toEqual({ start_measure: 5, end_measure: 6, parts: [1, 2] });
  });
});
