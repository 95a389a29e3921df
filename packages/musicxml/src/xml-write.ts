/**
 * Writing the ordered XML tree back out as text, indented, with text and
 * attribute values escaped.
 */
import { isElement, type XmlNode } from './xml-tree.ts';

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/**
 * Appends `node` to `out` as XML, indented by `depth` levels. Elements that
 * hold text keep it exactly; only element-only content is indented.
 *
 * @example
 * ```ts
 * const out: string[] = [];
 * writeNode({ n: 'step', c: ['C'] }, 0, out);
 * out.join(''); // "<step>C</step>\n"
 * ```
 */
export function writeNode(node: XmlNode, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  if (typeof node === 'string') {
    out.push(indent, escapeText(node), '\n');
    return;
  }
  if (!isElement(node)) {
    if ('!' in node) out.push(indent, '<!--', node['!'].replace(/--/g, '- -'), '-->\n');
    else out.push(indent, '<?', node['?'], node.d ? ` ${node.d}` : '', '?>\n');
    return;
  }
  let open = `${indent}<${node.n}`;
  if (node.a)
    for (const [name, value] of Object.entries(node.a))
      open += ` ${name}="${escapeAttribute(value)}"`;
  const children = node.c ?? [];
  if (children.length === 0) {
    out.push(open, '/>\n');
    return;
  }
  if (!children.some((child) => isElement(child))) {
    // Mixed or text content is written inline, exactly as it was read.
    out.push(open, '>');
    for (const child of children) {
      if (typeof child === 'string') out.push(escapeText(child));
      else {
        const inner: string[] = [];
        writeNode(child, 0, inner);
        out.push(inner.join('').replace(/\n$/, ''));
      }
    }
    out.push(`</${node.n}>\n`);
    return;
  }
  out.push(open, '>\n');
  for (const child of children) writeNode(child, depth + 1, out);
  out.push(indent, `</${node.n}>\n`);
}
