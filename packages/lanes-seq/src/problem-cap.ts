/**
 * The cap on problems: a result lists at most `LIMITS.maxIssues` of them,
 * then one `too-many-problems` issue that counts the rest by code, so text
 * with a million mistakes gets a short answer.
 */
import type { Point } from './document.ts';
import { type IssueCode, type LanesIssue, LIMITS } from './issue.ts';
import type { ProblemTally } from './parse-cursor.ts';

/** The names of the codes counted most often past the cap, for the summary. */
const SUMMARY_CODES = 3;

/**
 * The first `LIMITS.maxIssues` of `issues` (in text order), then, if any
 * problem is left out (past the cap in `issues`, or only counted in
 * `counted.omitted`), one summary of them all.
 */
export function boundedIssues(issues: readonly LanesIssue[], counted: ProblemTally): LanesIssue[] {
  const kept = issues.slice(0, LIMITS.maxIssues);
  const omitted = new Map(counted.omitted);
  let first = counted.firstOmitted;
  for (let i = LIMITS.maxIssues; i < issues.length; i++) {
    const issue = issues[i]!;
    omitted.set(issue.code, (omitted.get(issue.code) ?? 0) + 1);
    if (first === undefined || issue.span.start.offset < first.offset) first = issue.span.start;
  }
  if (first === undefined || omitted.size === 0) return kept;
  kept.push(summaryOf(omitted, kept.length, first));
  return kept;
}

/** The last issue past the cap: how many more problems there are, of which kinds, and where the first stands. */
function summaryOf(omitted: Map<IssueCode, number>, listed: number, at: Point): LanesIssue {
  let count = 0;
  for (const n of omitted.values()) count += n;
  const kinds = [...omitted]
    .sort((a, b) => b[1] - a[1])
    .slice(0, SUMMARY_CODES)
    .map(([code, n]) => `${n.toLocaleString('en-US')} ${code}`);
  const more = omitted.size > SUMMARY_CODES ? ', ...' : '';
  return {
    code: 'too-many-problems',
    message: `... and ${count.toLocaleString('en-US')} more problems from here on (${kinds.join(', ')}${more}), not listed one by one; ${(listed + count).toLocaleString('en-US')} in all.`,
    hint: 'fix the problems listed above (a mistake made once is often made throughout) and check the text again',
    line: at.line,
    column: at.column,
    span: { start: at, end: at },
  };
}
