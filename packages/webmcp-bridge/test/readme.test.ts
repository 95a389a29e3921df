import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));

describe('README', () => {
  it('shows the example this test runs, verbatim, as its first code', () => {
    expect(/```ts\n([\s\S]*?)```/.exec(example.readme)?.[1]).toBe(example.example);
  });

  it('prints what its comments say', async () => {
    const printed = await example.run();
    expect(printed).toEqual([
      [false],
      [[]],
      [['get_count', 'ring_bell']],
      [['get_count', 'increment', 'ring_bell']],
      [{ count: 2 }],
      [
        'Nothing was changed.\n1 problem with the arguments of increment.\n- by: Expected number, received "two".',
      ],
      [expect.stringMatching(/^ring_bell needs a user gesture, and this page has had none yet: /)],
      [{ rang: true }],
      [0],
    ]);
  });
});
