/**
 * A small ordered XML tree, read by a fast scan or from saxes events: elements with their
 * attributes in source order, text, comments and processing instructions.
 * Its nodes are plain JSON, so a subtree the model does not read can ride
 * along as an attachment and be written back exactly.
 */
import { SaxesParser } from 'saxes';
import { appendNode, type Building, finish, limitPassed, openElement } from './xml-building.ts';
import { scanXml } from './xml-scan.ts';

/**
 * An element: `n` its name, `a` its attributes in source order, `c` its
 * children. Plain JSON, so it can be stored as an attachment.
 *
 * @example
 * ```ts
 * const dynamics: XmlElement = { n: 'dynamics', c: [{ n: 'f' }] };
 * ```
 */
export type XmlElement = {
  readonly n: string;
  readonly a?: { readonly [name: string]: string };
  readonly c?: readonly XmlNode[];
};

/**
 * An element together with its text, written ahead: `=` is what `xmlText`
 * writes for it at depth `at`, indent and newline included, and `xmlText`
 * writes it as is at that depth (from the tree at any other). Made by
 * `writtenAhead` in `xml-write.ts` (frozen, `=` and `at` not enumerable),
 * for the children of `<note>` export writes from the model and the leaves
 * import keeps on notes (`note-leaves.ts`): made once and shared, so that a
 * common note is written from text made once instead of a tree made, and
 * written, for every note.
 *
 * @example
 * ```ts
 * const voice: XmlWritten = { n: 'voice', c: ['1'], '=': '        <voice>1</voice>\n', at: 4 };
 * ```
 */
export type XmlWritten = XmlElement & { readonly '=': string; readonly at: number };

/** A comment, `<!--text-->`. */
export type XmlComment = { readonly '!': string };

/** A processing instruction, `<?target body?>`. */
export type XmlInstruction = { readonly '?': string; readonly d: string };

/**
 * Any node of the tree: an element, text, a comment or a processing
 * instruction.
 *
 * @example
 * ```ts
 * const words: XmlNode = { n: 'words', c: ['dolce'] };
 * ```
 */
export type XmlNode = XmlElement | string | XmlComment | XmlInstruction;

/**
 * What {@link parseXml} gives: the root element, or the parser's first error
 * as a clause to put inside a sentence (no position prefix, no final period).
 * `overLimit` is set when the text is well-formed as far as it was read but
 * passes one of the limits of `limits.ts` (depth, elements, measures).
 */
export type XmlParseResult =
  | { readonly ok: true; readonly root: XmlElement; readonly doctype?: string }
  | {
      readonly ok: false;
      readonly message: string;
      readonly line?: number;
      readonly column?: number;
      readonly overLimit?: true;
    };

/** Thrown from a parser handler to stop parsing at once; never leaves {@link parseXml}. */
class StopParsing extends Error {}

/**
 * A parser's error message as a clause: without saxes's `line:column: `
 * prefix (the result gives both apart) and without a final period, so a
 * sentence around it never ends in `..`.
 */
function asClause(message: string): string {
  return message
    .replace(/^\d+:\d+: /, '')
    .trim()
    .replace(/[.\s]+$/, '');
}

/**
 * Parses XML text into an ordered tree. Strict: a file that is not
 * well-formed gives the parser's first error, as a value. A DOCTYPE is
 * tolerated and never followed: nothing is fetched and no entity from a DTD
 * is expanded. Parsing stops at the first error, and at the first element
 * past a limit of `limits.ts` (`overLimit`), so a hostile file costs no more
 * than the limits allow. The text is first scanned fast (`xml-scan.ts`);
 * what that scan is not sure of is read by saxes ({@link parseXmlBySaxes}),
 * which builds the same tree and gives every error.
 *
 * @example
 * ```ts
 * const result = parseXml('<note><pitch><step>C</step></pitch></note>');
 * if (result.ok) result.root.n; // "note"
 * ```
 */
export function parseXml(text: string): XmlParseResult {
  const scanned = scanXml(text);
  if (scanned) return { ok: true, ...scanned };
  return parseXmlBySaxes(text);
}

/**
 * {@link parseXml} read by saxes alone, character by character: the
 * reading every error and its position come from, and the one the fast
 * scan is held to.
 *
 * @example
 * ```ts
 * parseXmlBySaxes('<a><b></a>'); // { ok: false, message: 'unexpected close tag', line: 1, column: 10 }
 * ```
 */
