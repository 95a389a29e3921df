/**
 * `1/8t`: a triplet value written with the `t` other tools put after it.
 * lanes-seq writes a tuplet's notes by their real durations, so a triplet
 * eighth is `1/12`; the fix writes that.
 */
import { DOT, isSpace, TILDE } from './char-codes.ts';
import { type Cursor, hintSubjectOf, quote, report } from './parse-cursor.ts';
import { formatRational, rational } from './rational.ts';
import { startsMark } from './read-mark.ts';

const LOWER_T = 116;
const UPPER_T = 84;
/** The largest written value a `t` suffix is read on: a 1/1024 note. */
const MAX_VALUE_DENOMINATOR = 1024;

const VALUE_NAMES: Readonly<Record<number, string>> = {
  1: 'whole note',
  2: 'half',
  4: 'quarter',
  8: 'eighth',
  16: 'sixteenth',
  32: 'thirty-second',
  64: 'sixty-fourth',
};

/**
 * Reads a duration written with a tuplet suffix, `1/8t` or `1/8.t`, from
 * `start` (the digits already read up to the cursor) and reports it with the
 * real duration: `1/8t` is 2/3 of an eighth, `1/12`, and its edit writes that
 * for a written value of 1 over a power of two. Returns true with the cursor
 * past it; false, the cursor unmoved, when no suffix stands there.
 *
 * @example
 * ```ts
 * // in "C4=1/8t", the cursor after "1/8":
 * readTupletSuffix(cursor, 3, 4, 5); // true: invalid-duration, hint "... C4=1/12", edit "1/12"
 * ```
 */
export function readTupletSuffix(
  cursor: Cursor,
  start: number,
  numeratorEnd: number,
  denominatorStart: number,
): boolean {
  const { text } = cursor;
  const dotted = text.charCodeAt(cursor.pos) === DOT;
  const at = dotted ? cursor.pos + 1 : cursor.pos;
  const code = text.charCodeAt(at);
  if (code !== LOWER_T && code !== UPPER_T) return false;
  const end = at + 1;
  const after = text.charCodeAt(end);
  if (end < cursor.contentEnd && !isSpace(after) && after !== TILDE && !startsMark(after)) {
    return false;
  }
  if (numeratorEnd === start) return false;
  const num = Number(text.slice(start, numeratorEnd));
  const den = denominatorStart < 0 ? 1 : Number(text.slice(denominatorStart, cursor.pos));
  const valid = /^[1-9]\d{0,5}$/.test(text.slice(start, numeratorEnd)) && den > 0;
  const powerOfTwo = den <= MAX_VALUE_DENOMINATOR && (den & (den - 1)) === 0;
  if (!valid) return false;
  const written = quote(cursor, start, end);
  const subject = hintSubjectOf(cursor);
  cursor.pos = end;
  if (dotted) {
    const plain = formatRational(rational(num, den));
    const dottedValue = formatRational(rational(num * 3, den * 2));
    report(
      cursor,
      'invalid-duration',
      start,
      end,
      `The duration ${written} writes a dotted tuplet value with "t".`,
      `a triplet is written by its real duration, 2/3 of the written value: a dotted ${plain} (${dottedValue}) in a triplet lasts ${plain}, ${subject}=${plain}`,
    );
    return true;
  }
  const real = formatRational(rational(num * 2, den * 3));
  const name = num === 1 ? VALUE_NAMES[den] : undefined;
  report(
    cursor,
    'invalid-duration',
    start,
    end,
    `The duration ${written} marks a triplet with "t", which lanes-seq does not use.`,
    `a triplet is written by its real duration, 2/3 of the written value: a triplet ${name ?? formatRational(rational(num, den))} is ${subject}=${real}`,
    num === 1 && powerOfTwo ? { start, end, text: real } : undefined,
  );
  return true;
}
