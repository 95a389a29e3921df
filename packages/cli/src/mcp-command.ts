/**
 * `scorelane mcp [FILE] [--http] [--port N] [--read-only] [--no-save]
 * [--measures A-B [--parts 1,2]] [--export-dir DIR]`: serves the score tools
 * on one score file to an MCP client, over stdio (as Claude Desktop and
 * Claude Code start it) or over HTTP on 127.0.0.1, optionally with writes
 * limited to a range; exports are files beside FILE (or in DIR).
 */
import { readFile } from 'node:fs/promises';
import { formatGuide } from '@scorelane/lanes-seq';
import {
  type CatalogServerOptions,
  serveCatalogHttp,
  serveCatalogStdio,
} from '@scorelane/mcp-server';
import { exportMusicXmlWithinLimit, exportMxlWithinLimit } from '@scorelane/musicxml';
import type { Score } from '@scorelane/score-model';
import {
  createScoreTools,
  FORMAT_GUIDE_URI,
  type ImportWarning,
  type ScoreFileHost,
  type ScoreScopeInput,
  scoreScope,
  scoreToolsInstructions,
} from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import cliPackage from '../package.json' with { type: 'json' };
import {
  expectArguments,
  type ParsedArguments,
  parseParts,
  parseRange,
  UsageError,
} from './arguments.ts';
import { type CoalescedSaves, coalescedSaves } from './coalesced-saves.ts';
import { exampleScorePath } from './example-score.ts';
import { exportFilesBeside, temporaryExportFolder } from './export-files.ts';
import type { CommandIo } from './io.ts';
import { newCommandLine } from './new-command.ts';
import { savedScoreFile } from './saved-score-file.ts';
import { savingAfterChanges } from './saving-pipeline.ts';
import { fileExists, loadFile, warningLines } from './score-file-io.ts';
import { removeStaleTemporaryFiles, type StaleTemporaryFiles } from './stale-temporary-files.ts';

interface McpSettings {
  readonly path: string;
  /** The built-in example, which is never overwritten. */
  readonly example: boolean;
  readonly http: boolean;
  readonly port: number | undefined;
  readonly role: 'viewer' | 'editor';
  readonly save: boolean;
  /** Where writes may go (`--measures`, `--parts`); undefined: the whole score. */
  readonly scope: ScoreScopeInput | undefined;
  /** Where exports go (`--export-dir`); undefined: beside FILE (a temporary folder for the example). */
  readonly exportDir: string | undefined;
}

/**
 * Serves until the client closes stdin (stdio), or until SIGINT or SIGTERM,
 * then saves what is not saved yet before it returns.
 *
 * @returns the exit code: 0 after serving, 1 when FILE is not a valid score
 * or its last save failed.
 */
export async function mcpCommand(args: ParsedArguments, io: CommandIo): Promise<number> {
  const settings = mcpSettings(args);
  if (!settings.example && !(await fileExists(settings.path))) {
    io.err(`${settings.path} does not exist; create it first: ${newCommandLine(settings.path)}\n`);
    return 1;
  }
  const loaded = await loadScore(settings.path, io, args.flags.get('verbose') === true);
  if (loaded === undefined) return 1;
  const { score, placedWarnings } = loaded;
  const file = savedScoreFile(settings.path, await readFile(settings.path), score);
  io.err(describeSession(settings, file.originalPath));
  if (settings.save) io.err(describeStale(await removeStaleTemporaryFiles(settings.path)));
  const saves = coalescedSaves(file.save, {
    onFailure: (reason) => io.err(`scorelane mcp: saving ${settings.path} failed: ${reason}\n`),
  });
  const exportDir =
    settings.exportDir ?? (settings.example ? await temporaryExportFolder() : undefined);
  const options = serverOptions(
    settings,
    { score, importWarnings: placedWarnings },
    saves,
    exportFilesBeside(settings.path, exportDir),
  );
  if (settings.http) {
    const endpoint = await serveCatalogHttp(
      options,
      settings.port === undefined ? {} : { port: settings.port },
    );
    io.out(`MCP endpoint: ${endpoint.url}\n`);
    await untilStopped();
    await endpoint.close();
  } else {
    const handle = serveCatalogStdio(
      options,
      undefined,
      (error) => io.err(`scorelane mcp: ${error.message.split('\n', 1)[0]}\n`),
      { oversizedResultHint: OVERSIZED_RESULT_HINT },
    );
    await untilStopped(true);
    await handle.close();
  }
  return (await saves.flush()) === undefined ? 0 : 1;
}

/** The startup lines about temporary files that killed sessions left beside FILE. */
function describeStale(stale: StaleTemporaryFiles): string {
  const removed = stale.removed.map(
    (path) =>
      `scorelane mcp: removed ${path}, a save that an earlier session did not finish (the file it saves to is whole).\n`,
  );
  const kept = stale.kept.map(
    (path) =>
      `scorelane mcp: left ${path}: its process is still running; is another session saving to the same file?\n`,
  );
  return [...removed, ...kept].join('');
}

/** What an agent is told when a result is too large for one stdio message (an export of a large score). */
const OVERSIZED_RESULT_HINT =
  'To get a large score as a file, call export_score: it keeps the file and answers a link; read_measures reads the score in ranges.';

