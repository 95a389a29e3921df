/**
 * Reporting what is wrong with a pitch: from the draft `readPitch` filled,
 * one problem per mistake, each hint showing the whole corrected pitch and,
 * where the fix is sure, the edit that makes it.
 */

import {
  CLOSE,
  EQUALS,
  FLAT_SIGN,
  HASH,
  isDigit,
  isSpace,
  LOWER_R,
  LOWER_X,
  SHARP_SIGN,
} from './char-codes.ts';
import { foreignSpellingProblem, reinterpretDashFlat } from './foreign-pitch-hint.ts';
import type { TextEdit } from './issue.ts';
import { type Cursor, quote, report, reportStrayCharacter } from './parse-cursor.ts';
import {
  ACCIDENTAL_TEXT,
  AccidentalForm,
  OctaveForm,
  type PitchDraft,
  STEP_LETTERS,
  TrailingForm,
  unicodeAccidental,
} from './pitch-draft.ts';
import { describeCharacter, quoteSource } from './source-text.ts';

/** Reports what is wrong with the pitch from `start` to the cursor, as the draft describes it. */
export function reportPitchProblems(cursor: Cursor, start: number, draft: PitchDraft): void {
  reinterpretDashFlat(cursor.text, draft);
  const fixable =
    draft.accidental !== AccidentalForm.TooMany &&
    draft.accidental !== AccidentalForm.Mixed &&
    draft.accidental !== AccidentalForm.AmbiguousDashes &&
    draft.octaveForm !== OctaveForm.OutOfRange &&
    draft.octaveForm !== OctaveForm.Missing;
  const step = STEP_LETTERS[draft.stepIndex]!;
  const octave = fixable ? draft.octave : 4;
  const corrected = `${step}${ACCIDENTAL_TEXT[draft.alter + 2]}${octave}`;
  const edit: TextEdit | undefined = fixable
    ? { start, end: cursor.pos, text: corrected }
    : undefined;
  draft.corrected = fixable ? corrected : undefined;
  if (draft.lowercase && draft.octaveForm !== OctaveForm.Missing) {
    report(
      cursor,
      'lowercase-step',
      start,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} has a lower-case step.`,
      `pitch steps are upper case: ${fixable ? corrected : step}`,
      edit,
    );
  }
  reportAccidental(cursor, start, draft, corrected, edit);
  reportOctave(cursor, start, draft, corrected, edit);
  if (draft.trailing === TrailingForm.Accidental) {
    report(
      cursor,
      'invalid-accidental',
      draft.trailingStart,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} puts its accidental after the octave.`,
      `write the step, then the accidental, then the octave: ${corrected}`,
      edit,
    );
  } else if (draft.trailing === TrailingForm.OctaveMarks) {
    report(
      cursor,
      'unexpected-character',
      draft.trailingStart,
      cursor.pos,
      `The pitch ${quote(cursor, start, cursor.pos)} has an octave mark after its octave number.`,
      `lanes-seq gives the octave by its number alone: ${corrected}`,
      edit,
    );
  }
}

function reportAccidental(
  cursor: Cursor,
  start: number,
  draft: PitchDraft,
  corrected: string,
  edit: TextEdit | undefined,
): void {
  if (draft.accidental === AccidentalForm.Plain) return;
  const from = draft.accidentalStart;
  const to = draft.accidentalEnd;
  if (draft.accidental === AccidentalForm.Unicode) {
    const unicode = unicodeAccidental(cursor.text, from)!;
    report(
      cursor,
      'unicode-accidental',
      from,
      to,
      `The accidental ${describeCharacter(cursor.text, from)} is not lanes-seq.`,
      unicode.hint(corrected),
      edit,
    );
    return;
  }
  const [message, hint] = accidentalProblem(cursor, start, draft, corrected);
  report(cursor, 'invalid-accidental', from, to, message, hint, edit);
}

/** The message and hint for an accidental written in a way lanes-seq does not read. */
function accidentalProblem(
  cursor: Cursor,
  start: number,
  draft: PitchDraft,
  corrected: string,
): readonly [message: string, hint: string] {
  const written = quote(cursor, draft.accidentalStart, draft.accidentalEnd);
  const pitch = quote(cursor, start, cursor.pos);
  const step = STEP_LETTERS[draft.stepIndex]!;
  const foreign = foreignSpellingProblem(draft, pitch, written, corrected);
  if (foreign !== undefined) return foreign;
  switch (draft.accidental) {
    case AccidentalForm.TooMany:
      return [
        `The accidental ${written} alters by more than two semitones.`,
        'accidentals are #, ##, b and bb',
      ];
    case AccidentalForm.Mixed:
      return [
        `The pitch ${pitch} mixes sharps and flats.`,
        `an accidental is #, ##, b or bb, never both: write ${step}#, ${step}b or ${step} with its octave`,
      ];
    case AccidentalForm.Natural:
      return [
        'A natural sign "n" after a pitch step.',
        `a natural takes no sign: ${corrected} is natural in every key`,
      ];
    case AccidentalForm.DoubleSharpX:
      return [
        `The accidental ${written} is not lanes-seq.`,
        `write double sharps as ##: ${corrected}`,
      ];
    case AccidentalForm.German:
      return [
        `The pitch ${pitch} spells its accidental in German (${written}).`,
        `write sharps as # and flats as b: ${corrected}`,
      ];
    default:
      return [`The accidental ${written} is not lanes-seq.`, `write sharps as #: ${corrected}`];
  }
}

