import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('./readme-example.ts', import.meta.url), 'utf8');

describe('README', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the example this test runs, verbatim', () => {
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(example);
  });

  it('prints what its comments say', async () => {
    const printed: unknown[][] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args);
    });
    await import('./readme-example.ts');
    expect(printed[0]).toEqual([{ count: 1, revision: 'r1' }]);
    expect(String(printed[1]?.[0]).split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      'The viewer role may not call add_item.',
    ]);
    expect(String(printed[2]?.[0]).split('\n')).toEqual([
      'Nothing was changed.',
      '2 problems with the arguments of add_item.',
      '- title: Too small: expected string to have >=1 characters. Received "".',
      '- colour: Unknown field. Hint: Fields here: title, revision, dry_run, idempotency_key.',
    ]);
    expect(printed[3]).toEqual([
      0,
      {
        title: 'Add item',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
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
