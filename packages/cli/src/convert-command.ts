/**
 * `scorelane convert IN OUT`: between score formats by extension.
 */
import { formatIssue } from '@scorelane/lanes-seq';
import { type ParsedArguments, UsageError } from './arguments.ts';
import type { CommandIo } from './io.ts';
import { checkFormat, loadFile, saveScore } from './score-file-io.ts';

/**
 * Reads IN and writes OUT in the format its extension names. This build
 * handles `.lanes` (writing the canonical form); MusicXML and MIDI are
 * refused with a usage error until their packages land.
 *
 * @returns the exit code: 0 written, 1 when IN is not a valid score.
 */
export async function convertCommand(args: ParsedArguments, io: CommandIo): Promise<number> {
  const [input, output] = args.positional;
  if (!input || !output) throw new UsageError('convert needs IN and OUT.');
  checkFormat(output);
  const loaded = await loadFile(input);
  if (loaded.kind === 'invalid') {
    io.err(
      `${input} is not valid:\n${loaded.issues.map((issue) => `- ${formatIssue(issue)}`).join('\n')}\n`,
    );
    return 1;
  }
  if (loaded.kind === 'lanes') {
    io.err(`${input} has no %% header (parts, time, key), so it is not a score to convert.\n`);
    return 1;
  }
  await saveScore(output, loaded.score);
  io.out(`Wrote ${output}.\n`);
  return 0;
}
