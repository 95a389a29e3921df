/**
 * Marks: what a musician writes on the music besides pitches and rhythms,
 * as lanes-seq 1.1 reads and writes them. Plain data, discriminated on
 * `kind`; the text form of each is in SPEC.md, section 6.
 *
 * A mark stands at an onset of a lane: on an event (at its start), or at an
 * onset inside the measure where the lane has no event (`@1/2"Dm"`). Lyrics
 * are not marks of an event in the text: they are written in lyric lines
 * (`P1 s1 v1 m1 w1: Freu- de schö- ner`), see {@link LyricLine}.
 */
import type { Alter, Step } from './pitch.ts';
import type { Rational } from './rational.ts';

/** Articulations, in their canonical order: `-.` `-!` `--` `-_` `->` `-^`. */
export const ARTICULATIONS = [
  'staccato',
  'staccatissimo',
  'tenuto',
  'portato',
  'accent',
  'marcato',
] as const;
/** One of {@link ARTICULATIONS}. */
export type ArticulationName = (typeof ARTICULATIONS)[number];

/** Ornaments: `\trill` `\mordent` `\prall` (inverted mordent) `\turn` `\reverseturn`. */
export const ORNAMENTS = ['trill', 'mordent', 'inverted-mordent', 'turn', 'inverted-turn'] as const;
/** One of {@link ORNAMENTS}. */
export type OrnamentName = (typeof ORNAMENTS)[number];

/** Playing techniques: `\upbow` `\downbow` `\harmonic` `\open` `\stopped` `\snappizzicato`. */
export const TECHNIQUES = [
  'up-bow',
  'down-bow',
  'harmonic',
  'open',
  'stopped',
  'snap-pizzicato',
] as const;
/** One of {@link TECHNIQUES}. */
export type TechniqueName = (typeof TECHNIQUES)[number];

/** Dynamics, written `\p`, `\sfz`, ...: the marks MusicXML names, softest to loudest, then the accents. */
export const DYNAMICS = [
  'pppppp',
  'ppppp',
  'pppp',
  'ppp',
  'pp',
  'p',
  'mp',
  'mf',
  'f',
  'ff',
  'fff',
  'ffff',
  'fffff',
  'ffffff',
  'sf',
  'sfz',
  'sffz',
  'sfp',
  'sfpp',
  'sfzp',
  'fp',
  'fz',
  'rf',
  'rfz',
  'pf',
  'n',
] as const;
/** One of {@link DYNAMICS}. */
export type DynamicName = (typeof DYNAMICS)[number];

/** A root or bass of a chord symbol: a step and an alteration (`F#`, `Bb`). */
export interface ChordRoot {
  readonly step: Step;
  readonly alter: Alter;
}

/**
 * Any mark, discriminated on `kind`. Spans (slurs, hairpins, octave lines,
 * pedal) are marks at their two ends: a start on the first event the span
 * covers, a stop on the last (a hairpin's and a pedal's stop on the event at
 * whose start they end).
 */
export type LaneMark =
  | { readonly kind: 'articulation'; readonly name: ArticulationName }
  | { readonly kind: 'ornament'; readonly name: OrnamentName }
  | { readonly kind: 'technique'; readonly name: TechniqueName }
  | { readonly kind: 'fermata' }
  | { readonly kind: 'breath'; readonly name: 'breath' | 'caesura' }
  | { readonly kind: 'arpeggio' }
  /** `:8` `:16` `:32` `:64`: a single-note tremolo of 1 to 4 strokes. */
  | { readonly kind: 'tremolo'; readonly strokes: 1 | 2 | 3 | 4 }
  /** `-0` .. `-5` on a single note; inside a chord each note carries its own. */
  | { readonly kind: 'fingering'; readonly finger: number }
  | { readonly kind: 'dynamic'; readonly name: DynamicName }
  /** `(` `)` (level 1) and `\(` `\)` (level 2, a phrasing slur over slurs). */
  | { readonly kind: 'slur'; readonly type: 'start' | 'stop'; readonly level: 1 | 2 }
  /** `\<` `\>` start, `\!` stops. */
  | { readonly kind: 'hairpin'; readonly type: 'crescendo' | 'diminuendo' | 'stop' }
  /** `\8va` `\8vb` `\15ma` `\15mb` start, `\loco` stops. */
  | { readonly kind: 'octave-line'; readonly type: '8va' | '8vb' | '15ma' | '15mb' | 'stop' }
  /** `\ped` presses the sustain pedal, `\pedup` lifts it. */
  | { readonly kind: 'pedal'; readonly type: 'start' | 'stop' }
  /** `^"dolce"` above the staff, `_"dolce"` below. */
  | { readonly kind: 'text'; readonly text: string; readonly placement: 'above' | 'below' }
  /** `\tempo"Allegro"`, `\tempo1/4=120`, `\tempo"Allegro"1/4=120`: at least one of the two. */
  | {
      readonly kind: 'tempo';
      readonly text?: string;
      /** The beat the metronome mark counts, as a duration: `1/4`, `3/8`. */
      readonly beat?: Rational;
      /** Beats per minute, with `beat`. */
      readonly perMinute?: number;
    }
  /** `\mark"A"`. */
  | { readonly kind: 'rehearsal'; readonly text: string }
  /**
   * `"Am7"`, `"C/E"`, `"F#m7b5"`, `"N.C."`. `quality` is the suffix as the
   * canonical text writes it (`""` major, `"m"`, `"7"`, `"maj7"`, ...,
   * one of `CHORD_QUALITIES`); no `root` means no chord (`N.C.`).
   */
  | {
      readonly kind: 'chord-symbol';
      readonly root?: ChordRoot;
      readonly quality: string;
      readonly bass?: ChordRoot;
    };

/** Marks at an onset of a lane where the lane has no event: `@1/2"Dm"`. */
export interface OnsetMarks {
  /** From the start of the measure, in whole notes; inside the lane, never at an event's onset. */
  readonly onset: Rational;
  /** At least one mark, in canonical order. */
  readonly marks: readonly LaneMark[];
}

/**
 * One syllable of a lyric line: its text (an elision joins two words under
 * one note with `~`: `me~and`), whether a hyphen follows it to the next
 * syllable of its word (`Freu-`), and whether an extender line holds it over
 * the notes after it (`Ah_`).
 */
export interface Syllable {
  readonly text: string;
  readonly hyphen: boolean;
  readonly extend: boolean;
}

/**
 * A lyric line: one verse of the words under one lane, `P1 s1 v1 m1 w1:
 * Freu- de schö- ner`. Its slots go, in order, to the lane's notes and chords
 * that are neither grace notes nor the continuation of a tie; `null` (`*`)
 * leaves a slot without a syllable.
 */
export interface LyricLine {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly measure: number;
  /** 1-based verse number, `w1`, `w2`, ... */
  readonly verse: number;
  readonly slots: readonly (Syllable | null)[];
}
