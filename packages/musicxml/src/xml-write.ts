/**
 * Writing the ordered XML tree back out as text, indented, with text and
 * attribute values escaped.
 */
import { isElement, type XmlElement, type XmlNode, type XmlWritten } from './xml-tree.ts';

const NEEDS_TEXT_ESCAPE = /[&<>\r]/;
const NEEDS_ATTRIBUTE_ESCAPE = /[&<>\r"\n\t]/;

function escapeText(text: string): string {
  if (!NEEDS_TEXT_ESCAPE.test(text)) return text;
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

function escapeAttribute(text: string): string {
  if (!NEEDS_ATTRIBUTE_ESCAPE.test(text)) return text;
  return escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/** Indents by depth, made once each: a score is written at a few dozen depths at most. */
const indents: string[] = [''];
function indentOf(depth: number): string {
  while (indents.length <= depth) indents.push(`${indents[indents.length - 1]}  `);
  return indents[depth]!;
}

function hasElementChild(children: readonly XmlNode[]): boolean {
  for (const child of children) if (isElement(child)) return true;
  return false;
}

/**
 * `node` as XML text, indented by `depth` levels, each line ending in a
 * newline. Elements that hold text keep it exactly; only element-only
 * content is indented. (One string built by appending, which is cheaper than
 * collecting pieces and joining them.)
 *
 * @example
 * ```ts
 * xmlText({ n: 'pitch', c: [{ n: 'step', c: ['C'] }] }, 0); // "<pitch>\n  <step>C</step>\n</pitch>\n"
 * ```
 */
export function xmlText(node: XmlNode, depth: number): string {
  const indent = indentOf(depth);
  if (typeof node === 'string') return `${indent}${escapeText(node)}\n`;
  if (!isElement(node)) {
    if ('!' in node) return `${indent}<!--${node['!'].replace(/--/g, '- -')}-->\n`;
    return `${indent}<?${node['?']}${node.d ? ` ${node.d}` : ''}?>\n`;
  }
  const written = (node as Partial<XmlWritten>)['='];
  if (written !== undefined && (node as XmlWritten).at === depth) return written;
  let text = `${indent}<${node.n}`;
  const attributes = node.a;
  if (attributes)
    for (const name in attributes) text += ` ${name}="${escapeAttribute(attributes[name]!)}"`;
  const children = node.c;
  if (children === undefined || children.length === 0) return `${text}/>\n`;
  if (!hasElementChild(children)) {
    // Mixed or text content is written inline, exactly as it was read.
    text += '>';
    for (const child of children) {
      text += typeof child === 'string' ? escapeText(child) : xmlText(child, 0).replace(/\n$/, '');
    }
    return `${text}</${node.n}>\n`;
  }
  text += '>\n';
  for (const child of children) text += xmlText(child, depth + 1);
  return `${text}${indent}</${node.n}>\n`;
}

/**
 * {@link xmlText} of an element with element children, with `inner` (text
 * already written one level deeper) after its children, before its end
 * tag: for a caller that writes the rest of an element's children as text
 * as it goes, instead of holding them all as one tree.
 *
 * @throws TypeError when `node` has no element child (its text would be written inline).
 * @example
 * ```ts
 * xmlTextEndingWith({ n: 'a', c: [{ n: 'b' }] }, 0, '  <c/>\n'); // "<a>\n  <b/>\n  <c/>\n</a>\n"
 * ```
 */
export function xmlTextEndingWith(node: XmlElement, depth: number, inner: string): string {
  if (!hasElementChild(node.c ?? [])) throw new TypeError(`<${node.n}> has no element child.`);
  const text = xmlText(node, depth);
  const end = `${indentOf(depth)}</${node.n}>\n`;
  return text.slice(0, text.length - end.length) + inner + end;
}

/**
 * Appends `node` to `out` as XML, indented by `depth` levels: {@link xmlText}
 * for callers that collect pieces.
 *
 * @example
 * ```ts
 * const out: string[] = [];
 * writeNode({ n: 'step', c: ['C'] }, 0, out);
 * out.join(''); // "<step>C</step>\n"
 * ```
 */
export function writeNode(node: XmlNode, depth: number, out: string[]): void {
  out.push(xmlText(node, depth));
}

/**
 * `node` with its text at `depth` written ahead (see {@link XmlWritten}):
 * for an element written many times over at the same depth, so that its
 * text is made once. Written by {@link xmlText} itself, so it is the same
 * text byte for byte.
 *
 * @example
 * ```ts
 * const voice = writtenAhead({ n: 'voice', c: ['1'] }, 4);
 * xmlText({ n: 'note', c: [voice] }, 3); // "      <note>\n        <voice>1</voice>\n      </note>\n"
 * ```
 */
export function writtenAhead(node: XmlElement, depth: number): XmlWritten {
  return { ...node, '=': xmlText(node, depth), at: depth };
}
