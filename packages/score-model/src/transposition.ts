/**
 * A transposing instrument's transposition (MusicXML `<transpose>`): how far
 * the part sounds from what is written. The score holds written pitches
 * (lanes-seq SPEC §11); MIDI export and playback add the transposition.
 */
import { type Interval, parseInterval } from '@scorelane/lanes-seq';

/**
 * From written to sounding pitch, as MusicXML's `<transpose>` says it:
 * `chromatic` semitones and `diatonic` staff steps (both signed, usually
 * within an octave), plus `octaveChange` whole octaves. A B-flat clarinet
 * sounds a major second below what is written (`chromatic: -2, diatonic:
 * -1`); a double bass an octave below (`octaveChange: -1`); a bass clarinet
 * a major ninth below (all three). A part without one sounds as written.
 *
 * @example
 * ```ts
 * const clarinet: Transposition = { chromatic: -2, diatonic: -1 };
 * const bassClarinet: Transposition = { chromatic: -2, diatonic: -1, octaveChange: -1 };
 * ```
 */
export interface Transposition {
  readonly chromatic: number;
  readonly diatonic: number;
  readonly octaveChange?: number;
}

/** The most a transposition may move, either way: four octaves. */
export const MAX_TRANSPOSITION_SEMITONES = 48;

/**
 * The semitones from written to sounding pitch.
 *
 * @example
 * ```ts
 * transpositionSemitones({ chromatic: -2, diatonic: -1, octaveChange: -1 }); // -14
 * transpositionSemitones(undefined); // 0
 * ```
 */
export function transpositionSemitones(transposition: Transposition | undefined): number {
  if (!transposition) return 0;
  return transposition.chromatic + 12 * (transposition.octaveChange ?? 0);
}

/** The transposition as one interval: staff steps and semitones, octaves folded in. */
function asInterval(transposition: Transposition): Interval {
  const octaves = transposition.octaveChange ?? 0;
  return {
    steps: transposition.diatonic + 7 * octaves,
    semitones: transposition.chromatic + 12 * octaves,
  };
}

/**
 * The transposition of an interval written as `transpose_measures` takes
 * it (`-M2`, `P8`, `-M9`), split as MusicXML does: octaves in
 * `octaveChange`, the rest in `chromatic` and `diatonic`. `undefined` for
 * text that is not an interval, or moves more than four octaves; a unison
 * (`P1`) gives `{ chromatic: 0, diatonic: 0 }`.
 *
 * @example
 * ```ts
 * transpositionFromInterval('-M9'); // { chromatic: -2, diatonic: -1, octaveChange: -1 }
 * transpositionFromInterval('P8');  // { chromatic: 0, diatonic: 0, octaveChange: 1 }
 * ```
 */
export function transpositionFromInterval(text: string): Transposition | undefined {
  const interval = parseInterval(text);
  if (!interval || Math.abs(interval.semitones) > MAX_TRANSPOSITION_SEMITONES) return undefined;
  const sign = interval.steps < 0 || (interval.steps === 0 && interval.semitones < 0) ? -1 : 1;
  const octaves = Math.floor(Math.abs(interval.steps) / 7);
  // `|| 0` writes a downward unison's -0 as 0.
  const transposition = {
    chromatic: interval.semitones - sign * 12 * octaves || 0,
    diatonic: interval.steps - sign * 7 * octaves || 0,
  };
  return octaves === 0 ? transposition : { ...transposition, octaveChange: sign * octaves };
}

const BASE = [0, 2, 4, 5, 7, 9, 11];
const PERFECT = new Set([0, 3, 4]);
const PERFECT_QUALITY: Record<number, string> = { [-2]: 'dd', [-1]: 'd', 0: 'P', 1: 'A', 2: 'AA' };
const MAJOR_QUALITY: Record<number, string> = {
  [-3]: 'dd',
  [-2]: 'd',
  [-1]: 'm',
  0: 'M',
  1: 'A',
  2: 'AA',
};

/**
 * The transposition as an interval name (`-M2`, `P8`, `-M9`), as
 * {@link transpositionFromInterval} reads it; `P1` for none, and
 * `+3 semitones` when no interval name fits its steps and semitones.
 *
 * @example
 * ```ts
 * transpositionName({ chromatic: -2, diatonic: -1 }); // '-M2'
 * transpositionName(undefined); // 'P1'
 * ```
 */
export function transpositionName(transposition: Transposition | undefined): string {
  if (!transposition) return 'P1';
  const { steps, semitones } = asInterval(transposition);
  const down = steps < 0 || (steps === 0 && semitones < 0);
  const size = Math.abs(steps);
  const simple = size % 7;
  const offset = (down ? -semitones : semitones) - (BASE[simple]! + 12 * Math.floor(size / 7));
  const quality = (PERFECT.has(simple) ? PERFECT_QUALITY : MAJOR_QUALITY)[offset];
  if (quality === undefined || (size === 0 && offset < 0)) {
    return `${semitones >= 0 ? '+' : ''}${semitones} semitones`;
  }
  return `${down ? '-' : ''}${quality}${size + 1}`;
}

/**
 * Whether two transpositions move the same way (none and a unison are the same).
 *
 * @example
 * ```ts
 * sameTransposition(undefined, { chromatic: 0, diatonic: 0 }); // true
 * ```
 */
export function sameTransposition(
  a: Transposition | undefined,
  b: Transposition | undefined,
): boolean {
  const left = a ? asInterval(a) : { steps: 0, semitones: 0 };
  const right = b ? asInterval(b) : { steps: 0, semitones: 0 };
  return left.steps === right.steps && left.semitones === right.semitones;
}

/**
 * Whether a transposition says anything: not a unison.
 *
 * @example
 * ```ts
 * isTransposing({ chromatic: 0, diatonic: 0 }); // false
 * ```
 */
export function isTransposing(transposition: Transposition | undefined): boolean {
  return !sameTransposition(transposition, undefined);
}
