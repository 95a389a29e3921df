/**
 * `score-timewise` (measures holding parts) turned into `score-partwise`
 * (parts holding measures), the form the importer reads.
 */
import {
  child,
  childElements,
  element,
  isElement,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

/**
 * The partwise form of a timewise score: the same header and part list,
 * then one `<part>` per part id holding its measures in order.
 *
 * @example
 * ```ts
 * const partwise = timewiseToPartwise(root); // root.n === 'score-timewise'
 * partwise.n; // "score-partwise"
 * ```
 */
export function timewiseToPartwise(root: XmlElement): XmlElement {
  const header: XmlNode[] = [];
  const parts = new Map<string, XmlElement[]>();
  const partList = child(root, 'part-list');
  for (const scorePart of partList ? childElements(partList, 'score-part') : []) {
    parts.set(scorePart.a?.id ?? '', []);
  }
  for (const node of root.c ?? []) {
    if (!isElement(node) || node.n !== 'measure') {
      header.push(node);
      continue;
    }
    for (const part of childElements(node, 'part')) {
      const id = part.a?.id ?? '';
      let measures = parts.get(id);
      if (!measures) {
        measures = [];
        parts.set(id, measures);
      }
      measures.push(element('measure', node.a ?? {}, part.c ?? []));
    }
  }
  const partElements = [...parts].map(([id, measures]) =>
    element('part', id ? { id } : {}, measures),
  );
  return element('score-partwise', root.a ?? {}, [...header, ...partElements]);
}
