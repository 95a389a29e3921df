/**
 * The plain values a score is made of, as callers see them: parts, measure
 * signatures, events with their attachments, and the content of one unit.
 */
import type {
  Alter,
  Clef,
  LaneEvent,
  OnsetMarks,
  Rational,
  Step,
  Syllable,
} from '@scorelane/lanes-seq';
import type { Json } from './json.ts';
import type { Transposition } from './transposition.ts';

/**
 * A time signature: `beats` of `1/beatType` each.
 *
 * @example
 * ```ts
 * const waltz: TimeSignature = { beats: 3, beatType: 4 };
 * ```
 */
export interface TimeSignature {
  readonly beats: number;
  readonly beatType: number;
}

/**
 * A tonic without octave: `F#`, `Bb`.
 *
 * @example
 * ```ts
 * const fSharp: Tonic = { step: 'F', alter: 1 };
 * ```
 */
export interface Tonic {
  readonly step: Step;
  readonly alter: Alter;
}

/**
 * A key signature: a tonic and a mode, with the number of sharps (positive)
 * or flats (negative) it implies.
 *
 * @example
 * ```ts
 * const gMajor: KeySignature = { tonic: { step: 'G', alter: 0 }, mode: 'major', fifths: 1 };
 * ```
 */
export interface KeySignature {
  readonly tonic: Tonic;
  readonly mode: 'major' | 'minor';
  readonly fifths: number;
  /**
   * `true` when the source gave the signature but no mode (a MusicXML
   * `<key>` without `<mode>`, a church mode, or no `<key>` at all): `tonic`
   * and `mode` are then only the major reading of `fifths`, and the key is
   * named by its signature ("no sharps or flats", "2 sharps").
   */
  readonly modeUnstated?: true;
}

/**
 * One part: its name and abbreviation, staves and one clef per staff, the
 * MIDI program (0-127) it plays with, and the transposition of a
 * transposing instrument. Its notes are written pitches (lanes-seq SPEC
 * §11): a B-flat clarinet's written D5 sounds C5.
 *
 * @example
 * ```ts
 * const piano: PartInfo = { name: 'Piano', staves: 2, clefs: ['treble', 'bass'], program: 0 };
 * ```
 */
export interface PartInfo {
  readonly name: string;
  readonly staves: number;
  readonly clefs: readonly Clef[];
  /** General MIDI program, 0-based; left out means the host's default. */
  readonly program?: number;
  /** The short name printed before later systems (`Vln.`); left out: none. */
  readonly abbreviation?: string;
  /**
   * From written to sounding pitch (MusicXML `<transpose>` in the part's
   * first measure); left out: the part sounds as written. MIDI export and
   * playback sound written pitch plus this; reads, writes and range
   * warnings stay in written pitch.
   */
  readonly transposition?: Transposition;
  /** What an importer hands over and the model does not read. */
  readonly attachments?: Json;
}

/**
 * One measure's signatures: the time and key in force in it (stored on every
 * measure, so inserting or deleting measures elsewhere never changes them),
 * the shorter length of a pickup or incomplete measure, and the number
 * printed on the page when it is not the index.
 *
 * @example
 * ```ts
 * const pickup: MeasureInfo = {
 *   time: { beats: 4, beatType: 4 },
 *   key: { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 },
 *   pickup: rational(1, 4),
 *   number: '0',
 * };
 * ```
 */
export interface MeasureInfo {
  readonly time: TimeSignature;
  readonly key: KeySignature;
  /** The measure's length when shorter (or longer) than its time signature. */
  readonly pickup?: Rational;
  /** The printed number, when an importer gave one. */
  readonly number?: string;
  /** Its bar lines and volta, when any is more than a plain bar line; left out: none. */
  readonly barlines?: MeasureBarlines;
  readonly attachments?: Json;
}

/**
 * The bar line a measure ends with, when it is not a plain one: a double
 * bar (`||`), a final bar (`|.`), or a repeat back (`:|`).
 *
 * @example
 * ```ts
 * const end: EndBarline = 'repeat';
 * ```
 */
