/**
 * A refused call as a person reads it: `Nothing was changed.`, what went
 * wrong in a sentence, then each problem with its measure, part and staff
 * and a hint, in musical words (a dotted half note, not `3/4`; the voice,
 * not `P1 s1 v1 m3`). The agent's own text (tool names, codes, the
 * revision) is kept for a details element the person may open.
 */
import { noteValueOf, rational } from '@scorelane/lanes-seq';
import type { ToolErrorCode, ToolInvocation } from '@scorelane/tool-contracts';

/** A call that was refused: what the words are made from. */
export type RefusedInvocation = Extract<ToolInvocation, { readonly ok: false }>;

/** A part of the score as the words need it. */
export interface PartWords {
  readonly name: string;
  readonly staves: number;
}

/** One problem for a person. */
export interface PersonProblem {
  /** `Measure 3, Violin` or `Measure 4, Piano, staff 2`; empty when the problem has no place. */
  readonly place: string;
  readonly message: string;
  readonly hint: string;
}

/** A refusal for a person. */
export interface PersonRefusal {
  /** Always `Nothing was changed.`: a refused call changes nothing. */
  readonly headline: 'Nothing was changed.';
  /** What went wrong, in one sentence. */
  readonly summary: string;
  readonly problems: readonly PersonProblem[];
  /** The text the agent would read (tool, codes, revision), for a details element. */
  readonly details: string;
}

/** Each printed base value's name, by the power of two below a whole note (`1/4` is 2). */
const VALUE_NAMES = [
  'whole',
  'half',
  'quarter',
  'eighth',
  'sixteenth',
  'thirty-second',
  'sixty-fourth',
  '128th',
  '256th',
  '512th',
  '1024th',
];

/** The names of the values longer than a whole note, by how many whole notes they last. */
const LONG_VALUE_NAMES: Readonly<Record<number, string>> = {
  2: 'double whole',
  4: 'quadruple whole',
};

/** The dots before a value's name. */
const DOT_WORDS = ['', 'dotted ', 'double-dotted ', 'triple-dotted '];

/** What a problem code means to a person, where the model's own words would not do. */
const CODE_WORDS: Readonly<Record<string, { message: string; hint: string }>> = {
  stale: {
    message: 'Someone changed this music after you read it.',
    hint: 'Reload to see it as it is now, or Apply anyway to keep your changes where they do not clash.',
  },
  'invalid-revision': {
    message: 'The text was read from a version of the score this page does not know.',
    hint: 'Reload the measures and make your change again.',
  },
};

/**
 * Each tool error code in words: the sentence over a refusal's problems
 * (`null`: count the problems instead) and the phrase for the activity list.
 */
const ERROR_WORDS: Readonly<
  Record<ToolErrorCode, { readonly summary: string | null; readonly reason: string }>
> = {
  permission_denied: {
    summary: 'This link may only view the score.',
    reason: 'it is not allowed on this link',
  },
  not_found: {
    summary: 'Those measures are not in the score.',
    reason: 'those measures are not in the score',
  },
  invalid_arguments: {
    summary: 'The request was not understood.',
    reason: 'its request was not valid',
  },
  out_of_scope: {
    summary: 'That is outside the measures agents may edit.',
    reason: 'it was outside the measures agents may edit',
  },
  stale_revision: {
    summary: 'These measures changed after you read them.',
    reason: 'the measures had changed since it read them',
  },
  limit_exceeded: {
    summary: 'That is too many measures at once.',
    reason: 'it asked for too many measures at once',
  },
  nothing_changed: { summary: null, reason: 'what it wrote did not fit the score' },
  internal: {
    summary: 'Something went wrong in the editor.',
    reason: 'something went wrong in the editor',
  },
};

/**
 * A refused invocation in a person's words; `parts` are the score's parts in order.
 *
 * @example
 * ```ts
 * const refusal = refusalForPerson(invocation, [{ name: 'Violin', staves: 1 }]);
 * refusal.problems[0]; // { place: 'Measure 3, Violin', message: 'The voice lasts a quarter note, …', hint: '…' }
 * ```
 */
export function refusalForPerson(
  invocation: RefusedInvocation,
  parts: readonly PartWords[],
): PersonRefusal {
  const details = invocation.result.content
    .map((block) => ('text' in block ? String(block.text) : ''))
    .join('\n');
  const { error } = invocation;
  const problems = (error.problems ?? []).map((problem) => personProblem(problem, parts));
  const count = problems.length;
  const summary =
    ERROR_WORDS[error.code].summary ??
    (count === 1 ? 'One thing needs fixing:' : `${count} things need fixing:`);
  return { headline: 'Nothing was changed.', summary, problems, details };
}

