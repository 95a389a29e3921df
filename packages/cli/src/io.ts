/**
 * Where a command's output goes, so tests can run commands in-process.
 */

/**
 * The output streams of a command.
 *
 * @example
 * ```ts
 * const io: CommandIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };
 * ```
 */
export interface CommandIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}
