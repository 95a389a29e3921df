/**
 * `%% barline mN SIGNS`: the bar lines of one measure in a score file, in
 * the signs a read's `%` context line uses (SPEC.md sections 17 and 20).
 */
import type { BarlineDirective } from './score-header.ts';

/** A `barline` directive's signs that cannot be read, with the fix. */
export interface BarlineSignsProblem {
  readonly message: string;
  readonly fix: string;
}

const VOLTA_START = /^\[([1-9]\d?(?:,[1-9]\d?)*)\.$/;
const REPEAT_END = /^:\|(?:x([1-9]\d?))?$/;
const SIGNS_HINT =
  'write the signs as a read shows them: |: (repeat start), [1. or [1,2. (a volta begins), ] or ) (it ends, closed or open), :| or :|x3 (repeat back), || (double), |. (final)';

type Draft = { -readonly [K in keyof BarlineDirective]: BarlineDirective[K] };

/** Reads one sign into `draft`; a problem when it is no sign or says what another already did. */
function readSign(sign: string, draft: Draft): BarlineSignsProblem | undefined {
  const twice = (what: string) => ({
    message: `The bar lines of m${draft.measure} give ${what} twice.`,
    fix: `give one ${what} per measure`,
  });
  const volta = VOLTA_START.exec(sign);
  const repeat = REPEAT_END.exec(sign);
  if (sign === '|:') {
    if (draft.repeatStart) return twice('repeat start');
    draft.repeatStart = true;
  } else if (volta) {
    if (draft.voltaStart) return twice('volta start');
    const numbers = volta[1]!.split(',').map(Number);
    if (numbers.some((number, index) => index > 0 && number <= numbers[index - 1]!))
      return {
        message: `The volta "${sign}" of m${draft.measure} does not give its passes in rising order.`,
        fix: 'give each pass once, in rising order: [1,2.',
      };
    draft.voltaStart = numbers;
  } else if (sign === ']' || sign === ')') {
    if (draft.voltaEnd) return twice('volta end');
    draft.voltaEnd = sign === ']' ? 'closed' : 'open';
  } else if (repeat || sign === '||' || sign === '|.') {
    if (draft.end) return twice('end bar line');
    draft.end = repeat ? 'repeat' : sign === '||' ? 'double' : 'final';
    const times = repeat?.[1] === undefined ? 2 : Number(repeat[1]);
    if (times < 2)
      return {
        message: `The repeat "${sign}" of m${draft.measure} plays its section ${times} time.`,
        fix: 'a repeat plays its section 2 to 99 times: :| (twice) or :|x3',
      };
    if (times !== 2) draft.times = times;
  } else {
    return {
      message: `"${sign}" is not a bar-line sign (m${draft.measure}).`,
      fix: SIGNS_HINT,
    };
  }
  return undefined;
}

/**
 * Reads the signs of a `barline` directive for `measure`.
 *
 * @example
 * ```ts
 * readBarlineSigns(8, ['[1.', ']', ':|']);
 * // { directive: { measure: 8, voltaStart: [1], voltaEnd: 'closed', end: 'repeat' } }
 * ```
 */
export function readBarlineSigns(
  measure: number,
  signs: readonly string[],
):
  | { directive: BarlineDirective; problem?: never }
  | { directive?: never; problem: BarlineSignsProblem } {
  if (signs.length === 0)
    return { problem: { message: `The bar lines of m${measure} give no sign.`, fix: SIGNS_HINT } };
  const draft: Draft = { measure };
  for (const sign of signs) {
    const problem = readSign(sign, draft);
    if (problem) return { problem };
  }
  return { directive: draft };
}

/**
 * The signs of a measure's bar lines in canonical order: `|:`, `[1.`, `]`
 * or `)`, then `:|` (`:|x3`), `||` or `|.`.
 *
 * @example
 * ```ts
 * barlineDirectiveSigns({ measure: 8, voltaStart: [1], voltaEnd: 'closed', end: 'repeat' }); // '[1. ] :|'
 * ```
 */
export function barlineDirectiveSigns(directive: BarlineDirective): string {
  const signs: string[] = [];
  if (directive.repeatStart) signs.push('|:');
  if (directive.voltaStart) signs.push(`[${directive.voltaStart.join(',')}.`);
  if (directive.voltaEnd) signs.push(directive.voltaEnd === 'closed' ? ']' : ')');
  if (directive.end === 'repeat')
    signs.push(
      directive.times === undefined || directive.times === 2 ? ':|' : `:|x${directive.times}`,
    );
  if (directive.end === 'double') signs.push('||');
  if (directive.end === 'final') signs.push('|.');
  return signs.join(' ');
}
