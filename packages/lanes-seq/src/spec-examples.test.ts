/**
 * The specification and the corpus cannot drift apart: every numbered
 * example of SPEC.md is the corpus case `example-N`, with the same input,
 * the same result and the same section.
 */
import { describe, expect, it } from 'vitest';
import { corpus, specExamples, specSections, specText } from './conformance.test-support.ts';

const examples = specExamples();
const caseById = new Map(corpus.map((c) => [c.id, c]));

describe('SPEC.md examples', () => {
  it('numbers its examples 1, 2, 3, ..., each with an input block and a result block', () => {
    const numbers = examples.map((example) => example.number);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    // An example whose blocks the reader cannot find (misspelled, or a block missing) is caught here.
    expect(examples).toHaveLength([...specText.matchAll(/\*\*Example \d+\*\*/g)].length);
    expect(examples.length).toBeGreaterThanOrEqual(50);
  });

  it.each(examples.map((example) => [example.number, example] as const))(
    'Example %i is a case of the corpus, with the same input, result and section',
    (number, example) => {
      const c = caseById.get(`example-${number}`);
      expect(c, `conformance.json has no case "example-${number}"`).toBeDefined();
      expect(c!.input).toBe(example.input);
      expect(c!.kind ?? 'lanes').toBe(example.kind);
      expect(c!.section).toBe(example.section);
      expect(
        c!.canonical === undefined ? { problems: c!.problems } : { canonical: c!.canonical },
      ).toEqual(example.expected);
    },
  );

  it('has no example case in the corpus that the spec lacks', () => {
    const exampleIds = corpus.map((c) => c.id).filter((id) => id.startsWith('example-'));
    expect(exampleIds).toEqual(examples.map((example) => `example-${example.number}`));
  });

  it('files every case under a section the spec has', () => {
    const sections = new Set(specSections());
    for (const c of corpus) expect(sections, c.id).toContain(c.section);
  });
});
