/**
 * Problems the parser finds, each with a stable code. The codes are part of
 * the public surface: tools and tests match on them, so a code is never
 * renamed, only added.
 */
import type { Point } from './document.ts';

/**
 * Every code the lanes-seq parser and score-file reader can report, with what
 * it means. Matching on `issue.code` is stable across versions.
 */
export const ISSUE_CODES = {
  'unexpected-character':
    'A character that lanes-seq never uses (outside a comment), such as a stray symbol.',
  'missing-lane-header': 'A line of events with no `P s v m:` header in front of it.',
  'invalid-header': 'The lane header is not `P<part> s<staff> v<voice> m<measure>`.',
  'missing-header-field': 'The lane header leaves out the part, staff, voice or measure.',
  'missing-colon': 'The lane header is not followed by `:`.',
  'invalid-number':
    'A number with a leading zero, a sign or a decimal point where a whole number is expected.',
  'zero-index': 'A part, staff, voice or measure numbered 0; they count from 1.',
  'number-too-large': 'A number beyond what lanes-seq accepts (see `LIMITS`).',
  'empty-lane': 'A lane header, or a bar line inside a lane, with no events after it.',
  'duplicate-lane': 'The same (part, staff, voice, measure) written twice.',
  'invalid-pitch': 'Text where a pitch, `r` (rest) or `x` (invisible rest) was expected.',
  'lowercase-step': 'A pitch step in lower case; steps are `A` to `G`.',
  'unicode-accidental':
    'A `♯`, `♭`, `♮`, `𝄪` or `𝄫` sign; lanes-seq writes `#`, `b`, `##`, `bb`, and a natural as no sign.',
  'invalid-accidental': 'An accidental other than `#`, `##`, `b` or `bb`.',
  'missing-octave': 'A pitch without its octave number.',
  'octave-out-of-range': 'An octave outside -1 to 9.',
  'missing-equals': 'An event without `=` between what sounds and its duration.',
  'missing-duration':
    'Nothing after `=`, or no duration on the first event of a line that is not a grace note.',
  'invalid-duration': 'A duration that is not a whole number or a fraction of whole numbers.',
  'zero-duration': 'A duration of 0, or a fraction with 0 above the line.',
  'zero-denominator': 'A fraction with 0 below the line.',
  'negative-duration': 'A duration with a minus sign.',
  'decimal-duration': 'A duration written with a decimal point.',
  'unclosed-chord': 'A chord `(` with no matching `)`.',
  'empty-chord': 'A chord `()` with no pitches.',
  'nested-chord': 'A `(` inside a chord.',
  'unexpected-closing-parenthesis': 'A `)` with no chord open.',
  'duplicate-chord-pitch': 'The same pitch twice in one chord.',
  'rest-tie': 'A tie `~` on a rest or invisible rest.',
  'grace-rest': 'A rest or invisible rest marked as a grace note (`g`).',
  'invalid-tie': 'A `~` where no tie can stand (doubled, or before the duration).',
  'missing-space': 'Two events with no space between them.',
  'invalid-bar-line':
    'A bar-line sign other than one plain bar line between measures: a double bar, a final bar or a repeat sign.',
  'unknown-directive': 'A `%%` line in a score file that is not a known directive.',
  'invalid-directive': 'A known directive whose arguments are wrong.',
  'duplicate-directive': 'A directive given twice where only one may stand.',
  'missing-directive': 'A score file without a directive it needs (the time or key at m1, a part).',
  'undeclared-part': 'A lane for a part or staff that the score file does not declare.',
  'measure-out-of-range': 'A lane or directive for a measure past the declared measure count.',
  'markdown-fence':
    'A Markdown code fence (a line of three backticks); lanes-seq text is sent without fences.',
  'wrong-comment-marker': 'A comment started with `//` or `#`; lanes-seq comments start with `%`.',
  'duration-in-chord':
    'A duration inside a chord; all notes of a chord share the one duration after `)`.',
  'unknown-mark':
    'Something after a duration that is no mark lanes-seq knows (`\\fermate`, ABC `!trill!`, `{p}`); the fix is the closest mark.',
  'duplicate-mark':
    'The same mark twice on one event or `@` item (or two of a kind an event has one of: two dynamics, two chord symbols).',
  'mark-on-rest':
    'A mark a rest cannot take (an articulation, ornament, technique, tremolo, fingering, arpeggio or slur) on a rest, an invisible rest or an `@` item.',
  'mark-on-grace':
    'A mark a grace note cannot take (a dynamic, tempo, text, rehearsal mark, chord symbol, fermata, hairpin, pedal, octave line, tremolo or breath).',
  'mark-on-chord':
    'A fingering after a whole chord; each note of a chord takes its own: `(C4-1 E4-3)=1/2`.',
  'invalid-fingering': 'A fingering other than `-0` to `-5`.',
  'invalid-tremolo': 'A tremolo other than `:8`, `:16`, `:32` or `:64`.',
  'invalid-tempo':
    'A `\\tempo` mark with no text and no metronome mark, or a malformed one (`\\tempo1/4=120`).',
  'invalid-chord-symbol':
    'A string standing alone (a chord symbol) that is not one of the root, quality and bass lanes-seq accepts (`CHORD_QUALITIES`).',
  'lyric-as-chord-symbol':
    'A word in quotes standing alone on an event (`A4=1/2"dream"`): a chord symbol position; lyrics go in a lyric line, text in `^"..."`.',
  'unclosed-string': 'A string `"` with no closing quote on its line.',
  'empty-string': 'An empty string `""`.',
  'invalid-escape':
    'A backslash that escapes nothing: in a string only `\\"` and `\\\\`, in a lyric line `\\-` `\\_` `\\*` `\\~` `\\\\`.',
  'invalid-onset':
    'An `@` item without an onset (a duration from the start of the measure) after `@`.',
  'empty-onset': 'An `@` item with no marks after its onset.',
  'onset-outside-lane': "An `@` item at or past the end of its lane's events.",
  'onset-at-event': 'An `@` item where an event of its lane starts; its marks go on the event.',
  'duplicate-onset': 'Two `@` items at one onset of a lane.',
  'empty-lyric-line': 'A lyric line header with no items after it.',
  'invalid-lyric': 'A lyric item with an empty syllable (`a--b`, `-a`) or a `_` inside it.',
  'duplicate-lyric-line': 'The same lane and verse given two lyric lines.',
  'abc-lyric-line': 'An ABC lyric line (`w: Freu-de`); lanes-seq writes `P1 s1 v1 m1 w1: Freu-de`.',
  'event-in-marks-document':
    'A note, chord or rest in a marks document (`parseMarks`), where each event is written `*` with its marks.',
  'too-many-problems': `More problems than a result lists (\`LIMITS.maxIssues\`): the last issue counts the rest.`,
} as const;

