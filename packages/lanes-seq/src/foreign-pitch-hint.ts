/**
 * Accidentals as other tools write them: music21's `-` for a flat (`E-5`,
 * `B--3`) and the English words (`Bflat4`, `F-sharp4`). Read into the pitch
 * draft so the pitch is reported once, with the whole corrected pitch, and
 * never taken for an octave (`E-5` is no octave -5) or a pitch without `=`.
 */
import { DIGIT_0, isDigit, MINUS } from './char-codes.ts';
import type { Cursor } from './parse-cursor.ts';
import { AccidentalForm, OctaveForm, type PitchDraft, STEP_LETTERS } from './pitch-draft.ts';

const DIGIT_1 = DIGIT_0 + 1;

/** Accidentals spelled as words, longest first, with the semitones each alters by. */
const ACCIDENTAL_WORDS: readonly (readonly [word: string, alter: number])[] = [
  ['double-sharp', 2],
  ['doublesharp', 2],
  ['double-flat', -2],
  ['doubleflat', -2],
  ['natural', 0],
  ['sharp', 1],
  ['flat', -1],
];

/**
 * Reads an accidental written as music21 writes it (`-` for each flat) or as
 * a word (`flat`, `-sharp`) at the cursor into the draft, and moves past it.
 * Returns false, the cursor unmoved, for anything else, and for a single
 * `-`, which is read as the octave's sign: `E-1` is E in octave -1, `-0` a
 * signed octave whose hint names both readings, and `E-5` an octave out of
 * range that {@link reinterpretDashFlat} reads as music21's Eb5.
 *
 * @example
 * ```ts
 * // after the step of "E-5": draft.alter becomes -1, draft.accidental AccidentalForm.Dashes
 * readForeignSpelling(cursor, draft, cursor.pos, (at) => isDigit(cursor.text.charCodeAt(at)));
 * ```
 */
export function readForeignSpelling(
  cursor: Cursor,
  draft: PitchDraft,
  at: number,
  endsAccidental: (at: number) => boolean,
): boolean {
  const { text } = cursor;
  const word = accidentalWord(text, at, endsAccidental);
  if (word !== undefined) {
    draft.accidental = AccidentalForm.Word;
    draft.alter = word.alter;
    cursor.pos = at + word.length;
    return true;
  }
  if (text.charCodeAt(at) !== MINUS) return false;
  let dashes = 0;
  while (text.charCodeAt(at + dashes) === MINUS) dashes++;
  const digit = text.charCodeAt(at + dashes);
  if (!isDigit(digit)) return false;
  // One "-" is read as an octave's sign; `reinterpretDashFlat` then reads `E-5` as Eb5.
  if (dashes === 1) return false;
  // `E--1` is Ebb1 as music21 writes it, or Eb in octave -1; `E---5` has more flats than a pitch takes.
  const sure = dashes === 2 && digit !== DIGIT_1;
  draft.accidental = sure ? AccidentalForm.Dashes : AccidentalForm.AmbiguousDashes;
  draft.alter = -2;
  cursor.pos = at + dashes;
  return true;
}

/**
 * `E-5`: read as octave -5, out of range, after a plain step; music21 writes
 * Eb5 so. Turns the draft into that flat (octave form `DashFlat`, still
 * reported as `octave-out-of-range`) and returns true; false, the draft
 * untouched, for any other pitch.
 *
 * @example
 * ```ts
 * // the draft of "E-5": octave -5, OctaveForm.OutOfRange
 * reinterpretDashFlat(cursor.text, draft); // true: alter -1, octave 5
 * ```
 */
export function reinterpretDashFlat(text: string, draft: PitchDraft): boolean {
  const plainStep = draft.accidental === AccidentalForm.Plain && draft.alter === 0;
  if (!plainStep || draft.octaveForm !== OctaveForm.OutOfRange) return false;
  if (draft.octave < -9 || draft.octave > -2) return false;
  if (draft.octaveEnd - draft.octaveStart !== 2 || text.charCodeAt(draft.octaveStart) !== MINUS) {
    return false;
  }
  draft.alter = -1;
  draft.octave = -draft.octave;
  draft.octaveForm = OctaveForm.DashFlat;
  return true;
}

/** A word accidental at `at` (with an optional `-` before it) that `endsAccidental` says ends there. */
function accidentalWord(
  text: string,
  at: number,
  endsAccidental: (at: number) => boolean,
): { alter: number; length: number } | undefined {
  const from = text.charCodeAt(at) === MINUS ? at + 1 : at;
  const first = text.charCodeAt(from) | 0x20;
  if (first !== 0x66 && first !== 0x73 && first !== 0x6e && first !== 0x64) return undefined; // f s n d
  for (const [word, alter] of ACCIDENTAL_WORDS) {
    const end = from + word.length;
    if (text.slice(from, end).toLowerCase() === word && endsAccidental(end)) {
      return { alter, length: end - at };
    }
  }
  return undefined;
}

/**
 * The message and hint for an accidental `readForeignSpelling` read, given
 * the pitch as written and as it should be written; undefined for any other
 * form.
 *
 * @example
 * ```ts
 * foreignSpellingProblem(draft, '"E-5"', '"-"', 'Eb5');
 * // ['The pitch "E-5" writes its flat as "-", as music21 does.', 'write flats as b: Eb5']
 * ```
 */
export function foreignSpellingProblem(
  draft: PitchDraft,
  pitch: string,
  written: string,
  corrected: string,
): readonly [message: string, hint: string] | undefined {
  const step = STEP_LETTERS[draft.stepIndex]!;
  switch (draft.accidental) {
    case AccidentalForm.Dashes:
      return [
        `The pitch ${pitch} writes its double flat as ${written}, as music21 does.`,
        `write flats as b: ${corrected}`,
      ];
    case AccidentalForm.AmbiguousDashes:
      return [
        `The pitch ${pitch} writes ${written}, which lanes-seq cannot read for sure: a flat is b, and "-" is only the sign of octave -1.`,
        draft.octave === 1
          ? `write each flat as b, then the octave: ${step}bb1 is ${step} double flat in octave 1, ${step}b-1 ${step} flat in octave -1`
          : `a pitch has at most two flats, written b: ${step}bb${draft.octave} or ${step}b${draft.octave}`,
      ];
    case AccidentalForm.Word:
      return [
        `The pitch ${pitch} spells its accidental as a word (${written}).`,
        draft.alter === 0
          ? `a natural takes no sign: ${corrected} is natural in every key`
          : `write sharps as # and flats as b: ${corrected}`,
      ];
    default:
      return undefined;
  }
}