export function parseXmlBySaxes(text: string): XmlParseResult {
  const parser = new SaxesParser({ position: true });
  const stack: Building[] = [];
  let root: XmlElement | undefined;
  let doctype: string | undefined;
  let elements = 0;
  let failure: { message: string; line: number; column: number; overLimit?: true } | undefined;
  const append = (node: XmlNode) => appendNode(stack[stack.length - 1], node);
  parser.on('error', (error) => {
    failure = { message: asClause(error.message), line: parser.line, column: parser.column };
    throw new StopParsing();
  });
  parser.on('doctype', (text) => {
    doctype = text;
  });
  parser.on('opentag', (tag) => {
    elements++;
    const passed = limitPassed(tag.name, stack.length, elements, stack[stack.length - 1]);
    if (passed !== undefined) {
      failure = { message: passed, line: parser.line, column: parser.column, overLimit: true };
      throw new StopParsing();
    }
    const names = Object.keys(tag.attributes);
    stack.push(
      openElement(
        tag.name,
        names.length > 0 ? { ...(tag.attributes as Record<string, string>) } : undefined,
      ),
    );
  });
  parser.on('closetag', () => {
    const building = stack.pop();
    if (!building) return;
    const element = finish(building);
    if (stack.length === 0) root = element;
    else append(element);
  });
  parser.on('text', (text) => append(text));
  parser.on('cdata', (text) => append(text));
  parser.on('comment', (text) => append({ '!': text }));
  parser.on('processinginstruction', (pi) => append({ '?': pi.target, d: pi.body }));
  try {
    parser.write(text).close();
  } catch (error) {
    if (!(error instanceof StopParsing)) {
      failure ??= {
        message: asClause(error instanceof Error ? error.message : String(error)),
        line: 0,
        column: 0,
      };
    }
  }
  if (failure) return { ok: false, ...failure };
  if (!root) return { ok: false, message: 'the text holds no XML element' };
  return doctype === undefined ? { ok: true, root } : { ok: true, root, doctype };
}

/**
 * Whether a node is an element.
 *
 * @example
 * ```ts
 * isElement('text'); // false
 * ```
 */
export function isElement(node: XmlNode | undefined): node is XmlElement {
  // A load, not an `in` test: nodes come in many shapes, and V8 answers a load of a property
  // across many shapes from a cache where `in` looks each one up.
  return (
    typeof node === 'object' && node !== null && typeof (node as { n?: unknown }).n === 'string'
  );
}

/**
 * The element children of `element`, all or those named `name`.
 *
 * @example
 * ```ts
 * childElements(note, 'beam').length; // 2 for a sixteenth in a beamed group
 * ```
 */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.c ?? []) {
    if (isElement(child) && (name === undefined || child.n === name)) found.push(child);
  }
  return found;
}

/**
 * The first element child named `name`.
 *
 * @example
 * ```ts
 * child(note, 'pitch'); // { n: 'pitch', c: [...] }
 * ```
 */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  for (const node of element.c ?? []) if (isElement(node) && node.n === name) return node;
  return undefined;
}

/**
 * The text of an element, its text children joined, trimmed.
 *
 * @example
 * ```ts
 * textOf({ n: 'step', c: [' C '] }); // "C"
 * ```
 */
export function textOf(element: XmlElement | undefined): string | undefined {
  if (!element) return undefined;
  let text = '';
  for (const node of element.c ?? []) if (typeof node === 'string') text += node;
  return text.trim();
}

/**
 * The text of the child `name` of `element`, trimmed.
 *
 * @example
 * ```ts
 * childText(note, 'voice'); // "1"
 * ```
 */
export function childText(element: XmlElement, name: string): string | undefined {
  return textOf(child(element, name));
}

/**
 * A copy of `element` with other children.
 *
 * @example
 * ```ts
 * withChildren(note, []); // the note without children
 * ```
 */
export function withChildren(element: XmlElement, children: readonly XmlNode[]): XmlElement {
  const copy: { n: string; a?: { readonly [name: string]: string }; c?: readonly XmlNode[] } = {
    n: element.n,
  };
  if (element.a) copy.a = element.a;
  if (children.length > 0) copy.c = children;
  return copy;
}

/**
 * A copy of `element` with other attributes (none when `attributes` is empty).
 *
 * @example
 * ```ts
 * withAttributes(note, { 'default-x': '12' });
 * ```
 */
export function withAttributes(
  element: XmlElement,
  attributes: { readonly [name: string]: string },
): XmlElement {
  const copy: { n: string; a?: { readonly [name: string]: string }; c?: readonly XmlNode[] } = {
    n: element.n,
  };
  if (hasAny(attributes)) copy.a = attributes;
  if (element.c) copy.c = element.c;
  return copy;
}

/**
 * Builds an element from its name, attributes and children, leaving out what is empty.
 *
 * @example
 * ```ts
 * element('tie', { type: 'start' }); // { n: 'tie', a: { type: 'start' } }
 * ```
 */
export function element(
  name: string,
  attributes: { readonly [name: string]: string } = {},
  children: readonly XmlNode[] = [],
): XmlElement {
  const built: { n: string; a?: { readonly [name: string]: string }; c?: readonly XmlNode[] } = {
    n: name,
  };
  if (hasAny(attributes)) built.a = attributes;
  if (children.length > 0) built.c = children;
  return built;
}

/** Whether an object has an own property, without the array `Object.keys` makes: export builds millions of elements. */
function hasAny(attributes: { readonly [name: string]: string }): boolean {
  for (const _ in attributes) return true;
  return false;
}
