import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));

describe('README', () => {
  it('shows the example this test runs, verbatim, as its first code', () => {
    expect(/```js\n([\s\S]*?)```/.exec(example.readme)?.[1]).toBe(example.example);
  });

  it('prints what its comments say', async () => {
    const printed = await example.run();
    expect(printed).toEqual([
      ['P1 s1 v1 m1: C4=1/2 | D4\nP1 s1 v1 m1 w1: Hel- | lo\n'],
      [['P1 s1 v1 m2: event 1 lost the lyric "lo".']],
      [true, true],
    ]);
  });
});
