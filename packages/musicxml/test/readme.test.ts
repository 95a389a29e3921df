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
    expect(printed).toEqual([['P1 s1 v1 m1: C4=1/2\nP1 s1 v1 m2: D4=1/2\n'], [1], [true, true]]);
  });
});
