/**
 * The fast path of `parseXml`: a scan of the whole text with `indexOf` and
 * sticky regular expressions instead of saxes's character by character
 * reading, for the files real programs write. It reads a narrower language
 * than XML (ASCII names, no internal DTD subset, XML 1.0), and answers
 * `undefined`, "not sure", for anything outside it and for anything that is
 * not well-formed or passes a limit; `parseXml` then reads the text with
 * saxes, which gives the tree or the first error with its position. Where it
 * answers, the tree is the one saxes's reading builds (`xml-scan.test.ts`
 * holds that as a property, and on every file of the test suite).
 */
import { commonStringAt } from './common-strings.ts';
import {
  appendNode,
  type Building,
  finish,
  lastChild,
  limitPassed,
  openElement,
} from './xml-building.ts';
import type { XmlElement } from './xml-tree.ts';

const NAME = /[A-Za-z_:][A-Za-z0-9._:-]*/y;
const XML_DECLARATION =
  /<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(?:"1\.0"|'1\.0')(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\n]*\?>/y;
const ONLY_SPACE = /^[ \t\n]*$/;
const STARTS_WITH_SPACE = /^[ \t\n]/;
const LEADING_SPACE = /^[ \t\n]+/;
const SPACE_TO_NORMALIZE = /[\t\n]/g;
/** A character XML 1.0 does not allow (after line ends are normalized, so `\r` is not one). */
const NOT_CHAR = /[^\t\n\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const REFERENCE = /&(?:#([0-9]+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const UNKNOWN_REFERENCE = /&(?!(?:#[0-9]+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);)/;
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** `raw` with its character and entity references replaced, or `undefined` for one XML has not. */
function decodeReferences(raw: string): string | undefined {
  if (!raw.includes('&')) return raw;
  if (UNKNOWN_REFERENCE.test(raw)) return undefined;
  let valid = true;
  const decoded = raw.replace(
    REFERENCE,
    (_, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED[name]!;
      const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
      if (!isXmlChar(code)) {
        valid = false;
        return '';
      }
      return String.fromCodePoint(code);
    },
  );
  return valid ? decoded : undefined;
}

/** Text between tags, decoded, or `undefined` when it is not allowed there. */
function textBetween(raw: string): string | undefined {
  if (NOT_CHAR.test(raw) || raw.includes(']]>')) return undefined;
  return decodeReferences(raw);
}

/** An attribute value as XML reads it: tabs and line ends as spaces, then references replaced. */
function attributeValue(raw: string): string | undefined {
  if (NOT_CHAR.test(raw)) return undefined;
  return decodeReferences(raw.replace(SPACE_TO_NORMALIZE, ' '));
}

/** A `<!DOCTYPE ...>`'s text after the keyword, when it has no internal subset. */
function doctypeBody(body: string): string | undefined {
  if (!STARTS_WITH_SPACE.test(body) || body.includes('[') || body.includes('<')) return undefined;
  if (NOT_CHAR.test(body)) return undefined;
  if ((body.split('"').length - 1) % 2 !== 0 || (body.split("'").length - 1) % 2 !== 0)
    return undefined;
  return body;
}

/** The state of one scan: the text, where it is, and the elements open. */
interface Scan {
  readonly text: string;
  at: number;
  readonly stack: Building[];
  root: XmlElement | undefined;
  doctype: string | undefined;
  elements: number;
}

/** Closes `building` into its parent, or as the root. */
function close(scan: Scan, building: Building): void {
  const element = finish(building);
  if (scan.stack.length === 0) scan.root = element;
  else appendNode(scan.stack[scan.stack.length - 1], element);
}

/** Whether `code` is XML white space as the scan reads it: space, tab or line feed. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a;
}

/** Where the white space from `at` ends. */
function skipSpace(text: string, at: number): number {
  let cursor = at;
  while (isSpace(text.charCodeAt(cursor))) cursor++;
  return cursor;
}

/**
 * Reads the attribute at `at` (its name's first character) into
 * `attributes`; where it ends, or -1 when it is not one the scan reads.
 */
function attribute(text: string, at: number, attributes: Record<string, string>): number {
  NAME.lastIndex = at;
  if (!NAME.test(text)) return -1;
  const nameEnd = NAME.lastIndex;
  const name = commonStringAt(text, at, nameEnd) ?? text.slice(at, nameEnd);
  if (name === '__proto__' || Object.hasOwn(attributes, name)) return -1;
  let cursor = skipSpace(text, nameEnd);
  if (text.charCodeAt(cursor) !== 0x3d) return -1;
  cursor = skipSpace(text, cursor + 1);
  const quote = text.charCodeAt(cursor);
  if (quote !== 0x22 && quote !== 0x27) return -1;
  const close = text.indexOf(quote === 0x22 ? '"' : "'", cursor + 1);
  if (close === -1) return -1;
  const lessThan = text.indexOf('<', cursor + 1);
  if (lessThan !== -1 && lessThan < close) return -1;
  // A common value has no reference, tab or line end to replace.
  const value =
    commonStringAt(text, cursor + 1, close) ?? attributeValue(text.slice(cursor + 1, close));
  if (value === undefined) return -1;
  attributes[name] = value;
  return close + 1;
}

/** Reads the start tag at `open`; `false` when the scan must give up. */
function startTag(scan: Scan, open: number): boolean {
  const { text, stack } = scan;
  NAME.lastIndex = open + 1;
  if (!NAME.test(text) || scan.root !== undefined) return false;
  let cursor = NAME.lastIndex;
  const name = commonStringAt(text, open + 1, cursor) ?? text.slice(open + 1, cursor);
  scan.elements++;
  if (limitPassed(name, stack.length, scan.elements, stack[stack.length - 1]) !== undefined)
    return false;
  let attributes: Record<string, string> | undefined;
  // Attributes, each after white space, up to `>` or `/>` (the grammar of the sticky
  // expressions this replaced, read without the arrays their matches allocate).
  for (;;) {
    const spaceEnd = skipSpace(text, cursor);
    const next = text.charCodeAt(spaceEnd);
    if (next === 0x3e || next === 0x2f) {
      cursor = spaceEnd;
      break;
    }
    if (spaceEnd === cursor) return false;
    attributes ??= {};
    cursor = attribute(text, spaceEnd, attributes);
    if (cursor === -1) return false;
  }
  const selfClosing = text.charCodeAt(cursor) === 0x2f;
  if (selfClosing) cursor++;
  if (text.charCodeAt(cursor) !== 0x3e) return false;
  scan.at = cursor + 1;
  if (selfClosing) {
    // What `finish` makes of an element with no children, made at once.
    const element: XmlElement = attributes ? { n: name, a: attributes } : { n: name };
    if (stack.length === 0) scan.root = element;
    else appendNode(stack[stack.length - 1], element);
    return true;
  }
  stack.push(openElement(name, attributes));
  return true;
}

/** Reads the end tag at `open`; `false` when it does not close the open element. */
function endTag(scan: Scan, open: number): boolean {
  const { text } = scan;
  const building = scan.stack.pop();
  if (!building || !text.startsWith(building.n, open + 2)) return false;
  // After the name only white space and `>`: a longer name is another element's.
  const cursor = skipSpace(text, open + 2 + building.n.length);
  if (text.charCodeAt(cursor) !== 0x3e) return false;
  scan.at = cursor + 1;
  close(scan, building);
  return true;
}

/**
 * Whether the text from `from` to `to` is white space across lines that
 * `finish` would drop: only white space, with a line end, after no text
 * it would join (an element's last child is not text) and before no CDATA
 * section it would join. Skipping it saves a string per line of the file.
 */
function isDroppedLayout(scan: Scan, from: number, to: number): boolean {
  const { text } = scan;
  let lineEnd = false;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a) lineEnd = true;
    else if (code !== 0x20 && code !== 0x09) return false;
  }
  const top = scan.stack[scan.stack.length - 1];
  if (!top) return true;
  if (!lineEnd || typeof lastChild(top) === 'string') return false;
  return !text.startsWith('<![CDATA[', to);
}