function reportOctave(
  cursor: Cursor,
  start: number,
  draft: PitchDraft,
  corrected: string,
  edit: TextEdit | undefined,
): void {
  const from = draft.octaveStart;
  const to = draft.octaveEnd;
  const written = quoteSource(cursor.text.slice(from, to));
  const plainStep = draft.accidental === AccidentalForm.Plain && draft.alter === 0;
  switch (draft.octaveForm) {
    case OctaveForm.Plain:
      return;
    case OctaveForm.Missing: {
      const pitch = `${STEP_LETTERS[draft.stepIndex]}${ACCIDENTAL_TEXT[draft.alter + 2]}`;
      report(
        cursor,
        'missing-octave',
        start,
        cursor.pos,
        `The pitch ${quote(cursor, start, cursor.pos)} has no octave.`,
        `give every pitch its octave, as in ${pitch}4 (C4 is middle C)`,
      );
      return;
    }
    case OctaveForm.OutOfRange:
      report(
        cursor,
        'octave-out-of-range',
        from,
        to,
        `The octave ${written} is outside -1 to 9.`,
        'octaves run from -1 to 9; C4 is middle C',
      );
      return;
    case OctaveForm.DashFlat:
      report(
        cursor,
        'octave-out-of-range',
        from,
        to,
        `The octave ${written} is outside -1 to 9: the "-" is a flat, as music21 writes it.`,
        `write flats as b: ${corrected}`,
        edit,
      );
      return;
    case OctaveForm.SignedZero:
      report(
        cursor,
        'invalid-number',
        from,
        to,
        'The octave "-0" has a sign.',
        plainStep
          ? `write octave 0 without a sign: ${corrected}; if the "-" is a flat, as music21 writes it, that is ${STEP_LETTERS[draft.stepIndex]}b0`
          : `write octave 0 without a sign: ${corrected}`,
        // After a plain step the "-" may be music21's flat: no sure fix.
        plainStep ? undefined : edit,
      );
      return;
    case OctaveForm.LeadingZero:
      report(
        cursor,
        'invalid-number',
        from,
        to,
        `The octave ${written} has a leading zero.`,
        `write the octave without leading zeros: ${corrected}`,
        edit,
      );
      return;
    case OctaveForm.FullWidth:
      report(
        cursor,
        'unexpected-character',
        from,
        to,
        `The octave ${written} is written with full-width digits.`,
        `write the octave with the digits 0-9: ${corrected}`,
        edit,
      );
      return;
  }
}

export function reportNotAPitch(cursor: Cursor, start: number): void {
  const { text } = cursor;
  let end = start;
  while (end < cursor.contentEnd) {
    const c = text.charCodeAt(end);
    if (isSpace(c) || c === EQUALS || c === CLOSE) break;
    end++;
  }
  const token = text.slice(start, Math.max(end, start + 1));
  const code = text.codePointAt(start) ?? 0;
  if (code === SHARP_SIGN || code === FLAT_SIGN || code === HASH) {
    report(
      cursor,
      'invalid-pitch',
      start,
      end,
      `${quoteSource(token)} puts the accidental before the step.`,
      'write the step, then the accidental, then the octave: F#4, Bb3',
    );
    return;
  }
  if (code === 72 || code === 104) {
    report(
      cursor,
      'invalid-pitch',
      start,
      end,
      `${quoteSource(token)} is not a pitch: lanes-seq uses the steps A to G.`,
      'write the German H as B, and B as Bb',
    );
    return;
  }
  if (reportStrayCharacter(cursor, start)) return;
  if (code < 0x20 || code === 0x7f) {
    report(
      cursor,
      'unexpected-character',
      start,
      start + 1,
      `Unexpected ${describeCharacter(text, start)} in a lane.`,
      'events are separated by spaces or tabs',
    );
    return;
  }
  if (code === EQUALS) {
    report(
      cursor,
      'invalid-pitch',
      start,
      start + 1,
      'An event starts with "=": what sounds is missing before it.',
      'write the pitch, chord, r or x before "=": C4=1/4',
    );
    return;
  }
  if ((code === LOWER_R || code === LOWER_X) && isDigit(text.charCodeAt(start + 1))) {
    reportRestWithOctave(cursor, start, end);
    return;
  }
  report(
    cursor,
    'invalid-pitch',
    start,
    end,
    `${quoteSource(token)} is not a pitch, a rest or an invisible rest.`,
    'an event starts with a pitch (C4, F#4, Bb3), a chord (C4 E4 G4), r for a rest or x for an invisible rest',
  );
}

/** `r4=1/4`: a rest written with an octave. The fix drops the digits and keeps the duration. */
function reportRestWithOctave(cursor: Cursor, start: number, end: number): void {
  const { text } = cursor;
  const letter = text[start]!;
  let digitsEnd = start + 1;
  while (isDigit(text.charCodeAt(digitsEnd))) digitsEnd++;
  const hasDuration = text.charCodeAt(digitsEnd) === EQUALS;
  let durationEnd = digitsEnd;
  while (durationEnd < cursor.contentEnd && !isSpace(text.charCodeAt(durationEnd))) durationEnd++;
  const duration = text.slice(digitsEnd, durationEnd);
  // `r4` with its duration left out: dropping the digits leaves `r`, valid once the line has a duration to repeat.
  const repeats =
    durationEnd === digitsEnd &&
    typeof cursor.lastDuration === 'object' &&
    cursor.lastDuration !== null;
  report(
    cursor,
    'invalid-pitch',
    start,
    end,
    `${letter === 'r' ? 'A rest' : 'An invisible rest'} has no octave: ${quoteSource(text.slice(start, end))}.`,
    hasDuration || repeats
      ? `write it with its duration only: ${letter}${duration}`
      : `write it with its duration only, as in ${letter}=1/4`,
    hasDuration || repeats ? { start: start + 1, end: digitsEnd, text: '' } : undefined,
  );
}
