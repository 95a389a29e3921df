/**
 * `scorelane new FILE --parts "Violin,Viola,Cello" [--time 3/4] [--key "D major"]
 * [--tempo 96] [--measures 16] [--title T] [--composer T] ...`: a new, empty
 * score, written as `.musicxml`, `.mxl` or `.lanes` by FILE's extension.
 */
import { createScore, pickTexts, SCORE_TEXT_FIELDS } from '@scorelane/score-model';
import { newScore } from '@scorelane/score-tools';
import * as Y from 'yjs';
import { expectArguments, type ParsedArguments, UsageError } from './arguments.ts';
import type { CommandIo } from './io.ts';
import { saveAndReport } from './save-and-report.ts';
import { checkWritable, fileExists } from './score-file-io.ts';

/**
 * The command line that creates FILE, for a message about a missing score.
 *
 * @example
 * ```ts
 * newCommandLine('quartet.musicxml'); // 'scorelane new quartet.musicxml --parts "Violin,Piano" ...'
 * ```
 */
export function newCommandLine(file: string): string {
  return `scorelane new ${JSON.stringify(file)} --parts "Violin,Piano" [--time 4/4] [--key "C major"] [--tempo 96] [--measures 16] [--title T]`;
}

/**
 * Writes a new score to FILE; refuses (exit 1, writing nothing) a FILE that
 * exists, an instrument not in the table, or a time, key, tempo or count
 * that cannot be.
 *
 * @returns the exit code: 0 written, 1 refused.
 * @example
 * ```ts
 * await newCommand(parseArguments(['new', 'trio.musicxml', '--parts', 'Violin,Cello,Piano']), io);
 * ```
 */
export async function newCommand(args: ParsedArguments, io: CommandIo): Promise<number> {
  expectArguments(args, 'new', {
    positional: ['FILE'],
    flags: ['parts', 'time', 'key', 'tempo', 'measures', ...SCORE_TEXT_FIELDS],
  });
  const [file] = args.positional;
  if (!file) throw new UsageError('new needs a FILE.');
  const partsFlag = args.flags.get('parts');
  if (typeof partsFlag !== 'string') {
    throw new UsageError('new needs --parts, instrument names such as "Violin,Viola,Cello".');
  }
  checkWritable(file);
  const text = (name: string) => {
    const value = args.flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const number = (name: string) => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!/^\d{1,6}$/.test(value))
      throw new UsageError(`--${name} takes a whole number, not "${value}".`);
    return Number(value);
  };
  const texts = pickTexts(Object.fromEntries(args.flags));
  const time = text('time');
  const key = text('key');
  const tempo = number('tempo');
  const measures = number('measures');
  const made = newScore({
    parts: partsFlag.split(',').map((name) => name.trim()),
    ...(time === undefined ? {} : { time }),
    ...(key === undefined ? {} : { key }),
    ...(tempo === undefined ? {} : { tempo }),
    ...(measures === undefined ? {} : { measures }),
    ...texts,
  });
  if (!made.ok) {
    io.out(`Nothing was written:\n${made.problems.map((problem) => `- ${problem}`).join('\n')}\n`);
    return 1;
  }
  if (await fileExists(file)) {
    io.out(`Nothing was written: ${file} exists already. Give a FILE that does not exist.\n`);
    return 1;
  }
  const score = createScore(new Y.Doc(), made.init, { origin: 'scorelane-cli' });
  if (!(await saveAndReport(io, file, score, args.flags.get('verbose') === true))) return 1;
  const names = made.init.parts.map((part) => part.name).join(', ');
  io.out(`Wrote ${file}: ${made.init.measures.length} measures for ${names}.\n`);
  return 0;
}
