import { describe, expect, it } from 'vitest';
import { readmeExample } from '../../../scripts/test/readme-example.ts';

const example = readmeExample(new URL('.', import.meta.url));
const { readme } = example;

describe('README', () => {
  it('shows the example this test runs, verbatim, as its first code', () => {
    expect(/```js\n([\s\S]*?)```/.exec(readme)?.[1]).toBe(example.example);
  });

  it('prints what its comments say', async () => {
    const printed = await example.run();
    const read = String(printed[0]?.[0]).split('\n');
    expect(read.slice(0, 4)).toEqual([
      '% Ode: measures 1-2 of 2',
      '% P1 "Violin": 1 staff, clefs treble',
      '% time 4/4 from m1',
      '% key D major from m1',
    ]);
    expect(read[4]).toMatch(/^% revision r1\./);
    expect(read.slice(5, 7)).toEqual(['P1 s1 v1 m1: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4', '']);
    const refused = String(printed[1]?.[0]).split('\n');
    expect(refused.slice(0, 2)).toEqual([
      'Nothing was changed.',
      'rewrite_measures was refused (1 problem); fix each and call again.',
    ]);
    expect(refused[2]).toMatch(
      /^- P1 s1 v1 m2 \(line 1, column 1\): \[measure-fill\] P1 s1 v1 m2 lasts 3\/4, but m2 lasts 1 \(time 4\/4\): 1\/4 is missing\./,
    );
    const range = { start_measure: 2, end_measure: 2, parts: [1] };
    expect(printed[2]).toEqual(['applied', range, range]);
    expect(String(printed[3]?.[0])).toMatch(
      /^Undid your step "rewrite_measures from m2, parts 1"\. m2 is selected\. Revision r1\..+\.$/,
    );
    expect(printed[4]).toEqual([
      [
        'get_score_info',
        'get_format_guide',
        'read_measures',
        'get_proposal_status',
        'get_selection',
        'export_score',
      ],
    ]);
    expect(printed[5]).toEqual(['P1 s1 v1 m1: F#4=1/4\\p( F#4 G4 A4)']);
  });

  it('documents every tool of the catalog', async () => {
    const { scoreToolCatalog } = await import('../src/index.ts');
    for (const tool of scoreToolCatalog().tools) {
      expect(readme).toMatch(new RegExp(`^\\| \`${tool.name}\``, 'm'));
    }
  });
});
