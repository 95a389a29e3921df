/**
 * `scorelane convert IN OUT`: between score formats by extension.
 */
import type { ExportLimit } from '@scorelane/musicxml';
import { expectArguments, type ParsedArguments, UsageError } from './arguments.ts';
import type { CommandIo } from './io.ts';
import { saveAndReport } from './save-and-report.ts';
import { checkWritable, loadFile, warningLines } from './score-file-io.ts';

/**
 * Reads IN and writes OUT in the format its extension names: `.lanes`
 * (canonical form), MusicXML (`.musicxml`, `.xml`; read from `.mxl` too) and
 * MIDI (`.mid`, written only). What a format cannot hold is reported as a
 * warning on the error stream.
 *
 * MusicXML past the size scorelane reads is not written (`limit` lowers
 * that size, for tests).
 *
 * @returns the exit code: 0 written, 1 when IN is not a valid score or OUT would be too large to read again.
 */
export async function convertCommand(
  args: ParsedArguments,
  io: CommandIo,
  limit: ExportLimit = {},
): Promise<number> {
  expectArguments(args, 'convert', { positional: ['IN', 'OUT'], flags: [] });
  const [input, output] = args.positional;
  if (!input || !output) throw new UsageError('convert needs IN and OUT.');
  checkWritable(output);
  const loaded = await loadFile(input);
  if (loaded.kind === 'invalid') {
    io.err(
      `${input} is not valid:\n${loaded.problems.map((problem) => `- ${problem}`).join('\n')}\n`,
    );
    return 1;
  }
  if (loaded.kind === 'lanes') {
    io.err(`${input} has no %% header (parts, time, key), so it is not a score to convert.\n`);
    return 1;
  }
  io.err(warningLines(input, loaded.warnings, args.flags.get('verbose') === true));
  const verbose = args.flags.get('verbose') === true;
  if (!(await saveAndReport(io, output, loaded.score, verbose, limit))) return 1;
  io.out(`Wrote ${output}.\n`);
  return 0;
}
