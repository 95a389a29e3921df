/**
 * Chord symbols, `"Am7"`, `"C/E"`, `"F#m7b5"`, `"N.C."`: the qualities
 * lanes-seq accepts, reading a symbol's text into a mark, writing it back,
 * and the fix for the ways other notations spell one (`"Amin"`, `"CΔ7"`).
 */
import type { ChordRoot, LaneMark } from './marks.ts';
import type { Alter, Step } from './pitch.ts';

/**
 * The chord qualities lanes-seq accepts after the root, as the canonical text
 * writes them (`""` is a major triad). A symbol with any other suffix is
 * `invalid-chord-symbol`.
 */
export const CHORD_QUALITIES = [
  '',
  'm',
  '7',
  'maj7',
  'm7',
  'mmaj7',
  'dim',
  'dim7',
  'm7b5',
  'aug',
  'sus2',
  'sus4',
  '7sus4',
  '6',
  'm6',
  '69',
  '9',
  'maj9',
  'm9',
  '11',
  'm11',
  '13',
  'maj13',
  'm13',
  'add9',
  'madd9',
  '5',
  '7b5',
  '7#5',
  '7b9',
  '7#9',
  '7#11',
  '9#11',
  '7b13',
  'aug7',
  'maj7#11',
] as const;

/** A chord-symbol mark: `"Am7"` as data. */
export type ChordSymbolMark = Extract<LaneMark, { kind: 'chord-symbol' }>;

const QUALITY_SET: ReadonlySet<string> = new Set(CHORD_QUALITIES);
const STEP_LETTERS = 'CDEFGAB';
/** The text of no chord. */
export const NO_CHORD = 'N.C.';

/** The accidentals a root or bass may carry, longest first, with their alterations. */
const ACCIDENTALS: readonly (readonly [string, Alter])[] = [
  ['##', 2],
  ['bb', -2],
  ['#', 1],
  ['b', -1],
  ['', 0],
];

/** Reads a root or bass `F#`, `Bbb`, `C` at `at` with the accidental `sign`; undefined when it is not there. */
function rootAt(
  text: string,
  at: number,
  [sign, alter]: readonly [string, Alter],
): { root: ChordRoot; end: number } | undefined {
  const letter = text[at];
  if (letter === undefined || !STEP_LETTERS.includes(letter)) return undefined;
  if (!text.startsWith(sign, at + 1)) return undefined;
  return { root: { step: letter as Step, alter }, end: at + 1 + sign.length };
}

/** Reads a bass, whatever its accidental, filling the rest of `text`. */
function bassAt(text: string, at: number): ChordRoot | undefined {
  for (const accidental of ACCIDENTALS) {
    const bass = rootAt(text, at, accidental);
    if (bass !== undefined && bass.end === text.length) return bass.root;
  }
  return undefined;
}

/**
 * Reads the text of a chord symbol (what stands between the quotes), or
 * undefined when it is not one lanes-seq accepts.
 *
 * @example
 * ```ts
 * chordSymbolOf('F#m7b5/E');
 * // { kind: 'chord-symbol', root: { step: 'F', alter: 1 }, quality: 'm7b5', bass: { step: 'E', alter: 0 } }
 * chordSymbolOf('Amin'); // undefined
 * ```
 */
export function chordSymbolOf(text: string): ChordSymbolMark | undefined {
  if (text === NO_CHORD) return { kind: 'chord-symbol', quality: '' };
  for (const accidental of ACCIDENTALS) {
    const root = rootAt(text, 0, accidental);
    if (root === undefined) continue;
    const slash = text.indexOf('/', root.end);
    const quality = text.slice(root.end, slash === -1 ? text.length : slash);
    if (!QUALITY_SET.has(quality)) continue;
    if (slash === -1) return { kind: 'chord-symbol', root: root.root, quality };
    const bass = bassAt(text, slash + 1);
    return bass === undefined
      ? undefined
      : { kind: 'chord-symbol', root: root.root, quality, bass };
  }
  return undefined;
}

function formatRoot(root: ChordRoot): string {
  return `${root.step}${ACCIDENTALS.find(([, alter]) => alter === root.alter)?.[0] ?? ''}`;
}

/**
 * The text of a chord symbol as the canonical form writes it, without quotes.
 *
 * @example
 * ```ts
 * formatChordSymbol({ kind: 'chord-symbol', root: { step: 'B', alter: -1 }, quality: 'maj7' }); // "Bbmaj7"
 * ```
 */
export function formatChordSymbol(mark: ChordSymbolMark): string {
  if (mark.root === undefined) return NO_CHORD;
  const bass = mark.bass === undefined ? '' : `/${formatRoot(mark.bass)}`;
  return `${formatRoot(mark.root)}${mark.quality}${bass}`;
}

/** How other notations spell a quality, and the canonical spelling: tried in order, on the suffix. */
const QUALITY_SPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/[()[\], ]/g, ''],
  [/^(?:min|mi|-)/, 'm'],
  [/^(?:Maj|MA|M|Δ|\^)(?=\d)/, 'maj'],
  [/^(?:Δ|\^)$/, 'maj7'],
  [/^(?:maj|Maj|M|MA|major)$/, ''],
  [/^(?:ø|Ø)7?$/, 'm7b5'],
  [/^(?:°|o|º)/, 'dim'],
  [/^(?:\+|#5)$/, 'aug'],
  [/^(?:\+|aug)7$/, 'aug7'],
  [/^7\+5?$/, '7#5'],
  [/^sus$/, 'sus4'],
  [/^m(?:M|Maj|maj|Δ)7$/, 'mmaj7'],
];

/**
 * The chord symbol another notation's spelling means, in canonical text, or
 * undefined when there is no sure one: `"am"` is `"Am"`, `"Amin"` and `"A-"`
 * are `"Am"`, `"CΔ7"` and `"CM7"` are `"Cmaj7"`, `"C°"` is `"Cdim"`.
 *
 * @example
 * ```ts
 * chordSymbolFix('A-7'); // "Am7"
 * chordSymbolFix('dream'); // undefined
 * ```
 */
export function chordSymbolFix(text: string): string | undefined {
  if (/^n\.?c\.?$/i.test(text)) return NO_CHORD;
  const first = text[0];
  if (first === undefined || !/[A-Ga-g]/.test(first)) return undefined;
  let sign =
    text[1] === '#' || text[1] === 'b' || text[1] === '♯' || text[1] === '♭' ? text[1] : '';
  let rest = text.slice(1 + sign.length);
  if (sign === '♯') sign = '#';
  if (sign === '♭') sign = 'b';
  const [qualityText, bassText, extra] = rest.split('/');
  if (extra !== undefined) return undefined;
  rest = qualityText ?? '';
  for (const [pattern, replacement] of QUALITY_SPELLINGS) {
    rest = rest.replace(pattern, replacement);
  }
  let bass = '';
  if (bassText !== undefined) {
    const b = /^([A-Ga-g])([#b♯♭]?)$/.exec(bassText);
    if (!b) return undefined;
    bass = `/${b[1]!.toUpperCase()}${b[2] === '♯' ? '#' : b[2] === '♭' ? 'b' : b[2]}`;
  }
  const fixed = `${first.toUpperCase()}${sign}${rest}${bass}`;
  if (fixed === text || chordSymbolOf(fixed) === undefined) return undefined;
  // A lower-case word that only looks like a chord once capitalised ("dab" as "Dab") is no sure fix.
  if (first !== first.toUpperCase() && rest.length > 1 && !/\d/.test(rest)) return undefined;
  return fixed;
}