/**
 * Why a refused call changed nothing, as a short phrase for the activity
 * list: `the measures had changed since it read them`.
 *
 * @example
 * ```ts
 * refusalReason(staleInvocation); // 'the measures had changed since it read them'
 * ```
 */
export function refusalReason(invocation: RefusedInvocation): string {
  const { code, problems = [] } = invocation.error;
  const unknownRevision = problems.some(
    (problem) => codeOf(problem.message) === 'invalid-revision',
  );
  if (code !== 'stale_revision' && unknownRevision)
    return 'it was based on a version of the score this page does not know';
  return ERROR_WORDS[code].reason;
}

function personProblem(
  problem: { readonly path?: string; readonly message: string; readonly hint?: string },
  parts: readonly PartWords[],
): PersonProblem {
  const code = codeOf(problem.message);
  const place = placeOf(problem.path ?? problem.message, parts);
  const known = code === null ? undefined : CODE_WORDS[code];
  if (known !== undefined) return { place, ...known };
  const message = musicalWords(problem.message.replace(/^\[[a-z-]+\]\s*/, ''));
  return { place, message: sentence(message), hint: musicalWords(problem.hint ?? '') };
}

/** The code a problem's message starts with (`[measure-fill] …`), if any. */
function codeOf(message: string): string | null {
  return /^\[([a-z-]+)\]/.exec(message)?.[1] ?? null;
}

/**
 * The place a lane such as `P2 s2 v1 m4` names, for a person: `Measure 3,
 * Violin` (a part of one staff) or `Measure 4, Piano, staff 2`; a part
 * without a name is `Part 2`; `Measure 4` for a bare `m4`; empty when
 * `text` names no place.
 *
 * @example
 * ```ts
 * placeOf('P2 s2 v1 m4 (line 1, column 1)', [{ name: 'Violin', staves: 1 }, { name: 'Piano', staves: 2 }]);
 * // 'Measure 4, Piano, staff 2'
 * ```
 */
export function placeOf(text: string, parts: readonly PartWords[]): string {
  const lane = /\bP(\d+) s(\d+)(?: v\d+)? m(\d+)/.exec(text);
  if (lane === null) {
    const measure = /\bm(\d+)\b/.exec(text);
    return measure === null ? '' : `Measure ${measure[1]}`;
  }
  const [, part, staff, measure] = lane;
  const info = parts[Number(part) - 1];
  const name = info?.name || `Part ${part}`;
  const staffWords = info !== undefined && info.staves === 1 ? '' : `, staff ${staff}`;
  return `Measure ${measure}, ${name}${staffWords}`;
}

/**
 * A duration of `num/den` whole notes as a musician names a single printed
 * value of it (`a dotted half note` for 3/4, `a double-dotted quarter note`
 * for 7/16), from lanes-seq's {@link noteValueOf}; `undefined` when no
 * single value lasts that long (a tie, a tuplet).
 */
function durationWords(num: number, den: number): string | undefined {
  if (den === 0 || !Number.isSafeInteger(num) || !Number.isSafeInteger(den)) return undefined;
  const value = noteValueOf(rational(num, den));
  if (value === undefined) return undefined;
  const { base } = value;
  const name = base.num === 1 ? VALUE_NAMES[Math.log2(base.den)] : LONG_VALUE_NAMES[base.num];
  if (name === undefined) return undefined;
  const words = `${DOT_WORDS[value.dots]}${name} note`;
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;
}

/**
 * The model's words with the notation taken out: lanes become "the voice",
 * `m3` "measure 3", durations their names (a `=3/4` written in the text stays).
 */
function musicalWords(text: string): string {
  return text
    .replace(/\bP\d+ s\d+ v\d+ m\d+\b/g, 'the voice')
    .replace(/\bP\d+ s\d+ m\d+\b/g, 'the staff')
    .replace(/\bm(\d+)\b/g, 'measure $1')
    .replace(/\blasts (\d+)\b(?![/\d])/g, (whole, count: string) => {
      const wholes = Number(count);
      if (wholes === 1) return `lasts ${durationWords(1, 1)}`;
      return wholes > 1 ? `lasts ${count} whole notes` : whole;
    })
    .replace(
      /(?<![=\d/])(?<!time )(\d+)\/(\d+)(?![\d/])/g,
      (fraction, num: string, den: string) => {
        return durationWords(Number(num), Number(den)) ?? fraction;
      },
    )
    .replace(/\blanes?\b/g, 'voice')
    .replace(/\bevents\b/g, 'notes');
}

function sentence(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
