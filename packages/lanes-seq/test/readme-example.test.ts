import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));

describe('the README example', () => {
  it('is the file this test runs, word for word', () => {
    expect(example.shownVerbatim).toBe(true);
  });

  it('runs and prints what its comments say', async () => {
    const printed = (await example.run()).map((call) => call.join(' '));
    expect(printed[0]).toBe('P1 s1 v1 m1: (C4 E4 G4)=1/2 r\n');
    expect(printed.slice(1, 5).map((line) => line.split(' ')[0])).toEqual([
      'missing-header-field',
      'lowercase-step',
      'unicode-accidental',
      'decimal-duration',
    ]);
    expect(printed[5]).toBe(
      'lanes-seq: a lane = one voice, on one staff of one part, in one measure; " | " ends it and starts the next measure\'s lane.',
    );
    expect(printed[1]).toContain('Hint: a lane header needs a staff: P1 s1 v1 m2');
  });
});
