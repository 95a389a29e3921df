/**
 * Problems as lines for the terminal, for commands that change nothing
 * anyway (read, validate); refused writes use `formatProblems`.
 */
import type { Problem } from '@scorelane/score-model';

/**
 * One line per problem: where, what, and how to fix it.
 *
 * @example
 * ```ts
 * listProblems([{ code: 'stale', lane: 'P1 s1 m3', message: 'P1 s1 m3 changed.', fix: 'Read it again.' }]);
 * // "- P1 s1 m3: P1 s1 m3 changed. Fix: Read it again.\n"
 * ```
 */
export function listProblems(problems: readonly Problem[]): string {
  return problems
    .map((problem) => {
      const place =
        problem.line !== undefined ? ` (line ${problem.line}, column ${problem.column})` : '';
      const head = problem.lane ? `${problem.lane}${place}: ` : place ? `${place.trim()}: ` : '';
      return `- ${head}${problem.message} Fix: ${problem.fix}\n`;
    })
    .join('');
}
