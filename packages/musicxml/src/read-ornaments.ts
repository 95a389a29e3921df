/**
 * Reading `<ornaments>` as marks: trills, mordents, turns and single-note
 * tremolos. An `<ornaments>` that holds an accidental mark or a wavy line
 * belongs together (a trill with its sharp, a trill with its line) and is
 * kept whole as the file had it; so is one whose ornaments stand in another
 * order than the model writes marks in, since a player performs them in the
 * file's order (MuseScore plays a turn then a mordent so, and the other
 * way round differently).
 */
import type { LaneMark, OrnamentName } from '@scorelane/lanes-seq';
import { inMarkOrder } from './mark-order.ts';
import { fullText, layoutOnly } from './mark-xml.ts';
import { childElements, type XmlElement } from './xml-tree.ts';

/** MusicXML's name of each ornament lanes-seq knows. */
export const ORNAMENT_ELEMENTS: Readonly<Record<string, OrnamentName>> = {
  'trill-mark': 'trill',
  mordent: 'mordent',
  'inverted-mordent': 'inverted-mordent',
  turn: 'turn',
  'inverted-turn': 'inverted-turn',
};

/** The ornaments that attributes beyond layout would change (a long mordent, a slashed turn). */
const ORNAMENT_ATTRIBUTES = ['placement'];

function readOrnament(node: XmlElement): LaneMark | undefined {
  const name = ORNAMENT_ELEMENTS[node.n];
  if (name !== undefined)
    return layoutOnly(node, ORNAMENT_ATTRIBUTES) ? { kind: 'ornament', name } : undefined;
  if (
    node.n === 'tremolo' &&
    (node.a?.type ?? 'single') === 'single' &&
    layoutOnly(node, ['type'])
  ) {
    const strokes = Number(fullText(node).trim());
    if (strokes === 1 || strokes === 2 || strokes === 3 || strokes === 4)
      return { kind: 'tremolo', strokes };
  }
  return undefined;
}

/**
 * The marks of the children of an `<ornaments>` that the model names, each
 * with the element it came from; none when the ornaments hold an accidental
 * mark or a wavy line, or when the marks are out of the model's order
 * (`compareMarks`), which export would write them in.
 *
 * @example
 * ```ts
 * readOrnaments({ n: 'ornaments', c: [{ n: 'trill-mark' }] }); // [[trill-mark element, { kind: 'ornament', name: 'trill' }]]
 * ```
 */
export function readOrnaments(ornaments: XmlElement): [XmlElement, LaneMark][] {
  const children = childElements(ornaments);
  if (children.some((node) => node.n === 'accidental-mark' || node.n === 'wavy-line')) return [];
  if (!layoutOnly(ornaments)) return [];
  const read: [XmlElement, LaneMark][] = [];
  for (const node of children) {
    const mark = readOrnament(node);
    if (mark) read.push([node, mark]);
  }
  return inMarkOrder(read.map(([, mark]) => mark)) ? read : [];
}