/**
 * The score FILE holds and its import warnings (printed on the error stream
 * too), or undefined after saying there why it holds none.
 */
async function loadScore(
  path: string,
  io: CommandIo,
  verbose: boolean,
): Promise<{ score: Score; placedWarnings: readonly ImportWarning[] } | undefined> {
  const loaded = await loadFile(path, 'scorelane-mcp-import');
  if (loaded.kind === 'invalid') {
    io.err(`${path} is not valid:\n${loaded.problems.map((p) => `- ${p}`).join('\n')}\n`);
    return undefined;
  }
  if (loaded.kind === 'lanes') {
    io.err(`${path} has no %% header (parts, time, key), so it is not a score to serve.\n`);
    return undefined;
  }
  io.err(warningLines(path, loaded.warnings, verbose));
  return { score: loaded.score, placedWarnings: loaded.placedWarnings };
}

/** The score tools on `score` (told its import warnings), saving soon after each change unless told not to, and the guide. */
function serverOptions(
  settings: McpSettings,
  { score, importWarnings }: { score: Score; importWarnings: readonly ImportWarning[] },
  saves: CoalescedSaves,
  files: ScoreFileHost,
): CatalogServerOptions {
  const tools = createScoreTools({
    score,
    importWarnings,
    undo: createUndoController(score.doc),
    role: settings.role,
    exporters: { musicxml: exportMusicXmlWithinLimit, mxl: exportMxlWithinLimit },
    files,
    ...(settings.scope === undefined ? {} : { scope: settings.scope }),
  });
  return {
    pipeline: settings.save ? savingAfterChanges(tools.pipeline, saves) : tools.pipeline,
    role: settings.role,
    name: 'scorelane',
    version: cliPackage.version,
    instructions: scoreToolsInstructions(),
    resources: [
      {
        uri: FORMAT_GUIDE_URI,
        name: 'lanes-seq',
        title: 'The lanes-seq format',
        description: 'How read_measures prints music and rewrite_measures reads it.',
        mimeType: 'text/markdown',
        read: () => formatGuide(),
      },
    ],
  };
}

function mcpSettings(args: ParsedArguments): McpSettings {
  expectArguments(args, 'mcp', {
    positional: ['FILE'],
    flags: ['http', 'port', 'read-only', 'no-save', 'measures', 'parts', 'export-dir'],
  });
  const http = args.flags.get('http') === true;
  const portText = args.flags.get('port');
  if (portText !== undefined && !http) {
    throw new UsageError('--port is for --http; over stdio there is no port.');
  }
  const port = portText === undefined ? undefined : parsePort(String(portText));
  const path = args.positional[0] ?? exampleScorePath();
  const example = path === exampleScorePath();
  return {
    example,
    path,
    http,
    port,
    role: args.flags.get('read-only') === true ? 'viewer' : 'editor',
    save: !example && args.flags.get('no-save') !== true,
    scope: scopeOf(args),
    exportDir: exportDirOf(args),
  };
}

/** The folder `--export-dir DIR` names, or undefined. */
function exportDirOf(args: ParsedArguments): string | undefined {
  const dir = args.flags.get('export-dir');
  if (dir === true)
    throw new UsageError('--export-dir takes a folder, such as --export-dir exports.');
  return dir;
}

/** The write scope `--measures A-B [--parts 1,2]` sets, or undefined for the whole score. */
function scopeOf(args: ParsedArguments): ScoreScopeInput | undefined {
  const measures = args.flags.get('measures');
  const parts = args.flags.get('parts');
  if (measures === undefined) {
    if (parts !== undefined) {
      throw new UsageError('--parts limits the writes of a --measures range; give --measures too.');
    }
    return undefined;
  }
  if (measures === true) throw new UsageError('--measures takes a range such as 5-8.');
  if (parts === true) throw new UsageError('--parts takes part numbers such as 1,2.');
  return {
    measures: parseRange(measures),
    ...(parts === undefined ? {} : { parts: parseParts(parts) }),
  };
}

function parsePort(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) {
    throw new UsageError(`--port takes a port number from 0 to 65535, not "${text}".`);
  }
  return Number(text);
}

function describeSession(settings: McpSettings, originalPath: string): string {
  const what = settings.example ? 'the built-in example' : settings.path;
  if (settings.role === 'viewer') return `scorelane mcp: serving ${what} (read-only).\n`;
  const saving = settings.save
    ? `changes are saved to ${settings.path} soon after each call and before exit, the opened file kept as ${originalPath}`
    : 'changes stay in memory';
  const scope =
    settings.scope === undefined
      ? ''
      : `; writes limited to ${scoreScope(settings.scope).label}, reads anywhere`;
  return `scorelane mcp: serving ${what} (read and write${scope}; ${saving}).\n`;
}

/** Resolves on SIGINT or SIGTERM, or, with `stdin`, when the client closes standard input. */
function untilStopped(stdin = false): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stdin.off('end', stop);
      process.stdin.off('close', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (stdin) {
      process.stdin.once('end', stop);
      process.stdin.once('close', stop);
    }
  });
}
