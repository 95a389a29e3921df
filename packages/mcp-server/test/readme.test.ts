import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));

describe('README', () => {
  it('shows the example this test runs, verbatim, as its first code', () => {
    expect(/```ts\n([\s\S]*?)```/.exec(example.readme)?.[1]).toBe(example.example);
  });

  it('prints what its comments say', async () => {
    const printed = await example.run();
    expect(printed[0]).toEqual(['http://127.0.0.1:PORT/mcp']);
    expect(printed[1]).toEqual([
      [
        [
          'increment',
          {
            destructiveHint: false,
            openWorldHint: false,
          },
        ],
      ],
    ]);
    expect(printed[2]).toEqual([{ value: 2, revision: 'r2' }]);
    expect(printed[3]?.[0]).toBe(true);
    const [block] = (printed[3]?.[1] ?? []) as { type: string; text: string }[];
    expect(block?.text.split('\n').slice(0, 3)).toEqual([
      'Nothing was changed.',
      '1 problem with the arguments of increment.',
      '- by: Too small: expected number to be >=1. Received 0.',
    ]);
    expect(printed[4]).toEqual([
      [{ uri: 'counter://guide', mimeType: 'text/markdown', text: '# Counter' }],
    ]);
  });
});