/** The stable code of a problem; see {@link ISSUE_CODES} for the meaning of each. */
export type IssueCode = keyof typeof ISSUE_CODES;

/**
 * One problem in lanes-seq text. `line` and `column` are 1-based and point at
 * where the problem starts; `span` covers the text it concerns.
 *
 * @example
 * ```ts
 * const issue: LanesIssue = {
 *   code: 'lowercase-step',
 *   message: 'Pitch "c4" has a lower-case step.',
 *   hint: 'pitch steps are upper case: C4',
 *   line: 1, column: 13,
 *   span: { start: { line: 1, column: 13, offset: 12 }, end: { line: 1, column: 15, offset: 14 } },
 * };
 * ```
 */
export interface LanesIssue {
  readonly code: IssueCode;
  /** What is wrong, in a sentence that quotes the text concerned. */
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly span: { readonly start: Point; readonly end: Point };
  /** How to fix it, often with the corrected text, where one helps. */
  readonly hint?: string;
  /**
   * Where the hint shows corrected text: the replacement that makes it. Apply
   * it and this problem is gone, with everything the writer got right kept.
   * Left out where the fix is a guess (a missing octave, an unknown duration).
   */
  readonly edit?: TextEdit;
}

/**
 * A replacement in the parsed text: `text` in place of the UTF-16 offsets
 * `start` (inclusive) to `end` (exclusive).
 *
 * @example
 * ```ts
 * const edit: TextEdit = { start: 13, end: 15, text: 'C4' }; // "c4" -> "C4"
 * const fixed = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
 * ```
 */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Limits on numbers in lanes-seq text. Past them a number is reported as
 * `number-too-large` rather than read, so no arithmetic ever leaves the exact
 * integer range.
 */
export const LIMITS = {
  /** The largest part, staff, voice or measure number. */
  maxIndex: 100_000,
  /** The largest numerator or denominator of a duration. */
  maxDurationTerm: 1_000_000,
  /**
   * The most problems one result lists one by one. Past it, one more issue, a
   * `too-many-problems` summary, counts the rest by code, so text with a
   * million mistakes gets a short answer in linear time.
   */
  maxIssues: 100,
} as const;

/**
 * Formats an issue for a person or an agent: `line 3, column 14: message (hint)`.
 *
 * @example
 * ```ts
 * formatIssue(issue); // 'line 1, column 13: Pitch "c4" has a lower-case step. Hint: pitch steps are upper case: C4'
 * ```
 */
export function formatIssue(issue: LanesIssue): string {
  const hint = issue.hint ? ` Hint: ${issue.hint}` : '';
  return `line ${issue.line}, column ${issue.column}: ${issue.message}${hint}`;
}
