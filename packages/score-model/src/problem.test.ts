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
