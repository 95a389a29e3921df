/**
 * Reading the command line: a command, positional arguments, and flags.
 */

/** Flags that take no value. */
const SWITCHES = new Set([
  'allow-measure-count-change',
  'help',
  'http',
  'read-only',
  'no-save',
  'verbose',
  'version',
]);

/** Short flags and the long flags they stand for. */
const SHORT: Readonly<Record<string, string>> = { o: 'output', h: 'help', v: 'version' };

/**
 * A parsed command line.
 *
 * @example
 * ```ts
 * parseArguments(['read', 'score.lanes', '--measures', '1-4']);
 * // { command: 'read', positional: ['score.lanes'], flags: Map { 'measures' => '1-4' } }
 * ```
 */
export interface ParsedArguments {
  readonly command: string | undefined;
  readonly positional: readonly string[];
  readonly flags: ReadonlyMap<string, string | true>;
}

/** A usage error: the command line itself is wrong. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * Splits `argv` (without `node` and the script) into a command, positional
 * arguments and flags (`--name value`, `--name=value`, `-o value`).
 *
 * @throws UsageError for a flag given without its value, or given twice.
 * @example
 * ```ts
 * parseArguments(['rewrite', 'a.lanes', '--start=3', '-o', 'b.lanes']).flags.get('output'); // 'b.lanes'
 * ```
 */
export function parseArguments(argv: readonly string[]): ParsedArguments {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const long = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(argument);
    const short = /^-([a-z])$/.exec(argument);
    const name = long ? long[1]! : short ? SHORT[short[1]!] : undefined;
    if (!name) {
      positional.push(argument);
      continue;
    }
    if (flags.has(name)) throw new UsageError(`--${name} is given twice; give it once.`);
    if (SWITCHES.has(name)) {
      flags.set(name, true);
      continue;
    }
    const value = long?.[2] ?? argv[++index];
    if (value === undefined) throw new UsageError(`${argument} needs a value.`);
    flags.set(name, value);
  }
  const [command, ...rest] = positional;
  return { command, positional: rest, flags };
}

/**
 * A 1-based inclusive range from `"3-8"` or `"5"`.
 *
 * @throws UsageError when the text is not one.
 * @example
 * ```ts
 * parseRange('3-8'); // { start: 3, end: 8 }
 * ```
 */
export function parseRange(text: string): { start: number; end: number } {
  const match = /^([1-9]\d*)(?:-([1-9]\d*))?$/.exec(text);
  if (!match)
    throw new UsageError(`--measures takes a measure or a range such as 3-8, not "${text}".`);
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : start;
  if (end < start) throw new UsageError(`--measures ${text} ends before it starts.`);
  return { start, end };
}

/**
 * Part numbers from `"1,3"`.
 *
 * @throws UsageError when the text is not a comma-separated list of positive numbers.
 * @example
 * ```ts
 * parseParts('1,3'); // [1, 3]
 * ```
 */
export function parseParts(text: string): number[] {
  if (!/^[1-9]\d*(,[1-9]\d*)*$/.test(text)) {
    throw new UsageError(
      `--parts takes part numbers separated by commas, such as 1,2, not "${text}".`,
    );
  }
  return text.split(',').map(Number);
}

/**
 * A positive whole number from a flag's text.
 *
 * @throws UsageError otherwise.
 */
export function parsePositive(flag: string, text: string): number {
  if (!/^[1-9]\d*$/.test(text))
    throw new UsageError(`--${flag} takes a measure number, not "${text}".`);
  return Number(text);
}

/** How far apart two short words are: the number of single-letter edits between them. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Refuses what a command does not take: more positional arguments than it
 * names, or a flag it has no use for (with the nearest flag it does take, when
 * one is close: a typo must not be ignored silently).
 *
 * @throws UsageError naming the argument or flag.
 * @example
 * ```ts
 * expectArguments(args, 'read', { positional: ['FILE'], flags: ['measures', 'parts'] });
 * ```
 */
export function expectArguments(
  args: ParsedArguments,
  command: string,
  expected: { readonly positional: readonly string[]; readonly flags: readonly string[] },
): void {
  const extra = args.positional[expected.positional.length];
  if (extra !== undefined) {
    throw new UsageError(
      `${command} takes ${expected.positional.join(' and ')}; "${extra}" is one argument too many.`,
    );
  }
  for (const flag of args.flags.keys()) {
    if (flag === 'help' || flag === 'verbose' || expected.flags.includes(flag)) continue;
    const nearest = expected.flags.find((known) => editDistance(known, flag) <= 2);
    throw new UsageError(
      `${command} has no --${flag} option${nearest ? `; did you mean --${nearest}?` : '.'}`,
    );
  }
}
