/**
 * Refusals in a person's words, over real refusals of the example's tools:
 * `Nothing was changed.`, the problems with measure, part and staff, and no
 * tool names, codes or revisions outside the details.
 */
import { describe, expect, it } from 'vitest';
import { openExample, refusedCall } from './example-editor.test-support.ts';
import { refusalForPerson, refusalReason } from './refusal-words.ts';

const PARTS = [
  { name: 'Violin', staves: 1 },
  { name: 'Piano', staves: 2 },
];

describe('refusal words', () => {
  it('names the piano’s staff and keeps the text’s own durations', async () => {
    const { tools } = openExample();
    const refused = refusedCall(
      await tools.invoke('rewrite_measures', {
        start_measure: 4,
        parts: [2],
        lanes_seq: 'P2 s2 v1 m4: D3=1/2\n',
      }),
    );
    const words = refusalForPerson(refused, PARTS);
    expect(words.problems[0]?.place).toBe('Measure 4, Piano, staff 2');
    expect(words.problems[0]?.message).toContain('a half note is missing');
    expect(words.problems[0]?.hint).toContain('for example r=1/2 at its end');
    expect(words.summary).toBe('One thing needs fixing:');
  });

  it('names a double-dotted value and a sixty-fourth note by their fractions', async () => {
    const { tools } = openExample();
    const missing = async (lanes: string) => {
      const refused = refusedCall(
        await tools.invoke('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq: lanes }),
      );
      return refusalForPerson(refused, PARTS).problems[0];
    };
    const doubleDotted = await missing('P1 s1 v1 m2: D5=9/16\n');
    expect(doubleDotted?.message).toContain('a double-dotted quarter note is missing');
    expect(doubleDotted?.hint).toContain('r=7/16');
    const shortest = await missing('P1 s1 v1 m2: D5=1/2 E5=1/4 F5=1/8 G5=1/16 A5=1/32 B5=1/64\n');
    expect(shortest?.message).toContain('a sixty-fourth note is missing');
  });

  it('says a revision the score does not know in words, and why in the activity list', async () => {
    const { tools } = openExample();
    const refused = refusedCall(
      await tools.invoke('rewrite_measures', {
        start_measure: 2,
        parts: [1],
        lanes_seq: 'P1 s1 v1 m2: D5=1\n',
        revision: 'r0.unknown',
      }),
    );
    const words = refusalForPerson(refused, PARTS);
    expect(words.problems[0]?.message).toBe(
      'The text was read from a version of the score this page does not know.',
    );
    expect(words.problems[0]?.message).not.toMatch(/revision|invalid/);
    expect(words.details).toContain('invalid-revision');
    expect(refusalReason(refused)).toBe(
      'it was based on a version of the score this page does not know',
    );
  });

  it('says stale in words: the measures changed after they were read', async () => {
    const { tools } = openExample();
    const read = await tools.invoke('read_measures', {
      start_measure: 2,
      end_measure: 2,
      parts: [1],
    });
    const revision = read.ok ? String(read.output.revision) : '';
    await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: E5=1\n',
    });
    const stale = refusedCall(
      await tools.invoke('rewrite_measures', {
        start_measure: 2,
        parts: [1],
        lanes_seq: 'P1 s1 v1 m2: D5=1\n',
        revision,
      }),
    );
    expect(refusalForPerson(stale, PARTS).summary).toBe(
      'These measures changed after you read them.',
    );
    expect(refusalReason(stale)).toBe('the measures had changed since it read them');
  });
});
