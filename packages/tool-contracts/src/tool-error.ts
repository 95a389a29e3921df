/**
 * Every way a tool call can fail, as a value. One code per kind of failure,
 * each carrying a one-line `message` and the full list of `problems`, so an
 * agent can fix every mistake in one retry instead of one per call.
 */

/**
 * The documented error codes, in the order the pipeline can produce them.
 *
 * | code | meaning |
 * | --- | --- |
 * | `permission_denied` | the caller's role does not grant the tool's permission |
 * | `not_found` | no tool of that name, or the tool's target does not exist |
 * | `invalid_arguments` | the arguments do not match the input schema, or an `idempotency_key` was reused with other arguments |
 * | `out_of_scope` | the write would touch something outside the scope the host set for the caller |
 * | `stale_revision` | the write carried a `revision` and what it replaces changed since |
 * | `limit_exceeded` | the call asks for more than the tool allows (too many items, too large) |
 * | `nothing_changed` | the tool checked the write and refused it; every problem is listed |
 * | `internal` | the tool threw or returned an output that breaks its own schema |
 *
 * @example
 * ```ts
 * TOOL_ERROR_CODES.includes('stale_revision'); // true
 * ```
 */
export const TOOL_ERROR_CODES = [
  'permission_denied',
  'not_found',
  'invalid_arguments',
  'out_of_scope',
  'stale_revision',
  'limit_exceeded',
  'nothing_changed',
  'internal',
] as const;

/**
 * One of {@link TOOL_ERROR_CODES}.
 *
 * @example
 * ```ts
 * const code: ToolErrorCode = 'not_found';
 * ```
 */
export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

/**
 * One thing wrong with a call: where (`path`, a field such as `items[2].title`,
 * left out when the problem is the call as a whole), what, and how to fix it.
 *
 * @example
 * ```ts
 * const problem: ToolProblem = {
 *   path: 'count',
 *   message: 'Expected an integer, received 1.5.',
 *   hint: 'Use a whole number.',
 * };
 * ```
 */
export interface ToolProblem {
  readonly path?: string;
  readonly message: string;
  readonly hint?: string;
}

/**
 * A tool failure with code `C`. {@link ToolError} is the union of these,
 * discriminated on `code`.
 *
 * @example
 * ```ts
 * const stale: ToolErrorOf<'stale_revision'> = {
 *   code: 'stale_revision',
 *   message: 'The target changed since revision r4.',
 *   problems: [{ message: 'Item 3 was edited at r5.', hint: 'Read it again, then retry.' }],
 * };
 * ```
 */
export interface ToolErrorOf<C extends ToolErrorCode> {
  readonly code: C;
  readonly message: string;
  readonly problems: readonly ToolProblem[];
}

/**
 * A tool failure: a union discriminated on `code`.
 *
 * @example
 * ```ts
 * function isRetryable(error: ToolError): boolean {
 *   switch (error.code) {
 *     case 'stale_revision':
 *     case 'invalid_arguments':
 *       return true;
 *     default:
 *       return false;
 *   }
 * }
 * ```
 */
export type ToolError = { [C in ToolErrorCode]: ToolErrorOf<C> }[ToolErrorCode];

/**
 * Builds a {@link ToolError}. Throws a `TypeError` for a code outside
 * {@link TOOL_ERROR_CODES} or an empty message: those are bugs in the caller.
 *
 * @example
 * ```ts
 * const error = toolError('limit_exceeded', 'At most 64 items per call.', [
 *   { path: 'count', message: 'Asked for 100 items.', hint: 'Split the call in two.' },
 * ]);
 * ```
 */
export function toolError<C extends ToolErrorCode>(
  code: C,
  message: string,
  problems: readonly ToolProblem[] = [],
): ToolErrorOf<C> {
  if (!isToolErrorCode(code)) {
    throw new TypeError(`Unknown tool error code ${JSON.stringify(code)}.`);
  }
  if (typeof message !== 'string' || message.trim() === '') {
    throw new TypeError('A tool error needs a non-empty message.');
  }
  return { code, message, problems: problems.map(copyProblem) };
}

/**
 * Whether `value` is one of {@link TOOL_ERROR_CODES}.
 *
 * @example
 * ```ts
 * isToolErrorCode('internal'); // true
 * isToolErrorCode('oops'); // false
 * ```
 */
export function isToolErrorCode(value: unknown): value is ToolErrorCode {
  return typeof value === 'string' && (TOOL_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Whether `value` has the shape of a {@link ToolError}: a known code, a
 * string message and an array of problems with string messages.
 *
 * @example
 * ```ts
 * isToolError({ code: 'not_found', message: 'No item 7.', problems: [] }); // true
 * isToolError(new Error('boom')); // false
 * ```
 */
export function isToolError(value: unknown): value is ToolError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    isToolErrorCode(candidate.code) &&
    typeof candidate.message === 'string' &&
    Array.isArray(candidate.problems) &&
    candidate.problems.every(
      (problem: unknown) =>
        typeof problem === 'object' &&
        problem !== null &&
        typeof (problem as Record<string, unknown>).message === 'string',
    )
  );
}