/** Reads the comment, CDATA section or DOCTYPE at `open`. */
function declaration(scan: Scan, open: number): boolean {
  const { text, stack } = scan;
  const top = stack[stack.length - 1];
  if (text.startsWith('<!--', open)) {
    const end = text.indexOf('-->', open + 4);
    if (end === -1) return false;
    const body = text.slice(open + 4, end);
    if (body.includes('--') || body.endsWith('-') || NOT_CHAR.test(body)) return false;
    appendNode(top, { '!': body });
    scan.at = end + 3;
    return true;
  }
  if (text.startsWith('<![CDATA[', open)) {
    const end = text.indexOf(']]>', open + 9);
    if (end === -1 || !top) return false;
    const body = text.slice(open + 9, end);
    if (NOT_CHAR.test(body)) return false;
    appendNode(top, body);
    scan.at = end + 3;
    return true;
  }
  if (!text.startsWith('<!DOCTYPE', open) || top || scan.root || scan.doctype !== undefined)
    return false;
  const end = text.indexOf('>', open + 9);
  const body = end === -1 ? undefined : doctypeBody(text.slice(open + 9, end));
  if (body === undefined) return false;
  scan.doctype = body;
  scan.at = end + 1;
  return true;
}

/** Reads the processing instruction at `open` (not an XML declaration). */
function instruction(scan: Scan, open: number): boolean {
  const { text, stack } = scan;
  NAME.lastIndex = open + 2;
  const target = NAME.exec(text)?.[0];
  if (target === undefined || target.toLowerCase() === 'xml') return false;
  const end = text.indexOf('?>', NAME.lastIndex);
  if (end === -1) return false;
  const rest = text.slice(NAME.lastIndex, end);
  if ((rest !== '' && !STARTS_WITH_SPACE.test(rest)) || NOT_CHAR.test(rest)) return false;
  appendNode(stack[stack.length - 1], { '?': target, d: rest.replace(LEADING_SPACE, '') });
  scan.at = end + 2;
  return true;
}

