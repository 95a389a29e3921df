/**
 * The strings MusicXML files repeat most, element and attribute names and
 * values, held once as literals: the fast scan (`xml-scan.ts`) takes these
 * instead of slicing a new string from the text for each of the hundreds of
 * thousands of `<note>`, `<duration>` and `up` in a score. A tree so holds
 * far fewer strings to collect, and no name sliced from the text keeps the
 * whole text alive for as long as the score keeps it.
 */

/**
 * By how often they occur in real scores (piano sonatas, string quartets,
 * songs), most first: element names, attribute names, then values.
 */
const COMMON: readonly string[] = [
  ...`
    duration note type voice beam step pitch octave stem staff notations alter measure slur
    accidental chord rest articulations time-modification normal-notes actual-notes staccato
    direction-type direction tied tie dot tuplet backup dynamics sound print offset words
    wedge system-layout cue system-distance staff-layout staff-distance text syllabic lyric
    attributes right-margin left-margin system-margins grace display-step display-octave
    forward sign line clef barline staccatissimo arpeggiate fermata pedal accent normal-type
    bar-style ornaments trill-mark octave-shift time beats beat-type key fifths mode repeat
    tenuto ending strong-accent extend elision notehead fingering technical instrument
    unpitched display-text harmony root root-step root-alter kind bass bass-step frame
    metronome beat-unit per-minute staves divisions transpose chromatic diatonic
    other-dynamics p pp f ff mf mp sf sfz fp fz number placement default-x default-y
    relative-x relative-y print-object halign valign new-system new-page bracket show-number
    font-style font-size font-weight font-family width implicit id version size location times
    bezier-x bezier-y orientation justify color tempo print-spacing line-type spread symbol
    down continue up eighth 16th begin end quarter 32nd half whole 64th 128th breve natural
    sharp flat double-sharp flat-flat single start stop below above yes no none left right
    center normal regular light-heavy light-light backward discontinue crescendo diminuendo
    major minor G F C D E A B treble italic bold middle top bottom change cresc. dim. over
    under -1 -2 -3 -4 -5 -6 -7 0 1 2 3 4 5 6 7 8 9 10 11 12 15 16 20 24 30 32 36 40 48 60 64
    72 80 96 120 128 160 192 240 256 360 384 480 512 720 960 1024 1440 1920 2048 10080
  `
    .trim()
    .split(/\s+/),
  'forward hook',
  'backward hook',
];

const SLOTS = 1024;

/** A slot for a string of `length` characters from its first, middle and last. */
function slotOf(length: number, first: number, middle: number, last: number): number {
  return (length * 151 + first * 31 + middle * 7 + last) & (SLOTS - 1);
}

/** The common strings by slot; of two with one slot, the more common one. */
const BY_SLOT: (string | undefined)[] = new Array(SLOTS).fill(undefined);
for (const common of COMMON) {
  const slot = slotOf(
    common.length,
    common.charCodeAt(0),
    common.charCodeAt(common.length >> 1),
    common.charCodeAt(common.length - 1),
  );
  BY_SLOT[slot] ??= common;
}

/**
 * The common string that `text` holds from `start` to `end`, or `undefined`
 * when it holds another (an empty range holds none).
 *
 * @example
 * ```ts
 * commonStringAt('<note>', 1, 5); // 'note', the literal
 * commonStringAt('<nota>', 1, 5); // undefined
 * ```
 */
export function commonStringAt(text: string, start: number, end: number): string | undefined {
  const length = end - start;
  if (length <= 0) return undefined;
  const known =
    BY_SLOT[
      slotOf(
        length,
        text.charCodeAt(start),
        text.charCodeAt(start + (length >> 1)),
        text.charCodeAt(end - 1),
      )
    ];
  return known !== undefined && known.length === length && text.startsWith(known, start)
    ? known
    : undefined;
}
