/**
 * The element being read, shared by both readers of `parseXml` (the fast
 * scan and saxes): what it holds so far, how it is closed into an
 * `XmlElement`, and the limits checked as each element opens.
 */
import { MAX_SCORE_MEASURES, MAX_XML_DEPTH, MAX_XML_ELEMENTS } from './limits.ts';
import type { XmlElement, XmlNode } from './xml-tree.ts';

/**
 * An element whose end tag has not been read yet. Its children are held
 * as `first` until there is a second: most elements of a score hold one
 * child (`<step>C</step>`), and an array grown by a push reserves room
 * for sixteen.
 *
 * @example
 * ```ts
 * const building: Building = openElement('note', undefined);
 * ```
 */
export interface Building {
  readonly n: string;
  readonly a?: Record<string, string>;
  /** The only child so far, while `c` is `undefined`. */
  first: XmlNode | undefined;
  /** Every child, once there are two or more. */
  c: XmlNode[] | undefined;
  /** How many `<measure>` children it has had. */
  measures: number;
}

/**
 * A {@link Building} for an element just opened, with its attributes (if any).
 *
 * @example
 * ```ts
 * openElement('note', { 'default-x': '12' });
 * ```
 */
export function openElement(
  name: string,
  attributes: Record<string, string> | undefined,
): Building {
  return attributes
    ? { n: name, a: attributes, first: undefined, c: undefined, measures: 0 }
    : { n: name, first: undefined, c: undefined, measures: 0 };
}

/**
 * The last child of an element being read, or `undefined`.
 *
 * @example
 * ```ts
 * lastChild(openElement('a', undefined)); // undefined
 * ```
 */
export function lastChild(building: Building): XmlNode | undefined {
  const children = building.c;
  return children === undefined ? building.first : children[children.length - 1];
}

// Read once: they are checked on every element.
const maxDepth = MAX_XML_DEPTH;
const maxElements = MAX_XML_ELEMENTS;
const maxMeasures = MAX_SCORE_MEASURES;

/**
 * Why an element opened now passes a limit of `limits.ts`, or `undefined`;
 * counts a `<measure>` in its parent.
 *
 * @example
 * ```ts
 * limitPassed('x', MAX_XML_DEPTH, 1, undefined); // "elements are nested more than 256 deep"
 * ```
 */
export function limitPassed(
  name: string,
  depth: number,
  elements: number,
  parent: Building | undefined,
): string | undefined {
  if (depth >= maxDepth) return `elements are nested more than ${maxDepth} deep`;
  if (elements > maxElements) return `the file holds more than ${maxElements} elements`;
  if (name === 'measure' && parent && ++parent.measures > maxMeasures)
    return `<${parent.n}> holds more than ${maxMeasures} measures`;
  return undefined;
}

/**
 * Appends a node to the element being read, joining adjacent text.
 *
 * @example
 * ```ts
 * appendNode(building, 'a'); appendNode(building, 'b'); // building.c is ['ab']
 * ```
 */
export function appendNode(top: Building | undefined, node: XmlNode): void {
  if (!top) return;
  const children = top.c;
  if (children !== undefined) {
    const last = children[children.length - 1];
    if (typeof node === 'string' && typeof last === 'string')
      children[children.length - 1] = last + node;
    else children.push(node);
    return;
  }
  const first = top.first;
  if (first === undefined) top.first = node;
  else if (typeof node === 'string' && typeof first === 'string') top.first = first + node;
  else top.c = [first, node];
}

/**
 * The element read, without the whitespace that is only the file's layout.
 *
 * @example
 * ```ts
 * const building = openElement('a', undefined);
 * appendNode(building, '\n  ');
 * appendNode(building, { n: 'b' });
 * finish(building); // { n: 'a', c: [{ n: 'b' }] }
 * ```
 */
export function finish(building: Building): XmlElement {
  const { n, a, first } = building;
  const all = building.c;
  if (all === undefined) {
    // No child, or one: a lone text is layout only across lines (`<a>\n</a>`).
    if (first === undefined || isLayout(first, false)) return a ? { n, a } : { n };
    return a ? { n, a, c: [first] } : { n, c: [first] };
  }
  let hasElement = false;
  let hasText = false;
  for (let index = 0; index < all.length; index++) {
    const child = all[index]!;
    if (typeof child === 'string') hasText = true;
    // `isElement`'s test, written out: xml-tree.ts, which has it, imports this file.
    else if (typeof (child as { n?: unknown }).n === 'string') hasElement = true;
  }
  // Whitespace between elements, or across lines, is layout of the file, not content.
  let children = all;
  if (hasText && all.some((child) => isLayout(child, hasElement)))
    children = all.filter((child) => !isLayout(child, hasElement));
  if (children.length === 0) return a ? { n, a } : { n };
  return a ? { n, a, c: children } : { n, c: children };
}

/** Whether `child` is white space that only lays the file out, in an element with or without elements. */
function isLayout(child: XmlNode, hasElement: boolean): boolean {
  return typeof child === 'string' && child.trim() === '' && (hasElement || child.includes('\n'));
}
