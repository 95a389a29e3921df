/**
 * `scorelane read FILE [--measures A-B] [--parts 1,2]`: lanes-seq with `%`
 * context lines.
 */
import { serialize } from '@scorelane/lanes-seq';
import { MAX_READ_MEASURES, readMeasures } from '@scorelane/score-model';
import {
  expectArguments,
  type ParsedArguments,
  parseParts,
  parseRange,
  UsageError,
} from './arguments.ts';
import type { CommandIo } from './io.ts';
import { listProblems } from './list-problems.ts';
import { loadFile, warningLines } from './score-file-io.ts';

/**
 * Prints the measures of a score file, 64 at a time, each block with its
 * context lines and revision; a plain lanes-seq file is printed in canonical
 * form, filtered the same way.
 *
 * @returns the exit code: 0, or 1 when the file or the range is wrong.
 */
export async function readCommand(args: ParsedArguments, io: CommandIo): Promise<number> {
  expectArguments(args, 'read', { positional: ['FILE'], flags: ['measures', 'parts'] });
  const [file] = args.positional;
  if (!file) throw new UsageError('read needs a FILE.');
  const measures = args.flags.get('measures');
  const partsFlag = args.flags.get('parts');
  const range = typeof measures === 'string' ? parseRange(measures) : undefined;
  const parts = typeof partsFlag === 'string' ? parseParts(partsFlag) : undefined;
  const loaded = await loadFile(file);
  if (loaded.kind === 'invalid') {
    io.err(
      `${file} is not valid:\n${loaded.problems.map((problem) => `- ${problem}`).join('\n')}\n`,
    );
    return 1;
  }
  if (loaded.kind === 'lanes') {
    const lanes = loaded.document.lanes.filter(
      (lane) =>
        (!range || (lane.measure >= range.start && lane.measure <= range.end)) &&
        (!parts || parts.includes(lane.part)),
    );
    io.out(serialize({ lanes }));
    return 0;
  }
  io.err(warningLines(file, loaded.warnings, args.flags.get('verbose') === true));
  const probe = readMeasures(loaded.score, { start: 1, end: 1 });
  const count = probe.ok ? probe.context.measureCount : 0;
  if (range && range.end > count) {
    io.err(
      `Measures ${range.start}-${range.end} are not a range of ${file}, which has measures 1-${count}: give --measures within 1-${count}.\n`,
    );
    return 1;
  }
  const start = range?.start ?? 1;
  const end = range?.end ?? count;
  for (let from = start; from <= end; from += MAX_READ_MEASURES) {
    const to = Math.min(end, from + MAX_READ_MEASURES - 1);
    const read = readMeasures(loaded.score, { start: from, end: to, ...(parts ? { parts } : {}) });
    if (!read.ok) {
      io.err(`Cannot read ${file}:\n${listProblems(read.problems)}`);
      return 1;
    }
    io.out(read.text);
  }
  return 0;
}
