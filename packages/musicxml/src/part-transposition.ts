/**
 * A part's transposition as MusicXML writes it: the `<transpose>` of the
 * opening `<attributes>` of its first measure (`<chromatic>`,
 * `<diatonic>`, `<octave-change>`), read into the model and written from it.
 */
import { isTransposing, type Transposition } from '@scorelane/score-model';
import { childElements, childText, element, isElement, type XmlElement } from './xml-tree.ts';

function whole(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text.trim());
  return Number.isInteger(value) && Math.abs(value) <= 48 ? value : undefined;
}

/**
 * The transposition a `<part>` opens with: the first `<transpose>` for its
 * first staff (no `number`, or `number="1"`) in an `<attributes>` of its
 * first measure before any note; `undefined` when it has none, or its
 * `<chromatic>` is missing or not a whole number. A later change (a player
 * taking another instrument) is not read: it stays where it is, as the
 * measure's attachment.
 *
 * @example
 * ```ts
 * partTransposition(part); // { chromatic: -2, diatonic: -1 } for a B-flat clarinet
 * ```
 */
export function partTransposition(part: XmlElement): Transposition | undefined {
  const first = childElements(part, 'measure')[0];
  for (const node of first?.c ?? []) {
    if (!isElement(node)) continue;
    if (node.n === 'note' || node.n === 'backup' || node.n === 'forward') return undefined;
    if (node.n !== 'attributes') continue;
    for (const transpose of childElements(node, 'transpose')) {
      if (transpose.a?.number !== undefined && transpose.a.number !== '1') continue;
      const chromatic = whole(childText(transpose, 'chromatic'));
      if (chromatic === undefined) return undefined;
      const diatonic = whole(childText(transpose, 'diatonic')) ?? 0;
      const octaveChange = whole(childText(transpose, 'octave-change'));
      return octaveChange === undefined
        ? { chromatic, diatonic }
        : { chromatic, diatonic, octaveChange };
    }
  }
  return undefined;
}

/**
 * The `<transpose>` of a transposition, or `undefined` for none (a unison).
 *
 * @example
 * ```ts
 * writeTranspose({ chromatic: -2, diatonic: -1 }); // <transpose><diatonic>-1</diatonic><chromatic>-2</chromatic></transpose>
 * ```
 */
export function writeTranspose(transposition: Transposition | undefined): XmlElement | undefined {
  if (!transposition || !isTransposing(transposition)) return undefined;
  const octaves = transposition.octaveChange;
  return element('transpose', {}, [
    element('diatonic', {}, [String(transposition.diatonic)]),
    element('chromatic', {}, [String(transposition.chromatic)]),
    ...(octaves !== undefined && octaves !== 0
      ? [element('octave-change', {}, [String(octaves)])]
      : []),
  ]);
}

/**
 * The transposition in the words of an opening signature (`-2/-1/0`), so
 * export keeps a measure's kept `<attributes>` only while the model's
 * transposition is the one it was read with.
 *
 * @example
 * ```ts
 * transpositionLabel({ chromatic: -2, diatonic: -1 }); // '-2/-1/0'
 * transpositionLabel(undefined); // ''
 * ```
 */
export function transpositionLabel(transposition: Transposition | undefined): string {
  if (!transposition || !isTransposing(transposition)) return '';
  return `${transposition.chromatic}/${transposition.diatonic}/${transposition.octaveChange ?? 0}`;
}
