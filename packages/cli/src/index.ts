/**
 * `@scorelane/cli`: the `scorelane` command, also callable in-process.
 */
export { exampleScorePath } from './example-score.ts';
export type { CommandIo } from './io.ts';
export { run, USAGE } from './run.ts';
