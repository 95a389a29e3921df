/**
 * An instrument's usual range as written in the clef in force: the table
 * gives each range in the clef the instrument is usually written in, and a
 * staff in another octave of the same clef (a plain treble for a tenor or a
 * guitar, whose parts were long written an octave up; `treble8va` for a
 * piccolo; `bass8vb` for a double bass) moves the written range by that
 * octave. A clef of another family (a tenor in bass clef) reads the range as
 * it is.
 */
import { type Clef, formatPitch, parsePitch } from '@scorelane/lanes-seq';

/** Each clef's family and the octave it reads in, against the plain clef of that family. */
const CLEF_OCTAVES: Readonly<Record<Clef, { readonly family: string; readonly octave: number }>> = {
  treble: { family: 'G', octave: 0 },
  treble8vb: { family: 'G', octave: -1 },
  treble8va: { family: 'G', octave: 1 },
  bass: { family: 'F', octave: 0 },
  bass8vb: { family: 'F', octave: -1 },
  alto: { family: 'C', octave: 0 },
  tenor: { family: 'C', octave: 0 },
  percussion: { family: 'percussion', octave: 0 },
};

/** A range as `instrumentFor` gives it. */
export interface WrittenRange {
  readonly low: string;
  readonly high: string;
  readonly lowMidi: number;
  readonly highMidi: number;
  /** The octave clef the range is written in; left out, a plain clef. */
  readonly clef?: Clef;
}

function moved(pitch: string, octaves: number): string {
  const parsed = parsePitch(pitch)!;
  return formatPitch({ ...parsed, octave: parsed.octave + octaves });
}

/**
 * The range as written on a staff in `clef`.
 *
 * @example
 * ```ts
 * rangeInClef(instrumentFor('Tenor')!, 'treble'); // { low: 'C4', high: 'A5', lowMidi: 60, highMidi: 81, clef: 'treble' }
 * rangeInClef(instrumentFor('Tenor')!, 'bass'); // as the table has it: C3-A4
 * ```
 */
export function rangeInClef(range: WrittenRange, clef: Clef): WrittenRange {
  const staff = CLEF_OCTAVES[clef];
  // A range in a plain clef is read in the plain clef of the staff's own family.
  const written = range.clef === undefined ? { ...staff, octave: 0 } : CLEF_OCTAVES[range.clef];
  if (written.family !== staff.family || written.octave === staff.octave) return range;
  // The same note sits an octave higher in writing on a staff that reads an octave higher.
  const octaves = staff.octave - written.octave;
  return {
    low: moved(range.low, octaves),
    high: moved(range.high, octaves),
    lowMidi: range.lowMidi + 12 * octaves,
    highMidi: range.highMidi + 12 * octaves,
    clef,
  };
}
