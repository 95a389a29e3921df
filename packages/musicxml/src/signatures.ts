/**
 * Time signatures, key signatures and clefs: read from MusicXML into the
 * model's values, and written back from them.
 */
import {
  type Alter,
  add,
  type Clef,
  type Rational,
  rational,
  type Step,
} from '@scorelane/lanes-seq';
import type { KeySignature, TimeSignature, Transposition } from '@scorelane/score-model';
import { parseDecimal } from './decimal.ts';
import { transpositionLabel } from './part-transposition.ts';
import { childElements, childText, element, type XmlElement } from './xml-tree.ts';

/**
 * The time signature a `<time>` element means: `3+2/8` is 5/8, `2/4+3/8` is
 * 7/8. `undefined` for senza misura or anything without numbers.
 *
 * @example
 * ```ts
 * readTime({ n: 'time', c: [{ n: 'beats', c: ['3'] }, { n: 'beat-type', c: ['4'] }] }); // { beats: 3, beatType: 4 }
 * ```
 */
export function readTime(time: XmlElement): TimeSignature | undefined {
  const beatsList = childElements(time, 'beats');
  const typeList = childElements(time, 'beat-type');
  if (beatsList.length === 0 || beatsList.length !== typeList.length) return undefined;
  let total: Rational | undefined;
  let sameType: number | undefined;
  let beatsSum = 0;
  for (let index = 0; index < beatsList.length; index++) {
    const type = Number(childTextOf(typeList[index]!));
    if (!Number.isInteger(type) || type < 1) return undefined;
    let beats = 0;
    for (const term of childTextOf(beatsList[index]!).split('+')) {
      const value = Number(term.trim());
      if (!Number.isInteger(value) || value < 1) return undefined;
      beats += value;
    }
    beatsSum += beats;
    sameType = index === 0 || sameType === type ? type : -1;
    total = total ? add(total, rational(beats, type)) : rational(beats, type);
  }
  if (!total) return undefined;
  if (sameType !== undefined && sameType > 0) return { beats: beatsSum, beatType: sameType };
  return { beats: total.num, beatType: total.den };
}

function childTextOf(element: XmlElement): string {
  let text = '';
  for (const node of element.c ?? []) if (typeof node === 'string') text += node;
  return text.trim();
}

const FIFTHS_STEPS: readonly Step[] = ['F', 'C', 'G', 'D', 'A', 'E', 'B'];

/**
 * The key of a number of sharps (positive) or flats (negative) in a mode:
 * the tonic follows the circle of fifths (9 sharps major is D# major).
 *
 * @example
 * ```ts
 * keyFromFifths(-3, 'minor'); // { tonic: { step: 'C', alter: 0 }, mode: 'minor', fifths: -3 }
 * ```
 */
export function keyFromFifths(fifths: number, mode: 'major' | 'minor'): KeySignature {
  const clamped = Math.max(-14, Math.min(14, fifths));
  const place = clamped + (mode === 'minor' ? 4 : 1);
  const step = FIFTHS_STEPS[((place % 7) + 7) % 7]!;
  const alter = Math.max(-2, Math.min(2, Math.floor(place / 7))) as Alter;
  return { tonic: { step, alter }, mode, fifths: clamped };
}

/**
 * The most sharps (or flats) a key signature read from `<fifths>` may have:
 * 14, up to double sharps on every step (C## major), as far as the tonic of
 * {@link keyFromFifths} goes. The MusicXML test suite's
 * `13aa-KeySignatures-Extreme` writes 11.
 *
 * @example
 * ```ts
 * MAX_KEY_FIFTHS; // 14
 * ```
 */
export const MAX_KEY_FIFTHS = 14;

/**
 * The key signature a `<key>` element means, for the staff `number` (a key
 * without `number` is for every staff). Church modes read as the major key
 * with the same signature; a non-traditional key (no `<fifths>`) as C major
 * (the element itself is kept). `undefined` when its `<fifths>` is not a
 * whole number from -{@link MAX_KEY_FIFTHS} to {@link MAX_KEY_FIFTHS}.
 *
 * @example
 * ```ts
 * readKey({ n: 'key', c: [{ n: 'fifths', c: ['-1'] }, { n: 'mode', c: ['minor'] }] })?.tonic; // { step: 'D', alter: 0 }
 * readKey({ n: 'key', c: [{ n: 'fifths', c: ['1e9'] }] }); // undefined
 * ```
 */
export function readKey(key: XmlElement): KeySignature | undefined {
  const text = childText(key, 'fifths');
  if (text === undefined) return unstatedKey(0);
  const fifths = parseDecimal(text);
  if (fifths?.den !== 1 || Math.abs(fifths.num) > MAX_KEY_FIFTHS) return undefined;
  const mode = childText(key, 'mode');
  return mode === 'major' || mode === 'minor'
    ? keyFromFifths(fifths.num, mode)
    : unstatedKey(fifths.num);
}

/**
 * The key of a signature whose file gives no major or minor mode (no
 * `<mode>`, a church mode, no `<key>` at all): read as the major key of the
 * signature, and marked so that nobody is told "C major" of a prelude in A
 * minor.
 *
 * @example
 * ```ts
 * unstatedKey(0); // { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0, modeUnstated: true }
 * ```
 */
