import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));

describe('README', () => {
  it('shows the example this test runs, verbatim', () => {
    expect(example.shownVerbatim).toBe(true);
  });

  it('prints what its comments say', async () => {
    expect(await example.run()).toEqual([
      [['edit', 'view', 'mcp']],
      [16],
      [false, 'applied'],
      [false],
    ]);
  });
});
