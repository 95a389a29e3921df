import { describe, expect, it } from 'vitest';
import { formatProblems } from './problem.ts';

describe('formatProblems', () => {
  it('starts with "Nothing was changed." and lists each problem with place and fix', () => {
    expect(
      formatProblems([
        {
          code: 'measure-fill',
          lane: 'P1 s1 v1 m3',
          line: 2,
          column: 1,
          message: 'P1 s1 v1 m3 lasts 3/4, but m3 lasts 1 (time 4/4): 1/4 is missing.',
          fix: 'Add 1/4 to the lane, for example r=1/4 at its end, or lengthen its events.',
        },
        {
          code: 'syntax',
          line: 4,
          column: 7,
          message: 'A line of events with no lane header.',
          fix: 'Start the line with "P1 s1 v1 m4:".',
        },
        { code: 'stale', message: 'P1 s1 m3 changed.', fix: 'Read m3 again.' },
      ]),
    ).toBe(
      [
        'Nothing was changed. 3 problems:',
        '- P1 s1 v1 m3 (line 2, column 1): P1 s1 v1 m3 lasts 3/4, but m3 lasts 1 (time 4/4): 1/4 is missing. Fix: Add 1/4 to the lane, for example r=1/4 at its end, or lengthen its events.',
        '- line 4, column 7: A line of events with no lane header. Fix: Start the line with "P1 s1 v1 m4:".',
        '- P1 s1 m3 changed. Fix: Read m3 again.',
        '',
      ].join('\n'),
    );
  });
});

describe('formatProblems for a check and for a cut list', () => {
  const problem = {
    code: 'measure-fill' as const,
    lane: 'P1 s1 v1 m3',
    message: 'P1 s1 v1 m3 lasts 3/4, but m3 lasts 1 (time 4/4): 1/4 is missing.',
    fix: 'Rewrite m3 so it adds up.',
  };

  it('opens what validate found with its own heading: nothing was attempted', () => {
    expect(formatProblems([problem], { check: true })).toBe(
      'The score has 1 problem:\n- P1 s1 v1 m3: P1 s1 v1 m3 lasts 3/4, but m3 lasts 1 (time 4/4): 1/4 is missing. Fix: Rewrite m3 so it adds up.\n',
    );
  });

  it('counts a list cut at the limit by what it lists, leaving the total to its summary', () => {
    const summary = {
      code: 'too-many-problems' as const,
      message:
        '... and 5 more problems from here on (5 measure-fill), not listed one by one; 7 in all.',
      fix: 'Fix the problems listed above.',
    };
    const [refused, checked] = [
      formatProblems([problem, problem, summary]),
      formatProblems([problem, problem, summary], { check: true }),
    ];
    expect(refused.split('\n')[0]).toBe('Nothing was changed. The first 2 problems:');
    expect(checked.split('\n')[0]).toBe('The first 2 problems the score has:');
    expect(refused.split('\n')[3]).toBe(`- ${summary.message} Fix: ${summary.fix}`);
  });
});
