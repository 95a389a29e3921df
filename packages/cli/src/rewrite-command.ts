/**
 * `scorelane rewrite FILE --start N [--parts 1,2] (--lanes-seq TEXT | --from PATH)
 * [--time 3/4] [--allow-measure-count-change] [-o OUT]`.
 */
import { apply, formatProblems, plan } from '@scorelane/score-model';
import {
  expectArguments,
  type ParsedArguments,
  parseParts,
  parsePositive,
  UsageError,
} from './arguments.ts';
import { inCommandLineWords } from './command-line-wording.ts';
import { exampleScorePath } from './example-score.ts';
import type { CommandIo } from './io.ts';
import { saveAndReport } from './save-and-report.ts';
import { checkWritable, loadFile, readTextFile, warningLines } from './score-file-io.ts';

/** `--time 3/4`: the time signature of the measures the rewrite writes. */
function parseTime(flag: string | true): { beats: number; beatType: number } {
  const match = typeof flag === 'string' ? /^(\d{1,2})\/(\d{1,2})$/.exec(flag) : null;
  if (!match) throw new UsageError('--time takes a time signature such as 3/4 or 6/8.');
  return { beats: Number(match[1]), beatType: Number(match[2]) };
}

/**
 * Plans the rewrite against the score file and, when it is accepted, writes
 * the result to `-o OUT` (or back to FILE). A refused plan prints the
 * `Nothing was changed.` message on stdout, exits 1 and writes no file.
 *
 * @returns the exit code: 0 written, 1 refused.
 */
export async function rewriteCommand(args: ParsedArguments, io: CommandIo): Promise<number> {
  expectArguments(args, 'rewrite', {
    positional: ['FILE'],
    flags: ['start', 'parts', 'lanes-seq', 'from', 'time', 'allow-measure-count-change', 'output'],
  });
  const [file] = args.positional;
  if (!file) throw new UsageError('rewrite needs a FILE.');
  const startFlag = args.flags.get('start');
  if (typeof startFlag !== 'string') throw new UsageError('rewrite needs --start N.');
  const start = parsePositive('start', startFlag);
  const inline = args.flags.get('lanes-seq');
  const from = args.flags.get('from');
  if ((typeof inline === 'string') === (typeof from === 'string')) {
    throw new UsageError('rewrite needs exactly one of --lanes-seq TEXT and --from PATH.');
  }
  const timeFlag = args.flags.get('time');
  const time = timeFlag === undefined ? undefined : parseTime(timeFlag);
  const partsFlag = args.flags.get('parts');
  const parts = typeof partsFlag === 'string' ? parseParts(partsFlag) : undefined;
  const outFlag = args.flags.get('output');
  if (typeof outFlag !== 'string' && file === exampleScorePath()) {
    throw new UsageError(
      'The built-in example is read-only: give -o OUT to write the rewritten score to a file of your own.',
    );
  }
  const out = typeof outFlag === 'string' ? outFlag : file;
  checkWritable(out);
  // lanes-seq never uses a backslash, so `\n` in --lanes-seq can only mean a line break.
  const text =
    typeof inline === 'string' ? inline.replace(/\\n/g, '\n') : await readTextFile(from as string);
  const loaded = await loadFile(file);
  if (loaded.kind !== 'score') {
    const why =
      loaded.kind === 'invalid'
        ? loaded.problems.map((problem) => `- ${problem}`).join('\n')
        : `- ${file} has no %% header (parts, time, key), so it is not a score to rewrite.`;
    io.out(`Nothing was changed. ${file} is not a valid score file:\n${why}\n`);
    return 1;
  }
  io.err(warningLines(file, loaded.warnings, args.flags.get('verbose') === true));
  const { score } = loaded;
  const planned = plan(score, {
    start,
    text,
    ...(parts ? { parts } : {}),
    ...(time ? { time } : {}),
    allowMeasureCountChange: args.flags.get('allow-measure-count-change') === true,
  });
  if (!planned.ok) {
    io.out(formatProblems(inCommandLineWords(planned.problems)));
    return 1;
  }
  const applied = apply(score, planned.plan);
  if (!applied.ok) {
    io.out(formatProblems(inCommandLineWords(applied.problems)));
    return 1;
  }
  if (!(await saveAndReport(io, out, score, args.flags.get('verbose') === true))) return 1;
  const { range, changes, repairs, addedMeasures } = planned.plan;
  const units = changes.length;
  const added =
    addedMeasures > 0 ? `, added ${addedMeasures} measure${addedMeasures === 1 ? '' : 's'}` : '';
  io.out(
    `Rewrote m${range.start}-m${range.end}, parts ${applied.parts.join(',')} (${units} unit${units === 1 ? '' : 's'}${added}) into ${out}.\n`,
  );
  for (const repair of repairs) io.out(`Repaired: ${repair.message}\n`);
  for (const dropped of planned.plan.dropped) io.out(`Dropped: ${dropped.message}\n`);
  for (const split of planned.plan.splits) {
    io.out(
      `Note: ${split.lane} event ${split.event} is printed as ${split.values.length} tied values.\n`,
    );
  }
  return 0;
}
