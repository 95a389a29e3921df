/**
 * The `<score-part>` of each part: kept as import read it, with its name,
 * abbreviation and MIDI program as the model has them now, or made anew
 * for a part that has none kept.
 */
import type { PartInfo } from '@scorelane/score-model';
import {
  child,
  childElements,
  element,
  isElement,
  textOf,
  withAttributes,
  withChildren,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

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

/** What the schema puts before a `<score-part>`'s instruments. */
const BEFORE_INSTRUMENTS: ReadonlySet<string> = new Set([
  'identification',
  'part-link',
  'part-name',
  'part-name-display',
  'part-abbreviation',
  'part-abbreviation-display',
  'group',
]);

/** The index of the last node that `test` holds for, or -1. */
function lastIndex(nodes: readonly XmlNode[], test: (node: XmlElement) => boolean): number {
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index];
    if (isElement(node) && test(node)) return index;
  }
  return -1;
}

/** The text of `name` in `node` when it differs, else the node itself. */
function withText(node: XmlElement, text: string): XmlElement {
  return (textOf(node) ?? '') === text ? node : withChildren(node, text ? [text] : []);
}

/** `<score-instrument>` and `<midi-instrument>` for a part that has neither: its program, 1-based. */
function instrumentElements(id: string, part: PartInfo): XmlElement[] {
  if (part.program === undefined) return [];
  const instrument = `${id}-I1`;
  return [
    element('score-instrument', { id: instrument }, [
      element('instrument-name', {}, part.name ? [part.name] : []),
    ]),
    element('midi-instrument', { id: instrument }, [
      element('midi-channel', {}, ['1']),
      element('midi-program', {}, [String(part.program + 1)]),
    ]),
  ];
}

/** The MIDI program of a kept `<midi-instrument>` set to the model's, when it has one. */
function withProgram(node: XmlElement, program: number | undefined): XmlElement {
  if (program === undefined) return node;
  const kept = child(node, 'midi-program');
  if (!kept) return node;
  const children = (node.c ?? []).map((inner) =>
    inner === kept ? withText(kept, String(program + 1)) : inner,
  );
  return withChildren(node, children);
}

/**
 * The `<score-part>` export writes for a part: the kept one (or a new one)
 * with the id given, the model's name and abbreviation (an abbreviation
 * the model no longer has is left out), and the model's MIDI program in its
 * first `<midi-instrument>`; a part with no instruments kept gets a
 * `<score-instrument>` and `<midi-instrument>` for its program.
 *
 * @example
 * ```ts
 * scorePartFor(undefined, 'P2', { name: 'Cello', abbreviation: 'Vc.', staves: 1, clefs: ['bass'], program: 42 });
 * // <score-part id="P2"><part-name>Cello</part-name><part-abbreviation>Vc.</part-abbreviation>...
 * ```
 */
export function scorePartFor(
  stored: XmlElement | undefined,
  id: string,
  part: PartInfo,
): XmlElement {
  const base = stored ?? newScorePart(id, part.name);
  const abbreviation = part.abbreviation ?? '';
  const children: XmlNode[] = [];
  let firstMidi = true;
  for (const node of base.c ?? []) {
    if (!isElement(node)) children.push(node);
    else if (node.n === 'part-name') children.push(withText(node, part.name));
    else if (node.n === 'part-abbreviation') {
      if (abbreviation) children.push(withText(node, abbreviation));
    } else if (node.n === 'midi-instrument' && firstMidi) {
      firstMidi = false;
      children.push(withProgram(node, part.program));
    } else children.push(node);
  }
  if (!child(base, 'part-name'))
    children.unshift(element('part-name', {}, part.name ? [part.name] : []));
  if (abbreviation && !child(base, 'part-abbreviation')) {
    const at = lastIndex(
      children,
      (node) => node.n === 'part-name' || node.n === 'part-name-display',
    );
    children.splice(at + 1, 0, element('part-abbreviation', {}, [abbreviation]));
  }
  if (!child(base, 'score-instrument') && !child(base, 'midi-instrument')) {
    const at = lastIndex(children, (node) => BEFORE_INSTRUMENTS.has(node.n));
    children.splice(at + 1, 0, ...instrumentElements(id, part));
  }
  return withAttributes(withChildren(base, children), { ...(base.a ?? {}), id });
}
