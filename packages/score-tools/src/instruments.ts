/**
 * The common instruments a part can be made for, by name: abbreviation,
 * staves and clefs, transposition, General MIDI program and usual range
 * (the range from `instrument-ranges.ts`, so both agree).
 */
import type { Clef } from '@scorelane/lanes-seq';
import { INSTRUMENT_RANGES } from './instrument-ranges.ts';

/**
 * One instrument of the table.
 *
 * @example
 * ```ts
 * const viola: Instrument = {
 *   name: 'Viola', abbreviation: 'Vla.', staves: 1, clefs: ['alto'], transposition: 'P1',
 *   program: 41, low: 'C3', high: 'E6',
 * };
 * ```
 */
export interface Instrument {
  /** The part name a new part gets. */
  readonly name: string;
  readonly abbreviation: string;
  readonly staves: number;
  readonly clefs: readonly Clef[];
  /** From written to sounding pitch, as an interval (`-M2`: a B-flat clarinet sounds a major second below what is written); `P1` for none. */
  readonly transposition: string;
  /** General MIDI program, 0-based. */
  readonly program: number;
  /** The usual lowest and highest written pitch. */
  readonly low: string;
  readonly high: string;
}

type Row = readonly [
  name: string,
  abbreviation: string,
  clefs: readonly Clef[],
  transposition: string,
  program: number,
  range: string,
  aliases?: readonly string[],
];

// Name, abbreviation, clefs (one per staff), written-to-sounding interval, GM program, the name of its range.
const ROWS: readonly Row[] = [
  ['Piccolo', 'Picc.', ['treble'], 'P8', 72, 'piccolo'],
  ['Flute', 'Fl.', ['treble'], 'P1', 73, 'flute'],
  ['Alto Flute', 'A. Fl.', ['treble'], '-P4', 73, 'alto flute'],
  ['Oboe', 'Ob.', ['treble'], 'P1', 68, 'oboe'],
  ['English Horn', 'E. H.', ['treble'], '-P5', 69, 'english horn', ['cor anglais']],
  ['Clarinet in B-flat', 'Cl.', ['treble'], '-M2', 71, 'clarinet', ['clarinet', 'clarinet in bb']],
  ['Bass Clarinet', 'B. Cl.', ['treble'], '-M9', 71, 'bass clarinet'],
  ['Bassoon', 'Bsn.', ['bass'], 'P1', 70, 'bassoon'],
  ['Contrabassoon', 'Cbsn.', ['bass'], '-P8', 70, 'contrabassoon'],
  ['Alto Saxophone', 'A. Sax.', ['treble'], '-M6', 65, 'saxophone', ['alto sax', 'saxophone']],
  ['Tenor Saxophone', 'T. Sax.', ['treble'], '-M9', 66, 'saxophone', ['tenor sax']],
  ['Horn in F', 'Hn.', ['treble'], '-P5', 60, 'horn', ['horn', 'french horn']],
  ['Trumpet in B-flat', 'Tpt.', ['treble'], '-M2', 56, 'trumpet', ['trumpet']],
  ['Trombone', 'Tbn.', ['bass'], 'P1', 57, 'trombone'],
  ['Bass Trombone', 'B. Tbn.', ['bass'], 'P1', 57, 'bass trombone'],
  ['Tuba', 'Tba.', ['bass'], 'P1', 58, 'tuba'],
  ['Timpani', 'Timp.', ['bass'], 'P1', 47, 'timpani'],
  ['Xylophone', 'Xyl.', ['treble'], 'P8', 13, 'xylophone'],
  ['Marimba', 'Mar.', ['treble', 'bass'], 'P1', 12, 'marimba'],
  ['Vibraphone', 'Vib.', ['treble'], 'P1', 11, 'vibraphone'],
  ['Glockenspiel', 'Glock.', ['treble'], 'P15', 9, 'glockenspiel'],
  ['Harp', 'Hp.', ['treble', 'bass'], 'P1', 46, 'harp'],
  ['Piano', 'Pno.', ['treble', 'bass'], 'P1', 0, 'piano', ['pianoforte']],
  ['Organ', 'Org.', ['treble', 'bass'], 'P1', 19, 'organ'],
  ['Celesta', 'Cel.', ['treble', 'bass'], 'P8', 8, 'celesta'],
  ['Guitar', 'Gtr.', ['treble8vb'], 'P1', 24, 'guitar'],
  ['Bass Guitar', 'B. Gtr.', ['bass'], '-P8', 33, 'bass guitar', ['electric bass']],
  ['Violin', 'Vln.', ['treble'], 'P1', 40, 'violin'],
  ['Viola', 'Vla.', ['alto'], 'P1', 41, 'viola'],
  ['Cello', 'Vc.', ['bass'], 'P1', 42, 'cello', ['violoncello']],
  ['Double Bass', 'Cb.', ['bass'], '-P8', 43, 'double bass', ['contrabass', 'string bass']],
  ['Soprano', 'S.', ['treble'], 'P1', 52, 'soprano'],
  ['Mezzo-soprano', 'Mz.', ['treble'], 'P1', 52, 'mezzo-soprano', ['mezzo']],
  ['Alto', 'A.', ['treble'], 'P1', 52, 'alto', ['contralto']],
  ['Tenor', 'T.', ['treble8vb'], 'P1', 52, 'tenor'],
  ['Baritone', 'Bar.', ['bass'], 'P1', 52, 'baritone'],
  ['Bass', 'B.', ['bass'], 'P1', 52, 'bass voice', ['bass voice']],
];

/**
 * The table, in score order (woodwinds, brass, percussion, keyboards,
 * strings, voices).
 *
 * @example
 * ```ts
 * INSTRUMENTS.find((instrument) => instrument.name === 'Cello')?.clefs; // ['bass']
 * ```
 */
export const INSTRUMENTS: readonly Instrument[] = ROWS.map(
  ([name, abbreviation, clefs, transposition, program, range]) => {
    const usual = INSTRUMENT_RANGES.find((candidate) => candidate.name === range);
    if (!usual) throw new Error(`No range named "${range}" for ${name}.`);
    return {
      name,
      abbreviation,
      staves: clefs.length,
      clefs,
      transposition,
      program,
      low: usual.low,
      high: usual.high,
    };
  },
);

const normal = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

const BY_NAME = new Map<string, Instrument>();
ROWS.forEach(([name, abbreviation, , , , , aliases], index) => {
  const instrument = INSTRUMENTS[index]!;
  for (const key of [name, abbreviation.replace(/\.$/, ''), ...(aliases ?? [])]) {
    if (!BY_NAME.has(normal(key))) BY_NAME.set(normal(key), instrument);
  }
});

/**
 * The instrument of the table called `name` (its name, abbreviation or a
 * common other name, in any case), or `undefined`.
 *
 * @example
 * ```ts
 * instrumentNamed('violoncello')?.name; // 'Cello'
 * instrumentNamed('kazoo'); // undefined
 * ```
 */
export function instrumentNamed(name: string): Instrument | undefined {
  return BY_NAME.get(normal(name));
}
