import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { plan } from './plan-rewrite.ts';
import type { Problem, ProblemCode } from './problem.ts';
import { MAX_PROBLEMS, ProblemList } from './problem-list.ts';

const CODES: ProblemCode[] = ['measure-fill', 'tie-not-landing', 'stale', 'syntax'];

const arbitraryProblem = fc
  .record({
    code: fc.constantFrom(...CODES),
    line: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    column: fc.integer({ min: 1, max: 5 }),
  })
  .map(
    ({ code, line, column }): Problem => ({
      code,
      ...(line !== undefined ? { line, column } : {}),
      message: `${code} at ${line}:${column}`,
      fix: 'Fix it.',
    }),
  );

/** Text order, arrival order among equals: what a list with no limit would give. */
function inTextOrder(problems: readonly Problem[]): Problem[] {
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort(
      (a, b) =>
        (a.problem.line ?? 0) - (b.problem.line ?? 0) ||
        (a.problem.column ?? 0) - (b.problem.column ?? 0) ||
        a.index - b.index,
    )
    .map((entry) => entry.problem);
}

describe('ProblemList', () => {
  test.prop([fc.array(arbitraryProblem, { maxLength: 60 }), fc.integer({ min: 1, max: 20 })], {
    numRuns: 200,
  })(
    'keeps the first `limit` problems in text order and counts the rest by code',
    (problems, limit) => {
      const list = new ProblemList(limit);
      list.pushAll(problems);
      const all = inTextOrder(problems);
      const listed = list.toArray();
      expect(list.count).toBe(problems.length);
      if (problems.length <= limit) {
        expect(listed).toEqual(all);
        return;
      }
      expect(listed.slice(0, limit)).toEqual(all.slice(0, limit));
      const summary = listed[limit]!;
      expect(listed).toHaveLength(limit + 1);
      const first = all[limit]!;
      expect([summary.code, summary.line, summary.column]).toEqual([
        'too-many-problems',
        first.line,
        first.column,
      ]);
      expect(summary.message).toContain(
        `... and ${problems.length - limit} more problems from here on (`,
      );
      expect(summary.message).toContain(`; ${problems.length} in all.`);
      const omitted = new Map<string, number>();
      for (const problem of all.slice(limit))
        omitted.set(problem.code, (omitted.get(problem.code) ?? 0) + 1);
      const named = [...omitted].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3);
      for (const [code, count] of named) expect(summary.message).toContain(`${count} ${code}`);
    },
  );
});

describe('plan: problems are capped', () => {
  it(`lists the first ${MAX_PROBLEMS} of 2,000 bad lanes in text order, then how many more`, () => {
    const score = scoreOf(SMALL);
    // Lanes past the 32 measures a rewrite may cover: one range-too-long each.
    const lines = Array.from({ length: 2_000 }, (_, index) => `P1 s1 v1 m${index + 1}: C5=1`);
    const result = plan(score, {
      start: 1,
      parts: [1],
      text: `${lines.join('\n')}\n`,
      allowMeasureCountChange: true,
    });
    if (result.ok) throw new Error('expected the plan to be refused');
    expect(result.problems).toHaveLength(MAX_PROBLEMS + 1);
    const listed = result.problems.slice(0, MAX_PROBLEMS);
    expect(listed.map((problem) => problem.line)).toEqual(
      Array.from({ length: MAX_PROBLEMS }, (_, index) => 33 + index),
    );
    expect(result.problems.at(-1)).toEqual({
      code: 'too-many-problems',
      line: 33 + MAX_PROBLEMS,
      column: 1,
      message: `... and 1,868 more problems from here on (1,868 range-too-long), not listed one by one; 1,968 in all.`,
      fix: 'Fix the problems listed above (a mistake made once is often made throughout), then try again.',
    });
  });
});
