/**
 * Turning the score model's problems into the tool error an agent reads:
 * each problem with its place (`P1 s1 v1 m3, line 2, column 1`) and its fix.
 */
import type { Problem } from '@scorelane/score-model';
import { type ToolError, type ToolProblem, toolError } from '@scorelane/tool-contracts';

/**
 * One score-model problem as a tool problem: the path is the lane or unit
 * and the place in the submitted text, the hint is the fix.
 *
 * @example
 * ```ts
 * toolProblem({ code: 'measure-fill', lane: 'P1 s1 v1 m2', line: 1, column: 1, message: '…', fix: 'Add r=1/4.' });
 * // { path: 'P1 s1 v1 m2 (line 1, column 1)', message: '…', hint: 'Add r=1/4.' }
 * ```
 */
export function toolProblem(problem: Problem): ToolProblem {
  const place =
    problem.line === undefined
      ? undefined
      : `line ${problem.line}${problem.column === undefined ? '' : `, column ${problem.column}`}`;
  const path = problem.lane
    ? place
      ? `${problem.lane} (${place})`
      : problem.lane
    : (place ?? undefined);
  return {
    ...(path === undefined ? {} : { path }),
    message: `[${problem.code}] ${problem.message}`,
    hint: problem.fix,
  };
}

/**
 * The tool error for a plan the score model refused: `stale_revision` when a
 * target changed since the revision, `limit_exceeded` when the range is too
 * long, `nothing_changed` otherwise. The pipeline puts `Nothing was changed.`
 * before it.
 *
 * @example
 * ```ts
 * const planned = plan(score, request);
 * if (!planned.ok) return toolFail(refusalError('rewrite_measures', planned.problems));
 * ```
 */
export function refusalError(tool: string, problems: readonly Problem[]): ToolError {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const listed = problems.map(toolProblem);
  if (problems.some((problem) => problem.code === 'stale')) {
    return toolError(
      'stale_revision',
      `${tool} was refused: what it replaces changed after your revision (${count}). Read the measures again and rewrite them from what they hold now.`,
      listed,
    );
  }
  if (problems.some((problem) => problem.code === 'range-too-long')) {
    return toolError(
      'limit_exceeded',
      `${tool} was refused: the range is too long (${count}).`,
      listed,
    );
  }
  return toolError(
    'nothing_changed',
    `${tool} was refused (${count}); fix each and call again.`,
    listed,
  );
}
