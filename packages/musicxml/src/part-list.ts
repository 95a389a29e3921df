/**
 * The `<score-part>` of a part that has none kept: its id and name.
 */
import { childElements, element, withChildren, type XmlElement } from './xml-tree.ts';

/**
 * A minimal `<score-part>`: an id and a part name (empty when the part has none).
 *
 * @example
 * ```ts
 * newScorePart('P1', 'Violin'); // <score-part id="P1"><part-name>Violin</part-name></score-part>
 * ```
 */
export function newScorePart(id: string, name: string): XmlElement {
  return element('score-part', { id }, [element('part-name', {}, name ? [name] : [])]);
}

/**
 * A kept `<score-part>` with the `<part-name>` the schema requires, added empty when missing.
 *
 * @example
 * ```ts
 * withPartName({ n: 'score-part', a: { id: 'P1' } }); // gains an empty <part-name/>
 * ```
 */
export function withPartName(scorePart: XmlElement | undefined): XmlElement | undefined {
  if (!scorePart || childElements(scorePart, 'part-name').length > 0) return scorePart;
  return withChildren(scorePart, [element('part-name'), ...(scorePart.c ?? [])]);
}
