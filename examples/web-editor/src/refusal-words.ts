/**
 * A refused call as a person reads it: `Nothing was changed.`, what went
 * wrong in a sentence, then each problem with its measure, part and staff
 * and a hint, in musical words (a dotted half note, not `3/4`; the voice,
 * not `P1 s1 v1 m3`). The agent's own text (tool names, codes, the
 * revision) is kept for a details element the person may open.
 */
import type { ToolInvocation } from '@scorelane/tool-contracts';

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

/** Durations as a musician names them, by their fraction of a whole note. */
const DURATIONS: Readonly<Record<string, string>> = {
  '1': 'a whole note',
  '1/1': 'a whole note',
  '3/2': 'a dotted whole note',
  '1/2': 'a half note',
  '3/4': 'a dotted half note',
  '1/4': 'a quarter note',
  '3/8': 'a dotted quarter note',
  '1/8': 'an eighth note',
  '3/16': 'a dotted eighth note',
  '1/16': 'a sixteenth note',
  '1/32': 'a thirty-second note',
  '2': 'two whole notes',
};

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

/** The sentence for each tool error code. */
const SUMMARIES: Readonly<Record<string, string>> = {
  stale_revision: 'These measures changed after you read them.',
  limit_exceeded: 'That is too many measures at once.',
  permission_denied: 'This link may only view the score.',
  out_of_scope: 'That is outside the measures agents may edit.',
  invalid_arguments: 'The request was not understood.',
  not_found: 'Those measures are not in the score.',
  internal: 'Something went wrong in the editor.',
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
  invocation: ToolInvocation,
  parts: readonly PartWords[],
): PersonRefusal {
  const details = invocation.result.content
    .map((block) => ('text' in block ? String(block.text) : ''))
    .join('\n');
  if (invocation.ok) {
    return { headline: 'Nothing was changed.', summary: '', problems: [], details };
  }
  const { error } = invocation;
  const problems = (error.problems ?? []).map((problem) => personProblem(problem, parts));
  const count = problems.length;
  const summary =
    SUMMARIES[error.code] ??
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
export function refusalReason(invocation: ToolInvocation): string {
  if (invocation.ok) return '';
  const { code, problems = [] } = invocation.error;
  const codes = problems.map((problem) => codeOf(problem.message));
  if (code === 'stale_revision' || codes.includes('stale'))
    return 'the measures had changed since it read them';
  if (codes.includes('invalid-revision'))
    return 'it was based on a version of the score this page does not know';
  if (code === 'out_of_scope') return 'it was outside the measures agents may edit';
  if (code === 'permission_denied') return 'it is not allowed on this link';
  if (code === 'limit_exceeded') return 'it asked for too many measures at once';
  if (code === 'invalid_arguments') return 'its request was not valid';
  if (code === 'not_found') return 'those measures are not in the score';
  return 'what it wrote did not fit the score';
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

/** `Measure 3, Violin` (a part of one staff) or `Measure 4, Piano, staff 2`, from a lane such as `P2 s2 v1 m4`. */
function placeOf(text: string, parts: readonly PartWords[]): string {
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
 * The model's words with the notation taken out: lanes become "the voice",
 * `m3` "measure 3", durations their names (a `=3/4` written in the text stays).
 */
function musicalWords(text: string): string {
  return text
    .replace(/\bP\d+ s\d+ v\d+ m\d+\b/g, 'the voice')
    .replace(/\bP\d+ s\d+ m\d+\b/g, 'the staff')
    .replace(/\bm(\d+)\b/g, 'measure $1')
    .replace(/\blasts (\d+)\b(?![/\d])/g, (whole, count: string) => {
      const name = DURATIONS[count];
      return name === undefined ? whole : `lasts ${name}`;
    })
    .replace(
      /(?<![=\d/])(?<!time )(\d+\/\d+)(?![\d/])/g,
      (fraction) => DURATIONS[fraction] ?? fraction,
    )
    .replace(/\blanes?\b/g, 'voice')
    .replace(/\bevents\b/g, 'notes');
}

function sentence(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
