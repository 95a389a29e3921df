/**
 * `scorelane info FILE [--title T] [--subtitle T] [--composer T] [--lyricist T]
 * [--arranger T] [--copyright T] [-o OUT]`: the score's title and credits,
 * shown, or set as `set_score_info` sets them.
 */
import {
  apply,
  formatProblems,
  pickTexts,
  planSetTexts,
  SCORE_TEXT_FIELDS,
  type ScoreTextField,
  scoreInfo,
} from '@scorelane/score-model';
import { expectArguments, type ParsedArguments, UsageError } from './arguments.ts';
import { exampleScorePath } from './example-score.ts';
import type { CommandIo } from './io.ts';
import { saveAndReport } from './save-and-report.ts';
import { checkWritable, loadFile, warningLines } from './score-file-io.ts';

/** The lines `info` prints: one per text the score has. */
function textLines(texts: { readonly [K in ScoreTextField]?: string }): string {
  const lines = SCORE_TEXT_FIELDS.flatMap((field) =>
    texts[field] === undefined ? [] : [`${field}: ${texts[field]}\n`],
  );
  return lines.length > 0 ? lines.join('') : 'The score has no title or credits.\n';
}

/**
 * Prints the score's texts; with any text flag, sets them (`""` removes
 * one) and writes the score to `-o OUT` (or back to FILE). A refused change
 * prints `Nothing was changed.`, exits 1 and writes no file.
 *
 * @returns the exit code: 0 shown or written, 1 refused.
 * @example
 * ```ts
 * await infoCommand(parseArguments(['info', 'a.musicxml', '--title', 'Sonatina']), io);
 * ```
 */
export async function infoCommand(args: ParsedArguments, io: CommandIo): Promise<number> {
  expectArguments(args, 'info', { positional: ['FILE'], flags: [...SCORE_TEXT_FIELDS, 'output'] });
  const [file] = args.positional;
  if (!file) throw new UsageError('info needs a FILE.');
  const texts = pickTexts(Object.fromEntries(args.flags));
  const setting = Object.keys(texts).length > 0;
  const outFlag = args.flags.get('output');
  if (setting && typeof outFlag !== 'string' && file === exampleScorePath()) {
    throw new UsageError(
      'The built-in example is read-only: give -o OUT to write the score to a file of your own.',
    );
  }
  const out = typeof outFlag === 'string' ? outFlag : file;
  if (setting) checkWritable(out);
  const loaded = await loadFile(file);
  if (loaded.kind !== 'score') {
    const why =
      loaded.kind === 'invalid'
        ? loaded.problems.map((problem) => `- ${problem}`).join('\n')
        : `- ${file} has no %% header (parts, time, key), so it is not a score.`;
    io.out(`Nothing was changed. ${file} is not a valid score file:\n${why}\n`);
    return 1;
  }
  const verbose = args.flags.get('verbose') === true;
  io.err(warningLines(file, loaded.warnings, verbose));
  const { score } = loaded;
  if (!setting) {
    io.out(textLines(scoreInfo(score)));
    return 0;
  }
  const planned = planSetTexts(score, { texts });
  if (!planned.ok) {
    io.out(formatProblems(planned.problems));
    return 1;
  }
  const applied = apply(score, planned.plan);
  if (!applied.ok) {
    io.out(formatProblems(applied.problems));
    return 1;
  }
  if (!(await saveAndReport(io, out, score, verbose))) return 1;
  io.out(`Wrote ${out}:\n${textLines(scoreInfo(score))}`);
  return 0;
}
