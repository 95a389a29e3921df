/**
 * Problems in the command line's words: the planner names the tools'
 * argument (`allow_measure_count_change: true`), which a person at the
 * command line gives as a flag.
 */
import type { Problem } from '@scorelane/score-model';

const ARGUMENTS_AS_FLAGS: readonly (readonly [string, string])[] = [
  ['allow_measure_count_change: true', '--allow-measure-count-change'],
];

/**
 * `problems` with every tool argument their fixes name spelled as its flag.
 *
 * @example
 * ```ts
 * inCommandLineWords([{ code: 'x', message: 'm3 is past the end.', fix: 'Allow it (allow_measure_count_change: true).' }])[0]?.fix;
 * // 'Allow it (--allow-measure-count-change).'
 * ```
 */
export function inCommandLineWords(problems: readonly Problem[]): Problem[] {
  return problems.map((problem) => {
    let fix = problem.fix;
    for (const [argument, flag] of ARGUMENTS_AS_FLAGS) fix = fix.split(argument).join(flag);
    return fix === problem.fix ? problem : { ...problem, fix };
  });
}
