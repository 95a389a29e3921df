/**
 * Runs every case of the conformance corpus the way SPEC.md section 10 tells
 * any implementation to: read the input, then compare the canonical text, or
 * the problems (code, line, column) in order.
 */
import { describe, expect, it } from 'vitest';
import { actualResult, corpus } from './conformance.test-support.ts';
import { ISSUE_CODES } from './issue.ts';

describe('conformance.json', () => {
  it('holds well-formed cases: unique ids, one expectation each, known codes', () => {
    expect(new Set(corpus.map((c) => c.id)).size).toBe(corpus.length);
    for (const c of corpus) {
      expect((c.canonical === undefined) !== (c.problems === undefined), c.id).toBe(true);
      expect([undefined, 'lanes', 'score-file'], c.id).toContain(c.kind);
      for (const problem of c.problems ?? [])
        expect(Object.keys(ISSUE_CODES)).toContain(problem.code);
    }
  });

  it.each(corpus.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const actual = actualResult(c.kind, c.input);
    if (c.canonical !== undefined) {
      expect(actual).toEqual({ canonical: c.canonical });
      // The canonical text is its own canonical form.
      expect(actualResult(c.kind, c.canonical)).toEqual({ canonical: c.canonical });
    } else {
      expect(actual).toEqual({ problems: c.problems });
    }
  });
});