export function unstatedKey(fifths: number): KeySignature {
  return { ...keyFromFifths(fifths, 'major'), modeUnstated: true };
}

/**
 * The model's clef for a `<clef>` element: the nearest of the eight clefs
 * lanes-seq names (the element itself is kept, so a soprano or TAB clef is
 * written back as it was).
 *
 * @example
 * ```ts
 * readClef({ n: 'clef', c: [{ n: 'sign', c: ['F'] }, { n: 'line', c: ['4'] }] }); // 'bass'
 * ```
 */
export function readClef(clef: XmlElement): Clef {
  const sign = childText(clef, 'sign');
  const line = childText(clef, 'line');
  const octave = Number(childText(clef, 'clef-octave-change') ?? '0');
  switch (sign) {
    case 'F':
      return octave < 0 ? 'bass8vb' : 'bass';
    case 'C':
      return line === '4' ? 'tenor' : 'alto';
    case 'percussion':
      return 'percussion';
    case 'G':
      return octave < 0 ? 'treble8vb' : octave > 0 ? 'treble8va' : 'treble';
    default:
      return 'treble';
  }
}

/**
 * The `<time>` element for a time signature.
 *
 * @example
 * ```ts
 * writeTime({ beats: 6, beatType: 8 }); // <time><beats>6</beats><beat-type>8</beat-type></time>
 * ```
 */
export function writeTime(time: TimeSignature): XmlElement {
  return element('time', {}, [
    element('beats', {}, [String(time.beats)]),
    element('beat-type', {}, [String(time.beatType)]),
  ]);
}

/**
 * The `<key>` element for a key signature.
 *
 * @example
 * ```ts
 * writeKey(keyFromFifths(2, 'major')); // <key><fifths>2</fifths><mode>major</mode></key>
 * ```
 */
export function writeKey(key: KeySignature): XmlElement {
  const fifths = element('fifths', {}, [String(key.fifths)]);
  // A mode nobody gave is not written either.
  return element(
    'key',
    {},
    key.modeUnstated ? [fifths] : [fifths, element('mode', {}, [key.mode])],
  );
}

const CLEF_SIGNS: Readonly<Record<Clef, readonly [string, string, number]>> = {
  treble: ['G', '2', 0],
  bass: ['F', '4', 0],
  alto: ['C', '3', 0],
  tenor: ['C', '4', 0],
  percussion: ['percussion', '', 0],
  treble8vb: ['G', '2', -1],
  treble8va: ['G', '2', 1],
  bass8vb: ['F', '4', -1],
};

/**
 * The `<clef>` element for a clef on staff `number` (1-based; written when the part has several staves).
 *
 * @example
 * ```ts
 * writeClef('bass', 2); // <clef number="2"><sign>F</sign><line>4</line></clef>
 * ```
 */
export function writeClef(clef: Clef, number?: number): XmlElement {
  const [sign, line, octave] = CLEF_SIGNS[clef];
  const children = [element('sign', {}, [sign])];
  if (line) children.push(element('line', {}, [line]));
  if (octave !== 0) children.push(element('clef-octave-change', {}, [String(octave)]));
  return element('clef', number === undefined ? {} : { number: String(number) }, children);
}

/**
 * How a time and key are compared: `3/4`, `-2 minor`.
 *
 * @example
 * ```ts
 * timeLabel({ beats: 6, beatType: 8 }); // "6/8"
 * ```
 */
export function timeLabel(time: TimeSignature): string {
  return `${time.beats}/${time.beatType}`;
}

/**
 * How a key is compared: its fifths and mode.
 *
 * @example
 * ```ts
 * keyLabel(keyFromFifths(-1, 'major')); // "-1 major F0"
 * ```
 */
export function keyLabel(key: KeySignature): string {
  return `${key.fifths} ${key.modeUnstated ? 'unstated' : key.mode} ${key.tonic.step}${key.tonic.alter}`;
}

/**
 * What the opening `<attributes>` of measure `index` (1-based) says in the
 * model's terms: the time and key before and in it, and on the first measure
 * the part's staves, clefs and transposition. Import stores it beside the element; export
 * writes the element unchanged only while the model still says the same.
 *
 * @example
 * ```ts
 * openingSignature(measures, 1, { staves: 2, clefs: ['treble', 'bass'] }); // ">4/4|>0 major C0|2|treble,bass"
 * ```
 */
export function openingSignature(
  measures: readonly { readonly time: TimeSignature; readonly key: KeySignature }[],
  index: number,
  part: {
    readonly staves: number;
    readonly clefs: readonly Clef[];
    readonly transposition?: Transposition | undefined;
  },
): string {
  const current = measures[index - 1];
  const previous = measures[index - 2];
  if (!current) return '';
  const time = `${previous ? timeLabel(previous.time) : ''}>${timeLabel(current.time)}`;
  const key = `${previous ? keyLabel(previous.key) : ''}>${keyLabel(current.key)}`;
  if (index !== 1) return `${time}|${key}`;
  const opening = `${time}|${key}|${part.staves}|${part.clefs.join(',')}`;
  const transposition = transpositionLabel(part.transposition);
  // Left out when none, so signatures stored before transpositions were read still match.
  return transposition ? `${opening}|${transposition}` : opening;
}
