/**
 * The element being read, shared by both readers of `parseXml` (the fast
 * scan and saxes): what it holds so far, how it is closed into an
 * `XmlElement`, and the limits checked as each element opens.
 */
import { MAX_SCORE_MEASURES, MAX_XML_DEPTH, MAX_XML_ELEMENTS } from './limits.ts';
import type { XmlElement, XmlNode } from './xml-tree.ts';

/**
 * An element whose end tag has not been read yet.
 *
 * @example
 * ```ts
 * const building: Building = { n: 'note', c: [], measures: 0 };
 * ```
 */
export interface Building {
  readonly n: string;
  readonly a?: Record<string, string>;
  readonly c: XmlNode[];
  /** How many `<measure>` children it has had. */
  measures: number;
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
  const last = children[children.length - 1];
  if (typeof node === 'string' && typeof last === 'string')
    children[children.length - 1] = last + node;
  else children.push(node);
}

/**
 * The element read, without the whitespace that is only the file's layout.
 *
 * @example
 * ```ts
 * finish({ n: 'a', c: ['\n  ', { n: 'b' }], measures: 0 }); // { n: 'a', c: [{ n: 'b' }] }
 * ```
 */
export function finish(building: Building): XmlElement {
  const all = building.c;
  let hasElement = false;
  let hasText = false;
  for (const child of all) {
    if (typeof child === 'string') hasText = true;
    else if ('n' in child) hasElement = true;
  }
  // Whitespace between elements, or across lines, is layout of the file, not content.
  let children = all;
  if (hasText && all.some((child) => isLayout(child, hasElement)))
    children = all.filter((child) => !isLayout(child, hasElement));
  const { n, a } = building;
  if (children.length === 0) return a ? { n, a } : { n };
  return a ? { n, a, c: children } : { n, c: children };
}

/** Whether `child` is white space that only lays the file out, in an element with or without elements. */
function isLayout(child: XmlNode, hasElement: boolean): boolean {
  return typeof child === 'string' && child.trim() === '' && (hasElement || child.includes('\n'));
}
