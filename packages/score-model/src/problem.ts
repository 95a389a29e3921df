/**
 * Problems: why a plan was refused, each with where it is and how to fix it.
 */
import type { IssueCode } from '@scorelane/lanes-seq';

/**
 * Every code a planner, reader or `validate` can report, with what it means.
 * Codes are never renamed, only added.
 *
 * @example
 * ```ts
 * PROBLEM_CODES['measure-fill']; // 'A voice does not add up to the length of its measure.'
 * ```
 */
export const PROBLEM_CODES = {
  syntax: 'The lanes-seq text does not parse; `issue` holds the parser code.',
  'no-lanes': 'The text holds no lane, so there is nothing to write.',
  'invalid-range': 'The start or end measure lies outside the score, or the range is too long.',
  'unknown-part':
    'A lane or request names a part the score does not have, or a request names no part.',
  'unknown-staff': 'A lane names a staff its part does not have.',
  'part-not-named': 'A lane is for a part the request does not name.',
  'outside-range': 'A lane is for a measure outside the range the request names.',
  'range-too-long': 'A lane is more measures after the start than one rewrite may cover.',
  'measure-count-change':
    'A lane (or the start of a rewrite) adds measures past the end without the flag that allows it.',
  'measure-fill': 'A voice does not add up to the length of its measure.',
  'unnotatable-duration':
    'A duration that no plain, dotted, tuplet or tied value can print, or a grace note whose printed value is not plain or dotted.',
  'incomplete-tuplet': 'Tuplet values that do not make up a whole tuplet group.',
  'tie-not-landing': 'A tie whose next event does not hold the tied pitch.',
  stale: 'A unit the write touches changed after the revision the write was based on.',
  'invalid-revision':
    'A revision token that this score never gave out (malformed, or from another score).',
  'no-score':
    'The document holds no score (never created, not synced yet, or left with no measures or parts).',
  'invalid-interval': 'A transposition interval that is not written like "M3", "-P4", "A1".',
  'pitch-out-of-range': 'A transposed pitch that lanes-seq cannot write.',
  'invalid-signature': 'A time or key signature that cannot be set.',
  'invalid-clef':
    'A clef name Scorelane does not know, or an onset outside the measure for a clef change.',
  'invalid-barline':
    'A bar line or volta that cannot be set: an unknown style, a style on the wrong side, times without a repeat end, bad volta numbers, or a volta overlapping another.',
  'content-does-not-fit': 'Existing content that would no longer fill its measure after a change.',
  'too-many-voices': 'A lane for a voice past the most a staff may hold (v1-v16).',
  'too-many-problems':
    'More problems than a result lists one by one (`MAX_PROBLEMS`): this last one counts the rest by code.',
  'score-too-long':
    'A change that would give the score more measures than `MAX_SCORE_MEASURES` or more quarter notes than `MAX_SCORE_QUARTERS`, which no reader opens.',
  'unknown-voice':
    'A lyric line (or a marks lane) for a voice the text does not write and the score does not have.',
  'lyric-slots':
    'A lyric line with more syllables than its lane has slots (notes and chords that are neither grace notes nor tie continuations).',
  'too-many-stars': 'A marks lane with more * items than its voice has events.',
  'mark-does-not-fit':
    'A mark its event cannot take (a staccato on a rest, a dynamic on a grace note), or an @ onset on an event or past the lane.',
  'mark-not-there': 'A mark to remove that is not there.',
  'invalid-score-text':
    'A score text (title, composer, ...) that is not one line of at most 300 characters, or a call that gives none.',
  'span-without-end':
    'A slur, hairpin, octave line or pedal that starts and never ends in its voice.',
  'span-without-start':
    'A slur, hairpin, octave line or pedal end with no start before it in its voice.',
  'span-overlap': 'The same kind of span opened again before it closes.',
  'invalid-part':
    'A part change that cannot be made: a name that is not one line, staves without one clef each, a program or transposition out of range, a position outside the part list, or removing the last part.',
  'malformed-unit':
    'A stored unit value that is not a unit (written by a tampered or buggy peer); it reads as a rest until rewritten.',
} as const;

