/**
 * The `scorelane` command: the composition root that wires the packages into
 * commands.
 */
import cliPackage from '../package.json' with { type: 'json' };
import { parseArguments, UsageError } from './arguments.ts';
import { convertCommand } from './convert-command.ts';
import { exampleScorePath } from './example-score.ts';
import { infoCommand } from './info-command.ts';
import type { CommandIo } from './io.ts';
import { mcpCommand } from './mcp-command.ts';
import { newCommand } from './new-command.ts';
import { readCommand } from './read-command.ts';
import { rewriteCommand } from './rewrite-command.ts';
import { FileError } from './score-file-io.ts';
import { validateCommand } from './validate-command.ts';

/**
 * The help text, printed for `--help` and after a usage error.
 *
 * @example
 * ```ts
 * process.stdout.write(USAGE);
 * ```
 */
export const USAGE = `Usage: scorelane <command> [arguments]

  read FILE [--measures A-B] [--parts 1,2]
      Print measures as lanes-seq with % context lines.
  rewrite FILE --start N [--parts 1,2] (--lanes-seq TEXT | --from PATH)
          [--time 3/4] [--allow-measure-count-change] [-o OUT]
      Replace measures (--time: the measures written take that time
      signature); a refused rewrite exits 1, prints "Nothing was changed."
      and writes no file.
  validate FILE
      Check every measure of a score, every line of a lanes-seq file.
  info FILE [--title T] [--subtitle T] [--composer T] [--lyricist T]
       [--arranger T] [--copyright T] [-o OUT]
      Print the title and credits; with a flag, set them ("" removes one)
      and write the score to OUT (or back to FILE).
  new FILE --parts "Violin,Viola,Cello" [--time 3/4] [--key "D major"]
      [--tempo 96] [--measures 16] [--title T] [--composer T]
      Write a new, empty score (.musicxml, .mxl or .lanes by extension),
      its parts by instrument name.
  convert IN OUT
      Convert by extension: reads .lanes, .musicxml, .xml, .mxl;
      writes .lanes, .musicxml, .xml and .mid.
  mcp [FILE] [--http] [--port N] [--read-only] [--no-save]
      [--measures A-B [--parts 1,2]] [--export-dir DIR]
      Serve the score tools on FILE to an MCP client: over stdio, or with
      --http on http://127.0.0.1:PORT/mcp (first free port from 8642 to 8651
      unless --port). Each change is saved to FILE (the opened file is kept
      as FILE.orig); --no-save keeps changes in memory; --read-only serves
      the viewer's tools; --measures (and --parts) limit every write to that
      range (a write reaching outside is refused, changing nothing).
      export_score writes FILE's stem + .export.musicxml, .mxl or .mid beside
      FILE (or in DIR) and links to it. Without FILE, the built-in example,
      in memory.

FILE may be "example" for the built-in example score. Every command takes
--verbose to list every warning about a file (otherwise: how many, and the
first). --help (-h) prints this text; --version (-v) prints the version.
`;

/**
 * Runs one command line and returns its exit code: 0 success, 1 refused or
 * invalid input, 2 a usage error.
 *
 * @example
 * ```ts
 * const code = await run(['read', 'example', '--measures', '1-2'], {
 *   out: (text) => process.stdout.write(text),
 *   err: (text) => process.stderr.write(text),
 * });
 * ```
 */
export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  try {
    const parsed = parseArguments(argv);
    const args = {
      ...parsed,
      positional: parsed.positional.map((path, index) =>
        path === 'example' && !(parsed.command === 'convert' && index === 1)
          ? exampleScorePath()
          : path,
      ),
    };
    if (args.flags.get('version') === true) {
      io.out(`${cliPackage.version}\n`);
      return 0;
    }
    if (args.flags.get('help') === true || args.command === undefined || args.command === 'help') {
      io.out(USAGE);
      return args.command === undefined && args.flags.get('help') !== true ? 2 : 0;
    }
    switch (args.command) {
      case 'read':
        return await readCommand(args, io);
      case 'rewrite':
        return await rewriteCommand(args, io);
      case 'validate':
        return await validateCommand(args, io);
      case 'info':
        return await infoCommand(args, io);
      case 'new':
        return await newCommand(args, io);
      case 'convert':
        return await convertCommand(args, io);
      case 'mcp':
        return await mcpCommand(args, io);
      default:
        throw new UsageError(`Unknown command "${args.command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof FileError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
