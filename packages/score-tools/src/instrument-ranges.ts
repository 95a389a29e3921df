/**
 * The usual ranges of common instruments, as written in the score (the model
 * holds written pitch: a B-flat clarinet's part is in its written range),
 * read through the clef the instrument is usually written in: a tenor's and
 * a guitar's `treble8vb`, so their ranges are where they sound (lanes-seq
 * SPEC.md §11.3); a piccolo's and a double bass's plain clef, so theirs are
 * an octave from where they sound. A note outside its instrument's range is
 * a warning, never a refusal: players extend ranges, and a part's name is
 * only a guess at its instrument.
 */
import { type Clef, midiNumber, parsePitch } from '@scorelane/lanes-seq';

/**
 * One instrument: the part names it matches, and its usual lowest and
 * highest written pitch.
 *
 * @example
 * ```ts
 * const violin: InstrumentRange = { name: 'violin', match: /\bviolin|\bvln\b|\bvl\b/i, low: 'G3', high: 'A7' };
 * ```
 */
export interface InstrumentRange {
  readonly name: string;
  readonly match: RegExp;
  readonly low: string;
  readonly high: string;
  /** The octave clef `low` and `high` are written in; left out, a plain clef. */
  readonly clef?: Clef;
}

/**
 * The table, most specific names first (a "bass clarinet" is not a
 * "clarinet", a "double bass" not a "bass" voice).
 *
 * @example
 * ```ts
 * INSTRUMENT_RANGES.find((range) => range.match.test('Violin I'))?.low; // 'G3'
 * ```
 */
export const INSTRUMENT_RANGES: readonly InstrumentRange[] = [
  { name: 'piccolo', match: /piccolo|\bpicc\b/i, low: 'D4', high: 'C7' },
  { name: 'alto flute', match: /alto flute/i, low: 'C4', high: 'C7' },
  { name: 'flute', match: /flute|\bfl\b/i, low: 'C4', high: 'D7' },
  { name: 'english horn', match: /english horn|cor anglais/i, low: 'B3', high: 'G6' },
  { name: 'oboe', match: /oboe|\bob\b/i, low: 'Bb3', high: 'A6' },
  { name: 'bass clarinet', match: /bass clarinet/i, low: 'Eb3', high: 'G6' },
  { name: 'clarinet', match: /clarinet|\bcl\b/i, low: 'E3', high: 'C7' },
  { name: 'contrabassoon', match: /contrabassoon|contra-bassoon/i, low: 'Bb1', high: 'Bb4' },
  { name: 'bassoon', match: /bassoon|\bbsn\b/i, low: 'Bb1', high: 'E5' },
  { name: 'saxophone', match: /sax/i, low: 'Bb3', high: 'F#6' },
  { name: 'horn', match: /\bhorn|\bhn\b/i, low: 'F#2', high: 'C6' },
  { name: 'trumpet', match: /trumpet|\btpt\b/i, low: 'F#3', high: 'D6' },
  { name: 'bass trombone', match: /bass trombone/i, low: 'Bb1', high: 'Bb4' },
  { name: 'trombone', match: /trombone|\btbn\b/i, low: 'E2', high: 'F5' },
  { name: 'tuba', match: /tuba/i, low: 'D1', high: 'F4' },
  { name: 'timpani', match: /timpani|\btimp\b/i, low: 'D2', high: 'C4' },
  { name: 'xylophone', match: /xylophone/i, low: 'F4', high: 'C8' },
  { name: 'marimba', match: /marimba/i, low: 'C2', high: 'C7' },
  { name: 'vibraphone', match: /vibraphone/i, low: 'F3', high: 'F6' },
  { name: 'glockenspiel', match: /glockenspiel/i, low: 'G3', high: 'C6' },
  { name: 'harp', match: /harp/i, low: 'Cb1', high: 'G#7' },
  { name: 'piano', match: /piano|pianoforte|\bpno\b/i, low: 'A0', high: 'C8' },
  { name: 'organ', match: /organ/i, low: 'C1', high: 'C7' },
  { name: 'celesta', match: /celesta/i, low: 'C4', high: 'C8' },
  { name: 'bass guitar', match: /bass guitar|electric bass/i, low: 'E2', high: 'G5' },
  { name: 'guitar', match: /guitar|\bgtr\b/i, low: 'E2', high: 'B5', clef: 'treble8vb' },
  { name: 'violin', match: /violin|\bvln\b|\bvl\b/i, low: 'G3', high: 'A7' },
  { name: 'viola', match: /viola|\bvla\b/i, low: 'C3', high: 'E6' },
  { name: 'cello', match: /cello|violoncello|\bvc\b/i, low: 'C2', high: 'A5' },
  {
    name: 'double bass',
    match: /double bass|contrabass|\bcb\b|string bass/i,
    low: 'E2',
    high: 'G5',
  },
  { name: 'soprano', match: /soprano/i, low: 'C4', high: 'A5' },
  { name: 'mezzo-soprano', match: /mezzo/i, low: 'A3', high: 'F#5' },
  { name: 'alto', match: /\balto\b|contralto/i, low: 'F3', high: 'D5' },
  { name: 'tenor', match: /tenor/i, low: 'C3', high: 'A4', clef: 'treble8vb' },
  { name: 'baritone', match: /baritone/i, low: 'A2', high: 'F4' },
  { name: 'bass voice', match: /\bbass\b/i, low: 'E2', high: 'E4' },
];

/**
 * The instrument a part name most likely means, with its range as MIDI note
 * numbers, or `undefined` when the name matches none.
 *
 * @example
 * ```ts
 * instrumentFor('Violin 1'); // { name: 'violin', low: 'G3', high: 'A7', lowMidi: 55, highMidi: 105 }
 * instrumentFor('Part 3'); // undefined
 * ```
 */
export function instrumentFor(partName: string):
  | {
      name: string;
      low: string;
      high: string;
      lowMidi: number;
      highMidi: number;
      clef?: Clef;
    }
  | undefined {
  const range = INSTRUMENT_RANGES.find((candidate) => candidate.match.test(partName));
  if (!range) return undefined;
  return {
    name: range.name,
    low: range.low,
    high: range.high,
    lowMidi: midiNumber(parsePitch(range.low)!),
    highMidi: midiNumber(parsePitch(range.high)!),
    ...(range.clef ? { clef: range.clef } : {}),
  };
}
