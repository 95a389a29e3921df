/**
 * What the readers of marks share: whether an element says nothing beyond
 * layout in its attributes (positions, placement, colour, font), so that
 * writing it anew from the model loses nothing a reader hears or a musician
 * reads; and taking read children out of a kept element.
 */
import { isElement, withChildren, type XmlElement, type XmlNode } from './xml-tree.ts';

/** Attributes that place or colour a mark, and nothing more. */
const LAYOUT_ATTRIBUTES: ReadonlySet<string> = new Set([
  'default-x',
  'default-y',
  'relative-x',
  'relative-y',
  'placement',
  'color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'orientation',
  'bezier-x',
  'bezier-y',
  'bezier-x2',
  'bezier-y2',
  'bezier-offset',
  'bezier-offset2',
  'id',
  'halign',
  'valign',
  'justify',
  'system',
]);

/**
 * Whether every attribute of `node` is layout or one of `also` (the
 * attributes the reader maps itself, such as `type` and `number`).
 *
 * @example
 * ```ts
 * layoutOnly({ n: 'staccato', a: { placement: 'above' } }); // true
 * layoutOnly({ n: 'slur', a: { type: 'start', 'line-type': 'dashed' } }, ['type']); // false
 * ```
 */
export function layoutOnly(node: XmlElement, also: readonly string[] = []): boolean {
  return Object.keys(node.a ?? {}).every(
    (name) => LAYOUT_ATTRIBUTES.has(name) || also.includes(name),
  );
}

/**
 * Whether a node is blank: white space, or nothing.
 *
 * @example
 * ```ts
 * isBlank('\n  '); // true
 * ```
 */
export function isBlank(node: XmlNode): boolean {
  return typeof node === 'string' && node.trim() === '';
}

/**
 * Whether `node` holds no element and no text, only white space (and has no attributes).
 *
 * @example
 * ```ts
 * isEmptyElement({ n: 'articulations', c: ['\n'] }); // true
 * ```
 */
export function isEmptyElement(node: XmlElement): boolean {
  return node.a === undefined && (node.c ?? []).every(isBlank);
}

/**
 * `parent` without the children in `taken`; `undefined` when nothing but
 * white space would be left of it (and it has no attributes but layout).
 *
 * @example
 * ```ts
 * without(articulations, new Set([staccato])); // undefined when staccato was its only child
 * ```
 */
export function without(
  parent: XmlElement,
  taken: ReadonlySet<XmlElement>,
): XmlElement | undefined {
  if (taken.size === 0) return parent;
  const children = (parent.c ?? []).filter((node) => !(isElement(node) && taken.has(node)));
  const left = withChildren(parent, children);
  return children.every(isBlank) && layoutOnly(parent) ? undefined : left;
}

/**
 * The text of an element with everything inside it, white space kept as it is.
 *
 * @example
 * ```ts
 * fullText({ n: 'words', c: ['dolce'] }); // "dolce"
 * ```
 */
export function fullText(node: XmlElement): string {
  let text = '';
  for (const inner of node.c ?? []) {
    if (typeof inner === 'string') text += inner;
    else if (isElement(inner)) text += fullText(inner);
  }
  return text;
}

/**
 * A kept `<note>` without the children of its `<notations>` in `taken`; a
 * `<notations>` left with nothing is dropped, and so is a `<lyric>` in `taken`.
 *
 * @example
 * ```ts
 * withoutMarks(note, new Set([slurStart])); // the note without that slur end
 * ```
 */
export function withoutMarks(note: XmlElement, taken: ReadonlySet<XmlElement>): XmlElement {
  if (taken.size === 0) return note;
  const children: XmlNode[] = [];
  for (const node of note.c ?? []) {
    if (isElement(node) && taken.has(node)) continue;
    if (isElement(node) && node.n === 'notations') {
      const left = without(node, taken);
      if (left) children.push(left);
      continue;
    }
    children.push(node);
  }
  return withChildren(note, children);
}
