/**
 * What a note prints, as a duration: its `<type>`, `<dot>`s and
 * `<time-modification>`. And durations that a file's `<divisions>` could
 * not write: a tuplet note whose printed value (an 11:8 sixteenth is 960/11
 * divisions at 480) is not a whole number of divisions has its `<duration>`
 * rounded (87). Read as written, such notes can drift against the other
 * voices, and a `<backup>` that the exporting program computed exactly goes
 * back before the measure's start. MuseScore reads these notes by their
 * printed value; import does when that makes the measure add up (see
 * `readMeasureBestWay` in `read-part.ts`).
 */
import {
  compare,
  multiply,
  noteValueDuration,
  type Rational,
  rational,
  subtract,
} from '@scorelane/lanes-seq';
import { child, childElements, childText, type XmlElement } from './xml-tree.ts';

const TYPE_VALUES: Readonly<Record<string, Rational>> = {
  maxima: rational(8),
  long: rational(4),
  breve: rational(2),
  whole: rational(1),
  half: rational(1, 2),
  quarter: rational(1, 4),
  eighth: rational(1, 8),
  '16th': rational(1, 16),
  '32nd': rational(1, 32),
  '64th': rational(1, 64),
  '128th': rational(1, 128),
  '256th': rational(1, 256),
  '512th': rational(1, 512),
  '1024th': rational(1, 1024),
};

/**
 * The printed value of a note's `<type>` and `<dot>`s, if it has a type.
 *
 * @example
 * ```ts
 * printedValue({ n: 'note', c: [{ n: 'type', c: ['quarter'] }, { n: 'dot' }] }); // { num: 3, den: 8 }
 * ```
 */
export function printedValue(note: XmlElement): Rational | undefined {
  const base = TYPE_VALUES[childText(note, 'type') ?? ''];
  if (!base) return undefined;
  return noteValueDuration({ base, dots: childElements(note, 'dot').length });
}

/**
 * The value a note prints: its `<type>` and `<dot>`s, scaled by its
 * `<time-modification>` (`normal-notes` / `actual-notes`), in whole notes.
 *
 * @example
 * ```ts
 * printedDuration(sixteenthIn11to8); // { num: 1, den: 22 }
 * ```
 */
export function printedDuration(note: XmlElement): Rational | undefined {
  const value = printedValue(note);
  if (!value) return undefined;
  const modification = child(note, 'time-modification');
  if (!modification) return value;
  const actual = Number(childText(modification, 'actual-notes'));
  const normal = Number(childText(modification, 'normal-notes'));
  if (!Number.isSafeInteger(actual) || !Number.isSafeInteger(normal) || actual <= 0 || normal <= 0)
    return value;
  return multiply(value, rational(normal, actual));
}

/**
 * The printed value of a note when its `<duration>` (`written`, in whole
 * notes) is that value rounded to a whole number of `divisions` per quarter;
 * else `undefined` (the `<duration>` is exact, or says something else).
 *
 * @example
 * ```ts
 * roundedFrom(rational(87, 1920), sixteenthIn11to8, rational(480)); // { num: 1, den: 22 }
 * ```
 */
export function roundedFrom(
  written: Rational,
  note: XmlElement,
  divisions: Rational,
): Rational | undefined {
  // Only tuplet notes: a plain value that divisions cannot write is a wrong <type>, not rounding.
  if (!child(note, 'time-modification')) return undefined;
  const printed = printedDuration(note);
  if (!printed || compare(printed, written) === 0) return undefined;
  // Whole notes to divisions: * 4 * divisions.
  const inDivisions = (value: Rational) => multiply(value, multiply(rational(4), divisions));
  const exact = inDivisions(printed);
  if (exact.den === 1) return undefined;
  const off = subtract(inDivisions(written), exact);
  return Math.abs(off.num) < off.den ? printed : undefined;
}
