/**
 * The children of `<notations>` export writes from the model's marks that
 * repeat note after note (slur ends, articulations, ornaments, technical
 * marks), each made once per value and written ahead as text (`XmlWritten`),
 * as `note-leaves.ts` does for a note's own children. Shared, so read them,
 * never change them.
 */
import { remembered } from './note-leaves.ts';
import { element, type XmlWritten } from './xml-tree.ts';

/** The depth of a `<notations>` child: `<note>` 3, `<notations>` 4. */
export const NOTATION_CHILD_DEPTH = 5;

const slurs = new Map<string, XmlWritten>();

/**
 * `<slur type=".." number=".."/>`.
 *
 * @example
 * ```ts
 * slurLeaf('start', '1').a; // { type: "start", number: "1" }
 * ```
 */
export function slurLeaf(type: 'start' | 'stop', number: string): XmlWritten {
  const key = `${type}${number}`;
  return (
    slurs.get(key) ??
    remembered(slurs, key, element('slur', { type, number }), NOTATION_CHILD_DEPTH)
  );
}

const marks = new Map<string, XmlWritten>();

/**
 * An empty mark inside `<articulations>`, `<ornaments>` or `<technical>`
 * (`<staccato/>`, `<trill-mark/>`, `<up-bow/>`), one level below
 * {@link NOTATION_CHILD_DEPTH}.
 *
 * @example
 * ```ts
 * markLeaf('staccato')['=']; // '            <staccato/>\n'
 * ```
 */
export function markLeaf(name: string): XmlWritten {
  return marks.get(name) ?? remembered(marks, name, element(name), NOTATION_CHILD_DEPTH + 1);
}
