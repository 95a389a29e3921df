import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

describe('the README example', () => {
  it('is the file this test runs, word for word', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const example = readFileSync(new URL('./readme-example.ts', import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('runs and prints what its comments say', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await import('./readme-example.ts');
    const printed = log.mock.calls.map((call) => call.join(' '));
    log.mockRestore();
    expect(printed[0]).toBe('P1 s1 v1 m1: (C4 E4 G4)=1/2 r=1/2\n');
    expect(printed.slice(1, 5).map((line) => line.split(' ')[0])).toEqual([
      'missing-header-field',
      'lowercase-step',
      'unicode-accidental',
      'decimal-duration',
    ]);
    expect(printed[5]).toBe(
      'lanes-seq: one line per lane = one voice, on one staff of one part, in one measure.',
    );
    expect(printed[1]).toContain('Hint: a lane header needs a staff: P1 s1 v1 m2');
  });
});