/**
 * `text` with its line ends as XML reads them: `\r\n` and a lone `\r` as
 * `\n`. Split and joined, which is several times faster than a global
 * replace on a text of megabytes (Windows programs write `\r\n`).
 */
function withLineFeeds(text: string): string {
  const joined = text.split('\r\n').join('\n');
  return joined.includes('\r') ? joined.replace(/\r/g, '\n') : joined;
}

/**
 * The tree `parseXml` builds from `source`, read fast, or `undefined` when
 * the scan is not sure (saxes then reads it). Never throws.
 *
 * @example
 * ```ts
 * scanXml('<a x="1">t &amp; u</a>'); // { root: { n: 'a', a: { x: '1' }, c: ['t & u'] } }
 * scanXml('<a>'); // undefined: not well-formed, so saxes says why
 * ```
 */
export function scanXml(source: string): { root: XmlElement; doctype?: string } | undefined {
  const text = source.includes('\r') ? withLineFeeds(source) : source;
  const scan: Scan = {
    text,
    at: 0,
    stack: [],
    root: undefined,
    doctype: undefined,
    elements: 0,
  };
  if (text.startsWith('<?xml') && STARTS_WITH_SPACE.test(text.slice(5, 6))) {
    XML_DECLARATION.lastIndex = 0;
    if (!XML_DECLARATION.test(text)) return undefined;
    scan.at = XML_DECLARATION.lastIndex;
  }
  const length = text.length;
  while (scan.at < length) {
    const open = text.indexOf('<', scan.at);
    const end = open === -1 ? length : open;
    if (end > scan.at && !isDroppedLayout(scan, scan.at, end)) {
      const top = scan.stack[scan.stack.length - 1];
      // A common text (`up`, `eighth`, `1`) is allowed anywhere and holds no reference.
      const common = top ? commonStringAt(text, scan.at, end) : undefined;
      if (common !== undefined) appendNode(top, common);
      else {
        const raw = text.slice(scan.at, end);
        if (!top) {
          if (!ONLY_SPACE.test(raw)) return undefined;
        } else {
          const decoded = textBetween(raw);
          if (decoded === undefined) return undefined;
          appendNode(top, decoded);
        }
      }
    }
    if (open === -1) break;
    const next = text.charCodeAt(open + 1);
    const read =
      next === 0x2f
        ? endTag(scan, open)
        : next === 0x21
          ? declaration(scan, open)
          : next === 0x3f
            ? instruction(scan, open)
            : startTag(scan, open);
    if (!read) return undefined;
  }
  if (scan.stack.length > 0 || scan.root === undefined) return undefined;
  return scan.doctype === undefined
    ? { root: scan.root }
    : { root: scan.root, doctype: scan.doctype };
}
