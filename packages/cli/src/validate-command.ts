/**
 * `scorelane validate FILE`: every measure of a score, every line of a
 * lanes-seq file.
 */
import { validate } from '@scorelane/score-model';
import { expectArguments, type ParsedArguments, UsageError } from './arguments.ts';
import type { CommandIo } from './io.ts';
import { listProblems } from './list-problems.ts';
import { loadFile, warningLines } from './score-file-io.ts';

/**
 * Checks a file: its syntax and, for a score file, every unit against the
 * planner's rules (fill, notatable durations, tuplets, ties).
 *
 * @returns the exit code: 0 clean, 1 with the problems listed.
 */
export async function validateCommand(args: ParsedArguments, io: CommandIo): Promise<number> {
  expectArguments(args, 'validate', { positional: ['FILE'], flags: [] });
  const [file] = args.positional;
  if (!file) throw new UsageError('validate needs a FILE.');
  const loaded = await loadFile(file);
  if (loaded.kind === 'invalid') {
    const count = loaded.problems.length;
    io.out(`${file}: ${count} problem${count === 1 ? '' : 's'}:\n`);
    io.out(loaded.problems.map((problem) => `- ${problem}\n`).join(''));
    return 1;
  }
  if (loaded.kind === 'lanes') {
    io.out(`${file}: valid lanes-seq, ${loaded.document.lanes.length} lanes.\n`);
    return 0;
  }
  io.err(warningLines(file, loaded.warnings, args.flags.get('verbose') === true));
  const checked = validate(loaded.score);
  if (!checked.ok) {
    const count = checked.problems.length;
    io.out(
      `${file}: ${count} problem${count === 1 ? '' : 's'}:\n${listProblems(checked.problems)}`,
    );
    return 1;
  }
  io.out(`${file}: valid, ${checked.measures} measures.\n`);
  return 0;
}