/**
 * The stable code of a problem; see {@link PROBLEM_CODES}.
 *
 * @example
 * ```ts
 * const code: ProblemCode = 'stale';
 * ```
 */
export type ProblemCode = keyof typeof PROBLEM_CODES;

/**
 * One problem with a request. `lane` names the lane (`P1 s1 v1 m3`) or unit
 * (`P1 s1 m3`) concerned; `line` and `column` point into the submitted text
 * when the problem is there.
 *
 * @example
 * ```ts
 * const problem: Problem = {
 *   code: 'measure-fill',
 *   lane: 'P1 s1 v1 m3',
 *   line: 2,
 *   column: 1,
 *   message: 'P1 s1 v1 m3 lasts 3/4, but m3 lasts 1 (time 4/4): 1/4 is missing.',
 *   fix: 'Add 1/4 to the lane, for example r=1/4 at its end, or lengthen its events.',
 * };
 * ```
 */
export interface Problem {
  readonly code: ProblemCode;
  readonly lane?: string;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
  readonly fix: string;
  /** For `syntax` problems, the lanes-seq parser's own code. */
  readonly issue?: IssueCode;
}

/**
 * A result that is either a value or every problem found.
 *
 * @example
 * ```ts
 * const result: Result<{ measures: number }> = validate(score);
 * if (!result.ok) console.log(formatProblems(result.problems));
 * ```
 */
export type Result<T> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly problems: readonly Problem[] };

function place(problem: Problem): string | undefined {
  if (problem.line === undefined) return undefined;
  return `line ${problem.line}${problem.column !== undefined ? `, column ${problem.column}` : ''}`;
}

/** The first line: what happened (nothing, or a check), and how many problems follow. */
function heading(problems: readonly Problem[], check: boolean): string {
  // A list cut at MAX_PROBLEMS ends in a summary that gives the full count.
  if (problems.at(-1)?.code === 'too-many-problems') {
    const listed = `The first ${problems.length - 1} problems`;
    return check ? `${listed} the score has:` : `Nothing was changed. ${listed}:`;
  }
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return check ? `The score has ${count}:` : `Nothing was changed. ${count}:`;
}

/**
 * Options for {@link formatProblems}.
 *
 * @example
 * ```ts
 * const options: FormatProblemsOptions = { check: true };
 * ```
 */
export interface FormatProblemsOptions {
  /**
   * The problems come from a check that never writes (`validate`), not from
   * a refused write: the text opens with `The score has N problems:` instead
   * of `Nothing was changed.`, since nothing was attempted.
   */
  readonly check?: boolean;
}

/**
 * The message of a refused write: `Nothing was changed.`, then every problem
 * on a line of its own with where it is and how to fix it. For what
 * `validate` found, pass `{ check: true }`: it opens with
 * `The score has N problems:` instead.
 *
 * @example
 * ```ts
 * formatProblems([problem]);
 * // Nothing was changed. 1 problem:
 * // - P1 s1 v1 m3 (line 2, column 1): P1 s1 v1 m3 lasts 3/4, but m3 lasts 1 (time 4/4): 1/4 is missing. Fix: Add 1/4 ...
 * formatProblems(checked.problems, { check: true });
 * // The score has 1 problem:
 * // - P1 s1 v1 m3: ...
 * ```
 */
export function formatProblems(
  problems: readonly Problem[],
  options: FormatProblemsOptions = {},
): string {
  const lines = problems.map((problem) => {
    const at = place(problem);
    const head = problem.lane ? `${problem.lane}${at ? ` (${at})` : ''}: ` : at ? `${at}: ` : '';
    return `- ${head}${problem.message} Fix: ${problem.fix}`;
  });
  return `${heading(problems, options.check === true)}\n${lines.join('\n')}\n`;
}
