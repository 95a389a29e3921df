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

/** The tags of an element with element children at one depth: `start` lacks its `>` and newline. */
interface Tags {
  readonly start: string;
  readonly open: string;
  readonly close: string;
}

/**
 * Tags by depth and name, made once each instead of for every element:
 * a score names a few dozen elements (bounded all the same, for a file
 * that names many more).
 */
const tagsByDepth: Map<string, Tags>[] = [];
function tagsOf(depth: number, name: string): Tags {
  while (tagsByDepth.length <= depth) tagsByDepth.push(new Map());
  const byName = tagsByDepth[depth]!;
  const known = byName.get(name);
  if (known) return known;
  if (byName.size >= 1024) byName.clear();
  const indent = indentOf(depth);
  const start = `${indent}<${name}`;
  const tags = { start, open: `${start}>\n`, close: `${indent}</${name}>\n` };
  byName.set(name, tags);
  return tags;
}

/** The start tag of an element with element children, on a line of its own. */
function openingLine(tags: Tags, attributes: XmlElement['a']): string {
  if (!attributes) return tags.open;
  let text = tags.start;
  for (const name in attributes) text += ` ${name}="${escapeAttribute(attributes[name]!)}"`;
  return `${text}>\n`;
}

// Indexed loops, not for-of: export writes every element of a score here, and an unoptimized
// for-of allocates an iterator and its results.
function hasElementChild(children: readonly XmlNode[]): boolean {
  for (let index = 0; index < children.length; index++) if (isElement(children[index])) return true;
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
  const attributes = node.a;
  const children = node.c;
  if (children !== undefined && hasElementChild(children)) {
    const tags = tagsOf(depth, node.n);
    let text = openingLine(tags, attributes);
    for (let index = 0; index < children.length; index++)
      text += xmlText(children[index]!, depth + 1);
    return text + tags.close;
  }
  let text = `${indent}<${node.n}`;
  if (attributes)
    for (const name in attributes) text += ` ${name}="${escapeAttribute(attributes[name]!)}"`;
  if (children === undefined || children.length === 0) return `${text}/>\n`;
  // Mixed or text content is written inline, exactly as it was read.
  text += '>';
  for (const child of children) {
    text += typeof child === 'string' ? escapeText(child) : xmlText(child, 0).replace(/\n$/, '');
  }
  return `${text}</${node.n}>\n`;
}

/** Appends the pieces of {@link xmlText}`(node, depth)` to `out`, in order. */
function writeInto(node: XmlNode, depth: number, out: string[]): void {
  if (!isElement(node)) {
    out.push(xmlText(node, depth));
    return;
  }
  const written = (node as Partial<XmlWritten>)['='];
  if (written !== undefined && (node as XmlWritten).at === depth) {
    out.push(written);
    return;
  }
  const children = node.c;
  if (children === undefined || !hasElementChild(children)) {
    out.push(xmlText(node, depth));
    return;
  }
  const tags = tagsOf(depth, node.n);
  out.push(openingLine(tags, node.a));
  for (let index = 0; index < children.length; index++) writeInto(children[index]!, depth + 1, out);
  out.push(tags.close);
}

/**
 * {@link xmlText}, made as one flat string by collecting its pieces and
 * joining them once, instead of appending them: V8 keeps a string built by
 * `+=` as a tree of its pieces until it is read, and export keeps each
 * measure's text to the end, where a tree's thousands of pieces would
 * survive every young collection (and reading it once to flatten it cost
 * a copy on top of the appending).
 *
 * @example
 * ```ts
 * flatXmlText({ n: 'pitch', c: [{ n: 'step', c: ['C'] }] }, 0); // "<pitch>\n  <step>C</step>\n</pitch>\n"
 * ```
 */
export function flatXmlText(node: XmlNode, depth: number): string {
  // A new array each time: one kept across calls would be old, and every young piece pushed
  // into it a pointer the next young collection has to follow.
  const pieces: string[] = [];
  writeInto(node, depth, pieces);
  return pieces.join('');
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
  const leaf: { n: string; a?: XmlElement['a']; c?: XmlElement['c'] } = { n: node.n };
  if (node.a !== undefined) leaf.a = node.a;
  if (node.c !== undefined) leaf.c = node.c;
  // Not enumerable: a leaf import keeps on a note is stored in the score, whose encoding (and
  // any JSON of it) holds only the element; frozen, since every note that has it shares it.
  Object.defineProperty(leaf, '=', { value: xmlText(node, depth) });
  Object.defineProperty(leaf, 'at', { value: depth });
  return Object.freeze(leaf) as XmlWritten;
}
