/**
 * The one text that teaches lanes-seq to an agent. Every tool description
 * embeds it, and a host's own AI features use it too, so the notation is
 * taught the same way everywhere.
 */

/** Options for {@link formatGuide}. */
export interface FormatGuideOptions {
  /**
   * Include the rule for replacing measures (which units a rewrite replaces).
   * On by default; a read-only tool may leave it out.
   */
  readonly replacementRule?: boolean;
}

const NOTATION = `lanes-seq: a lane = one voice, on one staff of one part, in one measure; " | " ends it and starts the next measure's lane.

P1 s1 v1 m1: E4=1/4 E4 F4 G4 | G4 F4 E4 D4
P2 s1 v1 m1: (C3 G3)=1/2 (C3 G3)~ | (C3 G3)=1/4 r x=1/2

- Header "P<part> s<staff> v<voice> m<measure>:", all counted from 1. m is the measure's index in the score (a pickup is m1), not its printed number.
- Event = what sounds, "=", duration, optional "~". A duration left out repeats the line's last one (not a grace note's), across a "|" too: E4=1/4 E4 F4 is three quarters; a line's first event writes one. Events are separated by spaces.
- Pitch = step A-G (upper case), accidental # ## b bb (or none), octave -1..9. C4 is middle C; B3 is just below it. An accidental belongs to the note alone: F4 is F natural even in G major, F#4 is F sharp in every key.
- Duration = fraction of a whole note: 1 whole, 1/2 half, 1/4 quarter, 1/8 eighth, 3/8 dotted quarter, 2 breve. Triplet eighth = 1/12, quintuplet sixteenth = 1/20: tuplets need no other syntax.
- Chord: (C4 E4 G4)=1/2, one duration for all its notes. Rest: r=1/4. Invisible rest (holds time, prints nothing): x=1/4.
- Grace note (takes no time, printed before the next event): D5=g1/16.
- Tie: "~" after the duration ties every note to the same pitch in the next sounding event of the lane (or the first event of the same voice in the next measure). Inside a chord, "~" after one pitch ties that note alone: (C4~ E4 G4)=1/2.
- Every lane's events (grace notes excluded) must add up exactly to its measure: 4/4 = 1, 3/4 = 3/4, 6/8 = 3/4, a pickup to its shorter length.
- Lines starting with % are comments: read them as context, never write them into a lane.`;

const MARKS = `Marks follow the duration and tie, with no space: -. staccato, -! staccatissimo, -- tenuto, -_ portato, -> accent, -^ marcato, -0..-5 finger (in a chord after its pitch: (C4-1 E4-3)=1/2), \\trill \\mordent \\prall \\turn, \\upbow \\downbow \\harmonic, \\fermata \\breathe \\arpeggio, :16 tremolo, \\p \\mf \\ff \\sfz dynamics, ( ) slur, \\< \\> \\! hairpin, \\8va \\loco, \\ped \\pedup, ^"dolce" text above (_"..." below), \\tempo"Allegro"1/4=120, \\mark"A", "Am7" chord symbol.
P1 s1 v1 m3: E4=1/4-.\\p( D4 C4=1/2)\\fermata @3/4"G7"
P1 s1 v1 m3 w1: Freu- de schö- | ner
- @3/4"G7" puts marks at an onset where the lane has no event. A lyric line is the lane's header, w and the verse, then one item per note: a syllable (a trailing - means the word goes on), * for none, _ to hold the syllable before.`;

const REPLACEMENT = `Replacing measures: the unit replaced is one staff of one part in one measure.
- A (part, staff, measure) with at least one lane in your text is replaced whole: its voices become exactly the voices you write; a voice you leave out is removed.
- A (part, staff, measure) with no lane in your text is left as it was.
- So to change the melody and keep the accompaniment, write only the melody's staff; to change one voice of a staff, write every voice of that staff.`;

/** A mistake agents make, with its fix; the guide lists these and a test proves each one. */
export interface CommonMistake {
  /** The wrong text: a lane header, or events to write after one. */
  readonly wrong: string;
  readonly right: string;
  readonly why: string;
}

/** The common mistakes the guide teaches, each wrong text refused by the parser and each fix accepted. */
export const COMMON_MISTAKES: readonly CommonMistake[] = [
  { wrong: 'c4=1/4', right: 'C4=1/4', why: 'steps are upper case' },
  { wrong: 'F♯4=1/4 B♭3=1/4', right: 'F#4=1/4 Bb3=1/4', why: 'accidentals are # and b' },
  { wrong: 'C4=0.25', right: 'C4=1/4', why: 'durations are fractions of a whole note' },
  { wrong: 'C4=q', right: 'C4=1/4', why: 'durations are numbers, not names' },
  { wrong: 'C4=1/4.', right: 'C4=3/8', why: 'a dotted quarter is 3/8; a staccato is -.' },
  { wrong: 'C4=1/4!trill!', right: 'C4=1/4\\trill', why: 'marks are spelled as in LilyPond' },
  {
    wrong: 'A4=1/2"dream"',
    right: 'A4=1/2^"dream"',
    why: 'a lone string is a chord symbol; words go in ^"..." or a lyric line',
  },
  {
    wrong: 'P1 v1 m2:',
    right: 'P1 s1 v1 m2:',
    why: 'the header needs part, staff, voice and measure, in that order',
  },
  { wrong: 'C4=1/4, D4=1/4', right: 'C4=1/4 D4=1/4', why: 'events are separated by spaces only' },
  {
    wrong: 'C4=1/4 || D4=1/4',
    right: 'C4=1/4 | D4=1/4',
    why: 'one "|" between measures; no double bars or repeats',
  },
  { wrong: '(C4 C4)=1/2', right: 'C4=1/2', why: 'a pitch appears once in a chord' },
  { wrong: 'C4 1/4', right: 'C4=1/4', why: 'no spaces inside an event' },
];

const MISTAKES = `Common mistakes (wrong -> right):
${COMMON_MISTAKES.map((mistake) => `- ${mistake.wrong} -> ${mistake.right} (${mistake.why}).`).join('\n')}
- A 4/4 measure written C4=1/4 D4=1/4 E4=1/4 is refused: it adds up to 3/4; fill it, e.g. add r=1/4.
- A tie to another pitch (C4=1/2~ D4=1/2) is refused: a tie joins equal pitches.`;

/**
 * The agent-facing guide to lanes-seq: short, exact, with examples, the
 * replacement rule and the common mistakes. It is the single source that every
 * tool description embeds.
 *
 * @example
 * ```ts
 * const description = `Rewrite measures of the score.\n\n${formatGuide()}`;
 * formatGuide({ replacementRule: false }); // for read-only tools
 * ```
 */
export function formatGuide(options: FormatGuideOptions = {}): string {
  const parts = [NOTATION, MARKS];
  if (options.replacementRule !== false) parts.push(REPLACEMENT);
  parts.push(MISTAKES);
  return parts.join('\n\n');
}
