/**
 * Parser issues of a submitted text, as problems of the plan.
 */
import type { Problem } from './problem.ts';

const HEADER = /^[ \t]*(P[1-9]\d* s[1-9]\d* v[1-9]\d* m[1-9]\d*)[ \t]*:/;

/**
 * Parser issues as planner problems (`syntax`, with the parser's code in
 * `issue`), each naming the lane whose line it is on.
 *
 * @example
 * ```ts
 * syntaxProblems(text, parsed.issues)[0]?.code; // 'syntax'
 * ```
 */
export function syntaxProblems(
  text: string,
  issues: readonly {
    code: Problem['issue'] & string;
    message: string;
    line: number;
    column: number;
    hint?: string;
  }[],
): Problem[] {
  const lines = text.split('\n');
  return issues.map((issue) => {
    const lane = HEADER.exec(lines[issue.line - 1] ?? '')?.[1];
    return {
      code: 'syntax' as const,
      issue: issue.code,
      ...(lane ? { lane } : {}),
      line: issue.line,
      column: issue.column,
      message: issue.message,
      fix: issue.hint ?? 'Correct the text as lanes-seq writes it (see the format guide).',
    };
  });
}