/**
 * The first line of every refused write, exactly.
 *
 * @example
 * ```ts
 * invocation.result.content[0]?.text.startsWith(NOTHING_WAS_CHANGED);
 * ```
 */
export const NOTHING_WAS_CHANGED = 'Nothing was changed.';

/**
 * How many problems {@link formatToolError} lists before it says how many more
 * there are.
 *
 * @example
 * ```ts
 * formatToolError(error).split('\n').length <= MAX_LISTED_PROBLEMS + 4; // true
 * ```
 */
export const MAX_LISTED_PROBLEMS = 50;

/**
 * Options for {@link formatToolError}.
 *
 * @example
 * ```ts
 * const options: FormatToolErrorOptions = { nothingChanged: true };
 * ```
 */
export interface FormatToolErrorOptions {
  /**
   * The call was a write and the target is known to be untouched: the text
   * then starts with exactly `Nothing was changed.` on a line of its own.
   */
  readonly nothingChanged?: boolean;
  /**
   * The call was a write that failed (`internal`) after the target may have
   * changed: the text then ends with {@link MAY_HAVE_CHANGED} on a line of its
   * own, so the agent reads again instead of assuming either outcome.
   */
  readonly mayHaveChanged?: boolean;
  /**
   * The target's revision after the call, when the host has one: the text
   * then ends with {@link revisionNowLine}'s line, so an agent refused as
   * stale can retry against it without reading first.
   */
  readonly revisionNow?: string | null;
}

/**
 * The last line of a write that failed after it may have written something.
 *
 * @example
 * ```ts
 * invocation.result.content[0]?.text.endsWith(MAY_HAVE_CHANGED);
 * ```
 */
export const MAY_HAVE_CHANGED =
  'This call may have changed something: read the target again before you retry.';

/**
 * The last line of a failed call's text when the host has a revision: what
 * the revision is after the call.
 *
 * @example
 * ```ts
 * revisionNowLine('r4'); // 'Revision now: r4.'
 * ```
 */
export function revisionNowLine(revision: string): string {
  return `Revision now: ${revision}.`;
}

/**
 * Renders an error as the text an agent reads: (for an untouched write) the
 * line `Nothing was changed.`, then the message, then every problem on a line
 * of its own as `- path: message Hint: hint`, then (for a write that may have
 * changed something) {@link MAY_HAVE_CHANGED}, then (when given) the revision
 * now.
 *
 * @example
 * ```ts
 * formatToolError(
 *   toolError('invalid_arguments', '1 argument is invalid.', [
 *     { path: 'count', message: 'Expected an integer.', hint: 'Use a whole number.' },
 *   ]),
 *   { nothingChanged: true },
 * );
 * // Nothing was changed.
 * // 1 argument is invalid.
 * // - count: Expected an integer. Hint: Use a whole number.
 * ```
 */
export function formatToolError(error: ToolError, options: FormatToolErrorOptions = {}): string {
  const lines: string[] = [];
  if (options.nothingChanged === true) lines.push(NOTHING_WAS_CHANGED);
  lines.push(error.message);
  // However many problems there are, the text stays readable: the first
  // MAX_LISTED_PROBLEMS, each hint once, then how many more.
  const shownHints = new Set<string>();
  for (const problem of error.problems.slice(0, MAX_LISTED_PROBLEMS)) {
    const repeated = problem.hint !== undefined && shownHints.has(problem.hint);
    if (problem.hint !== undefined) shownHints.add(problem.hint);
    lines.push(formatProblem(problem, !repeated));
  }
  const more = error.problems.length - MAX_LISTED_PROBLEMS;
  if (more > 0) lines.push(`- … and ${more} more problem${more === 1 ? '' : 's'}.`);
  if (options.mayHaveChanged === true && options.nothingChanged !== true) {
    lines.push(MAY_HAVE_CHANGED);
  }
  if (typeof options.revisionNow === 'string') lines.push(revisionNowLine(options.revisionNow));
  return lines.join('\n');
}

function formatProblem(problem: ToolProblem, withHint: boolean): string {
  const where = problem.path === undefined || problem.path === '' ? '' : `${problem.path}: `;
  const hint = problem.hint === undefined || !withHint ? '' : ` Hint: ${problem.hint}`;
  return `- ${where}${problem.message}${hint}`;
}

function copyProblem(problem: ToolProblem): ToolProblem {
  if (typeof problem?.message !== 'string') {
    throw new TypeError('Every tool problem needs a string message.');
  }
  return {
    ...(problem.path === undefined ? {} : { path: problem.path }),
    message: problem.message,
    ...(problem.hint === undefined ? {} : { hint: problem.hint }),
  };
}
