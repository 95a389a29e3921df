/**
 * What a `.lanes` score file's directives say, as typed values: parts and
 * their clefs, time and key changes, pickups.
 */
import type { LanesDocument } from './document.ts';
import type { Alter, Step } from './pitch.ts';
import { type Rational, rational } from './rational.ts';
/**
 * The clefs a part's staff can carry: `treble8vb` sounds (and is read) an
 * octave below `treble` (a tenor's or guitar's clef), `treble8va` an octave
 * above (a piccolo's), `bass8vb` an octave below `bass` (a double bass's).
 */
export const CLEFS = [
  'treble',
  'bass',
  'alto',
  'tenor',
  'percussion',
  'treble8vb',
  'treble8va',
  'bass8vb',
] as const;

/** A staff's clef. */
export type Clef = (typeof CLEFS)[number];

/**
 * `%% part P1 name="Clarinet" abbr="Cl." staves=1 clefs=treble program=71 transpose=-M2`;
 * parts are numbered by their order.
 */
export interface PartDeclaration {
  readonly name: string;
  /** The short name printed on later systems (`abbr="Vc."`). */
  readonly abbreviation?: string;
  readonly staves: number;
  /** One clef per staff. */
  readonly clefs: readonly Clef[];
  /** The General MIDI program it plays with, 0 to 127 (`program=42`). */
  readonly program?: number;
  /**
   * How its written pitches sound, as an interval from written to sounding
   * (`transpose=-M2`: a B-flat clarinet sounds a major second lower), or as
   * MusicXML's `chromatic,diatonic[,octave]` numbers when no interval name
   * fits (`transpose=-3,-1`). Left out for a part that sounds as written.
   */
  readonly transpose?: string;
}

/**
 * The texts a score file's header may give (`%% composer: J. S. Bach`), in
 * the order canonical form writes them.
 *
 * @example
 * ```ts
 * SCORE_FILE_TEXTS.includes('composer'); // true
 * ```
 */
export const SCORE_FILE_TEXTS = [
  'title',
  'subtitle',
  'composer',
  'lyricist',
  'arranger',
  'copyright',
] as const;

/** One of {@link SCORE_FILE_TEXTS}. */
export type ScoreFileText = (typeof SCORE_FILE_TEXTS)[number];

/** `%% time m9 3/4`: from measure 9 on, three quarters a measure. */
export interface TimeChange {
  readonly measure: number;
  readonly beats: number;
  /** A power of two: 4 for quarters, 8 for eighths. */
  readonly beatType: number;
}

/** `%% key m1 G major`. */
export interface KeyChange {
  readonly measure: number;
  readonly tonic: { readonly step: Step; readonly alter: Alter };
  readonly mode: 'major' | 'minor';
  /** Sharps (positive) or flats (negative) in the key signature, -7 to 7. */
  readonly fifths: number;
}

/** `%% pickup m1 1/4`: the measure is shorter than its time signature. */
export interface PickupLength {
  readonly measure: number;
  readonly length: Rational;
}

/** `%% clef P2 s1 m5 @1/2 bass`: from that onset (0 when left out) of the measure on, the staff's clef. */
export interface ClefDirective {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  /** Whole notes after the bar line. */
  readonly onset: Rational;
  readonly clef: Clef;
}

/**
 * `%% barline m8 [1. ] :|`: the bar lines of one measure, as every part has
 * them (SPEC.md section 20). A volta begins where `voltaStart` gives its
 * passes and lasts up to the measure whose `voltaEnd` ends it.
 */
export interface BarlineDirective {
  readonly measure: number;
  /** `|:`: a repeat starts here. */
  readonly repeatStart?: true;
  /** `[1,2.`: a volta played on these passes begins here. */
  readonly voltaStart?: readonly number[];
  /** `]` or `)`: the volta this measure lies in ends here, closed or open. */
  readonly voltaEnd?: 'closed' | 'open';
  /** `:|`, `||` or `|.`: the bar line the measure ends with. */
  readonly end?: 'repeat' | 'double' | 'final';
  /** `:|x3`: how many times the repeat plays its section, when not 2. */
  readonly times?: number;
}

/** Everything a score file's directives say, changes ordered by measure. */
export interface ScoreHeader {
  readonly title?: string;
  readonly subtitle?: string;
  readonly composer?: string;
  readonly lyricist?: string;
  readonly arranger?: string;
  readonly copyright?: string;
  readonly parts: readonly PartDeclaration[];
  /**
   * The count from a `%% measures` directive; undefined when the file has
   * none, and the score then has as many measures as its highest `m`.
   */
  readonly measures?: number;
  readonly times: readonly TimeChange[];
  readonly keys: readonly KeyChange[];
  readonly pickups: readonly PickupLength[];
  /** Clef changes inside the music, by measure, part, staff and onset; left out when none. */
  readonly clefChanges?: readonly ClefDirective[];
  /** Each measure's bar lines that are not plain, by measure; left out when none. */
  readonly barlines?: readonly BarlineDirective[];
}

/** A whole score as a `.lanes` file holds it. */
export interface ScoreFile {
  readonly header: ScoreHeader;
  readonly document: LanesDocument;
}

const MAJOR_FIFTHS: Readonly<Record<Step, number>> = { F: -1, C: 0, G: 1, D: 2, A: 3, E: 4, B: 5 };

/**
 * The key signature of a key: sharps positive, flats negative; outside -7..7
 * for keys that need double accidentals (G# major is 8).
 *
 * @example
 * ```ts
 * keyFifths({ step: 'E', alter: 0 }, 'minor'); // 1
 * keyFifths({ step: 'B', alter: -1 }, 'major'); // -2
 * ```
 */
export function keyFifths(tonic: { step: Step; alter: number }, mode: 'major' | 'minor'): number {
  return MAJOR_FIFTHS[tonic.step] + 7 * tonic.alter - (mode === 'minor' ? 3 : 0);
}

/**
 * The length of a measure under a time signature.
 *
 * @example
 * ```ts
 * timeLength({ beats: 6, beatType: 8 }); // { num: 3, den: 4 }
 * ```
 */
export function timeLength(time: Pick<TimeChange, 'beats' | 'beatType'>): Rational {
  return rational(time.beats, time.beatType);
}