export type EndBarline = 'double' | 'final' | 'repeat';

/**
 * A volta (first or second ending) a measure lies in: the passes it is
 * played on, and, in its last measure, how it ends (`closed`: the bracket
 * hooks down; `open`: it does not, as a last ending usually is). A volta
 * begins at the first measure of a run holding it.
 *
 * @example
 * ```ts
 * const first: Volta = { numbers: [1], end: 'closed' };
 * ```
 */
export interface Volta {
  /** The passes it is played on, ascending: `[1]`, `[1, 2]`. */
  readonly numbers: readonly number[];
  /** Set in the volta's last measure; left out where it goes on into the next measure. */
  readonly end?: 'closed' | 'open';
}

/**
 * A measure's bar lines, as every part of the score has them: a repeat sign
 * at its start, the bar line it ends with, how often a repeat back plays
 * the section, and the volta it lies in. Every field is left out when plain.
 *
 * @example
 * ```ts
 * const firstEnding: MeasureBarlines = { end: 'repeat', volta: { numbers: [1], end: 'closed' } };
 * ```
 */
export interface MeasureBarlines {
  /** `true`: a repeat starts here (`|:`). */
  readonly repeatStart?: true;
  readonly end?: EndBarline;
  /** With `end: 'repeat'`: how many times the section is played in all (2 when left out). */
  readonly times?: number;
  readonly volta?: Volta;
}

/**
 * One syllable of one verse sung on a note or chord.
 *
 * @example
 * ```ts
 * const freu: Lyric = { verse: 1, text: 'Freu', hyphen: true, extend: false };
 * ```
 */
export interface Lyric extends Syllable {
  /** 1-based verse number. */
  readonly verse: number;
}

/**
 * A lanes-seq event with its marks (`marks`, from lanes-seq), the syllables
 * sung on it (one per verse, in verse order) and what else rides along on it
 * (`attachments`: what an importer keeps that the model does not read).
 *
 * @example
 * ```ts
 * const note: ScoreEvent = {
 *   kind: 'note', pitch: parsePitch('E4')!, duration: rational(1, 4), grace: false, tie: false,
 *   marks: [{ kind: 'articulation', name: 'staccato' }],
 *   lyrics: [{ verse: 1, text: 'Freu', hyphen: true, extend: false }],
 * };
 * ```
 */
export type ScoreEvent = LaneEvent & {
  readonly lyrics?: readonly Lyric[];
  readonly attachments?: Json;
};

/**
 * The events of one voice in one unit.
 *
 * @example
 * ```ts
 * const voice: VoiceContent = { voice: 2, events: [{ kind: 'space', duration: rational(1, 2), grace: false }] };
 * ```
 */
export interface VoiceContent {
  readonly voice: number;
  readonly events: readonly ScoreEvent[];
  /** Marks at onsets where the voice has no event (a chord symbol over a held note), in time order. */
  readonly onsetMarks?: readonly OnsetMarks[];
}

/**
 * A clef that takes over a staff at `onset` (whole notes from the measure's
 * start; 0 at the bar line) and holds until the next change.
 *
 * @example
 * ```ts
 * const toBass: ClefChange = { onset: rational(1, 2), clef: 'bass' };
 * ```
 */
export interface ClefChange {
  readonly onset: Rational;
  readonly clef: Clef;
}

/**
 * The content of one unit (one staff of one part in one measure): its voices
 * in ascending order, the clef changes on its staff in the measure, and
 * attachments that belong to the unit as a whole.
 *
 * @example
 * ```ts
 * const unit: UnitContent = { voices: [{ voice: 1, events: [restEvent] }] };
 * ```
 */
export interface UnitContent {
  readonly voices: readonly VoiceContent[];
  /** Clef changes in onset order, at most one per onset; left out when none. */
  readonly clefs?: readonly ClefChange[];
  readonly attachments?: Json;
}
