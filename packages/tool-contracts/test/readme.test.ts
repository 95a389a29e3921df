import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));
const { readme } = example;

describe('README', () => {
  it('shows the example this test runs, verbatim, as its first code', () => {
    expect(/```ts\n([\s\S]*?)```/.exec(readme)?.[1]).toBe(example.example);
  });

  it('prints what its comments say', async () => {
    const printed = await example.run();
    expect(printed[0]).toEqual([{ count: 1, revision: 'r1' }]);
    expect(String(printed[1]?.[0]).split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      'The viewer role may not call add_item.',
    ]);
    expect(String(printed[1]?.[0]).split('\n').at(-1)).toBe('Revision now: r1.');
    expect(String(printed[2]?.[0]).split('\n')).toEqual([
      'Nothing was changed.',
      '2 problems with the arguments of add_item.',
      '- title: Too small: expected string to have >=1 characters. Received "".',
      '- colour: Unknown field. Hint: Fields here: title, revision, dry_run, idempotency_key.',
      'Revision now: r1.',
    ]);
    expect(printed[3]).toEqual([
      0,
      {
        destructiveHint: false,
        openWorldHint: false,
      },
    ]);
  });

  it('documents every error code and every review state', async () => {
    const { TOOL_ERROR_CODES, REVIEW_STATES } = await import('../src/index.ts');
    for (const code of TOOL_ERROR_CODES)
      expect(readme).toMatch(new RegExp(`^\\| \`${code}\` +\\|`, 'm'));
    for (const state of REVIEW_STATES) expect(readme).toContain(state);
  });
});
