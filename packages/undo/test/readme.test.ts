import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('./readme-example.ts', import.meta.url), 'utf8');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the README example', () => {
  it('is the example this test runs, word for word', () => {
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('runs and prints what its comments say', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    await import('./readme-example.ts');

    const lines = log.mock.calls;
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
