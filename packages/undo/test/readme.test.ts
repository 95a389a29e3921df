import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));

describe('the README example', () => {
  it('is the example this test runs, word for word', () => {
    expect(example.shownVerbatim).toBe(true);
  });

  it('runs and prints what its comments say', async () => {
    const lines = await example.run();
    expect(lines).toContainEqual(['call_2', { m1: 'c4 d4', m2: 'e4 f4' }, { start: 2, end: 2 }]);
    expect(lines.filter((line) => line[0] === 'history:').map((line) => line[1])).toEqual([
      'step-added',
      'step-added',
      'step-added',
      'undone',
      'redone',
    ]);
  });
});
