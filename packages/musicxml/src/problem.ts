/**
 * Why an import was refused, or what it could not place: each problem with a
 * code from a documented list, a message that says what to do, and the part
 * and measure where known.
 */

/**
 * Every code an import can report, with what it means. Codes are never
 * renamed, only added. `not-xml` to `number-out-of-range` refuse the file;
 * the rest are warnings on a successful import.
 *
 * @example
 * ```ts
 * MUSICXML_PROBLEM_CODES['not-musicxml']; // "The XML is not a MusicXML score: ..."
 * ```
 */
export const MUSICXML_PROBLEM_CODES = {
  'not-xml': 'The input is not well-formed XML (or not text at all).',
  'not-musicxml':
    'The XML is not a MusicXML score: its root is not score-partwise or score-timewise.',
  'unreadable-archive':
    'A compressed .mxl file whose zip cannot be read, or that holds no MusicXML score.',
  'too-large':
    'The input holds more than 64 MiB of MusicXML (MAX_SCORE_BYTES), an .mxl archive unpacks to more, or its XML passes a limit of limits.ts (elements nested more than MAX_XML_DEPTH deep, more than MAX_XML_ELEMENTS elements, a part of more than MAX_SCORE_MEASURES measures); it is not read.',
  'unsupported-encoding':
    'The file declares a character encoding this runtime cannot decode (TextDecoder does not know it); save it as UTF-8.',
  'no-parts': 'The score has no part with any measure.',
  'unsupported-pitch':
    'A pitch the model cannot hold: a microtone (a non-integer alter), more than two sharps or flats, or an octave outside -1..9.',
  'number-out-of-range':
    'A number in the file (divisions, a duration, an offset) is too large or too fine to hold exactly, a <divisions> that is not a positive number, or a score longer than export can write.',
  'voice-overlap':
    'Notes of one voice overlap in time; the later ones were moved to a voice of their own.',
  'chord-duration':
    'A chord note lasts longer or shorter than the first note of its chord; the chord keeps the first duration.',
  'backup-before-start':
    'A <backup> goes back past the start of the measure; the position was set to the start.',
  'unfinished-tie':
    'A <tie> starts on a note that the next note of its voice does not hold, or ends on a note no tie reaches; it ties nothing, so it was removed (a drawn <tied> is kept as it was).',
  'bad-duration':
    'A <duration> that is not a positive number (negative, or not a number): a note was read from its <type> (or left out without one), a <backup> or <forward> was ignored.',
  'zero-duration': 'A note with <duration>0</duration> and no <grace/> was read as a grace note.',
  'grace-rest': 'A grace rest was left out: Scorelane holds no grace rests.',
  'encoding-errors':
    'Bytes that are not valid in the encoding the file declares (or UTF-8) were read as the replacement character U+FFFD.',
  'rounded-duration':
    'Tuplet notes whose <duration> is their printed value (type, dots, time-modification) rounded to whole divisions were read as the printed value, because the measure adds up only so; export writes it exactly, in finer <divisions>.',
  'missing-duration':
    'A note has neither a <duration> nor a <type>; it was read as taking no time and dropped.',
  'bad-staves':
    'A <staves> that is not a whole number from 1 to 64 (MAX_PART_STAVES) was not read; the part has the staves its notes are on.',
  'bad-key':
    'A <fifths> that is not a whole number from -14 to 14 was read as no sharps or flats; every note keeps its own <alter>, so the pitches are as written.',
  'bad-time':
    'A <time> whose beats or beat-type is not a positive whole number (such as 0/4) was not read; its measure is in the time before it (4/4 at the start).',
  'rootfile-not-in-archive':
    "An .mxl archive's META-INF/container.xml names a score that is not in the archive (a path outside it, or a missing file); the one MusicXML score the archive holds was read instead.",
} as const;

/**
 * The stable code of an import problem; see {@link MUSICXML_PROBLEM_CODES}.
 *
 * @example
 * ```ts
 * const code: MusicXmlProblemCode = 'unsupported-pitch';
 * MUSICXML_PROBLEM_CODES[code]; // what it means
 * ```
 */
export type MusicXmlProblemCode = keyof typeof MUSICXML_PROBLEM_CODES;

/**
 * One problem with an input file. `part` and `measure` are 1-based indexes
 * (the measure's place in the score, a pickup counting as the first).
 *
 * @example
 * ```ts
 * const problem: MusicXmlProblem = {
 *   code: 'unsupported-pitch',
 *   part: 1,
 *   measure: 2,
 *   message: 'Part 1, measure 2: the pitch G with alter 0.5 is a microtone; Scorelane holds only whole semitones. Remove the microtones, or keep the file in a program that supports them.',
 * };
 * ```
 */
export interface MusicXmlProblem {
  readonly code: MusicXmlProblemCode;
  readonly message: string;
  readonly part?: number;
  readonly measure?: number;
}

/**
 * Where a problem is, as a prefix for its message: `Part 1, measure 3: `.
 *
 * @example
 * ```ts
 * placeLabel(1, 3); // "Part 1, measure 3: "
 * ```
 */
export function placeLabel(part: number | undefined, measure: number | undefined): string {
  if (part !== undefined && measure !== undefined) return `Part ${part}, measure ${measure}: `;
  if (part !== undefined) return `Part ${part}: `;
  if (measure !== undefined) return `Measure ${measure}: `;
  return '';
}
