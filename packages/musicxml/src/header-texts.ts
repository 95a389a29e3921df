/**
 * The score's texts (title, subtitle, composer, lyricist, arranger,
 * copyright) in a MusicXML header: read from `<movement-title>`, `<work>`,
 * `<identification>` and, where only credits carry them, from `<credit>`
 * text by its `<credit-type>` or, failing that, by its place on the first
 * page; and written back so that reading the header again gives the model's.
 */
import type { ScoreTextField, ScoreTexts } from '@scorelane/score-model';
import {
  child,
  childElements,
  childText,
  element,
  isElement,
  textOf,
  withChildren,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

/** The `<credit-type>` that names each text. */
const CREDIT_TYPES: Readonly<Record<string, ScoreTextField>> = {
  title: 'title',
  subtitle: 'subtitle',
  composer: 'composer',
  lyricist: 'lyricist',
  poet: 'lyricist',
  arranger: 'arranger',
  rights: 'copyright',
};

/** The `<creator type>`s each creator text is read from, the first written. */
const CREATOR_TYPES: Partial<Record<ScoreTextField, readonly string[]>> = {
  composer: ['composer'],
  lyricist: ['lyricist', 'poet'],
  arranger: ['arranger'],
};

interface CreditText {
  readonly credit: XmlElement;
  readonly text: string;
  readonly types: readonly string[];
  readonly size: number;
  readonly x: number | undefined;
  readonly y: number | undefined;
  readonly justify: string | undefined;
}

function oneLine(text: string | undefined): string | undefined {
  const line = text?.replace(/\s+/g, ' ').trim();
  return line === '' ? undefined : line;
}

function numberOf(text: string | undefined): number | undefined {
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function creditsOf(header: readonly XmlNode[]): CreditText[] {
  const credits: CreditText[] = [];
  for (const node of header) {
    if (!isElement(node) || node.n !== 'credit') continue;
    if ((node.a?.page ?? '1') !== '1') continue;
    const words = childElements(node, 'credit-words');
    const text = oneLine(words.map((word) => textOf(word) ?? '').join(' '));
    if (text === undefined) continue;
    const first = words[0]?.a ?? {};
    credits.push({
      credit: node,
      text,
      types: childElements(node, 'credit-type').map((type) => textOf(type) ?? ''),
      size: numberOf(first['font-size']) ?? 0,
      x: numberOf(first['default-x']),
      y: numberOf(first['default-y']),
      justify: first.justify ?? first.halign,
    });
  }
  return credits;
}

/** The page's width and height from `<defaults>`, when it gives them. */
function pageSize(header: readonly XmlNode[]): { width: number; height: number } | undefined {
  for (const node of header) {
    if (!isElement(node) || node.n !== 'defaults') continue;
    const layout = child(node, 'page-layout');
    const width = numberOf(layout && childText(layout, 'page-width'));
    const height = numberOf(layout && childText(layout, 'page-height'));
    if (width !== undefined && height !== undefined) return { width, height };
  }
  return undefined;
}

/** Where an untyped credit sits across the page, or `undefined` when it is not in the top half. */
function placeOf(
  credit: CreditText,
  page: { width: number; height: number } | undefined,
): 'left' | 'center' | 'right' | undefined {
  if (page && credit.y !== undefined && credit.y < page.height / 2) return undefined;
  if (credit.justify === 'center' || credit.justify === 'right' || credit.justify === 'left') {
    return credit.justify;
  }
  if (page && credit.x !== undefined) {
    if (credit.x > (page.width * 2) / 3) return 'right';
    if (credit.x > page.width / 3) return 'center';
  }
  return 'left';
}

/** The texts the credits carry: by `<credit-type>`, else the largest top-centre text is the title, the next the subtitle, and the top-most right one the composer. */
function creditTexts(header: readonly XmlNode[]): ScoreTexts {
  const texts: { [K in ScoreTextField]?: string } = {};
  const credits = creditsOf(header);
  for (const credit of credits) {
    for (const type of credit.types) {
      const field = CREDIT_TYPES[type];
      if (field && texts[field] === undefined) texts[field] = credit.text;
    }
  }
  const page = pageSize(header);
  const untyped = credits.filter((credit) => credit.types.length === 0);
  const centre = untyped
    .filter((credit) => placeOf(credit, page) === 'center')
    .sort((a, b) => b.size - a.size || (b.y ?? 0) - (a.y ?? 0));
  const right = untyped
    .filter((credit) => placeOf(credit, page) === 'right')
    .sort((a, b) => (b.y ?? 0) - (a.y ?? 0));
  if (texts.title === undefined && centre[0]) texts.title = centre[0].text;
  if (texts.subtitle === undefined && centre[1]) texts.subtitle = centre[1].text;
  if (texts.composer === undefined && right[0]) texts.composer = right[0].text;
  return withoutEmpty(texts);
}

function withoutEmpty(texts: { [K in ScoreTextField]?: string | undefined }): ScoreTexts {
  const kept: { [K in ScoreTextField]?: string } = {};
  for (const [field, text] of Object.entries(texts) as [ScoreTextField, string | undefined][]) {
    if (text !== undefined) kept[field] = text;
  }
  return kept;
}

function identificationOf(header: readonly XmlNode[]): XmlElement | undefined {
  return header.find((node): node is XmlElement => isElement(node) && node.n === 'identification');
}

function creatorText(identification: XmlElement | undefined, field: ScoreTextField) {
  const types = CREATOR_TYPES[field];
  if (!identification || !types) return undefined;
  for (const type of types) {
    for (const creator of childElements(identification, 'creator')) {
      const text = oneLine(textOf(creator));
      if ((creator.a?.type ?? '') === type && text !== undefined) return text;
    }
  }
  return undefined;
}

/**
 * The score texts a MusicXML header (the children of `<score-partwise>`
 * before `<part-list>`) holds: the title from `<movement-title>`, else
 * `<work-title>`; composer, lyricist (or poet) and arranger from
 * `<identification>`'s `<creator>`s; the copyright from `<rights>`; and
 * any of them the header holds only in credits, from the credits.
 *
 * @example
 * ```ts
 * headerTexts([element('movement-title', {}, ['Prélude'])]); // { title: 'Prélude' }
 * ```
 */
export function headerTexts(header: readonly XmlNode[]): ScoreTexts {
  const found = (name: string) => header.find((n): n is XmlElement => isElement(n) && n.n === name);
  const work = found('work');
  const identification = identificationOf(header);
  const credits = creditTexts(header);
  return withoutEmpty({
    title:
      oneLine(textOf(found('movement-title'))) ??
      oneLine(work && childText(work, 'work-title')) ??
      credits.title,
    subtitle: credits.subtitle,
    composer: creatorText(identification, 'composer') ?? credits.composer,
    lyricist: creatorText(identification, 'lyricist') ?? credits.lyricist,
    arranger: creatorText(identification, 'arranger') ?? credits.arranger,
    copyright: oneLine(identification && childText(identification, 'rights')) ?? credits.copyright,
  });
}

/** Credits showing `old` get `text` instead (one `<credit-words>` with the first one's attributes), or go when `text` is undefined. */
function withCredits(header: readonly XmlNode[], old: string, text: string | undefined): XmlNode[] {
  const showing = new Set(
    creditsOf(header)
      .filter((credit) => credit.text === old)
      .map((credit) => credit.credit),
  );
  const out: XmlNode[] = [];
  for (const node of header) {
    if (!isElement(node) || !showing.has(node)) {
      out.push(node);
      continue;
    }
    if (text === undefined) continue;
    const words = child(node, 'credit-words')!;
    const others = (node.c ?? []).filter((c) => !(isElement(c) && c.n === 'credit-words'));
    out.push(withChildren(node, [...others, withChildren(words, [text])]));
  }
  return out;
}

/** Where a header element of `name` goes: after every element that comes before it in the schema's order. */
function insertAt(header: readonly XmlNode[], before: readonly string[]): number {
  let at = 0;
  header.forEach((node, index) => {
    if (isElement(node) && before.includes(node.n)) at = index + 1;
  });
  return at;
}

/** The header with `title` as its `<movement-title>`; a `<work-title>` goes with the title it showed. */
function withTitle(
  header: readonly XmlNode[],
  old: string | undefined,
  title: string | undefined,
): XmlNode[] {
  const out: XmlNode[] = [];
  const shows = (node: XmlNode) =>
    isElement(node) &&
    node.n === 'work-title' &&
    (title === undefined || oneLine(textOf(node)) === old);
  for (const node of header) {
    if (isElement(node) && node.n === 'movement-title') continue;
    if (isElement(node) && node.n === 'work') {
      const rest = (node.c ?? []).filter((c) => !shows(c));
      if (rest.some(isElement)) out.push(withChildren(node, rest));
      continue;
    }
    out.push(node);
  }
  if (title === undefined) return out;
  const at = insertAt(out, ['work', 'movement-number']);
  return [...out.slice(0, at), element('movement-title', {}, [title]), ...out.slice(at)];
}

/** The header with `<identification>` changed by `change` (made when missing). */
function withIdentification(
  header: readonly XmlNode[],
  change: (children: readonly XmlNode[]) => XmlNode[],
): XmlNode[] {
  const at = header.findIndex((node) => isElement(node) && node.n === 'identification');
  if (at >= 0) {
    const old = header[at] as XmlElement;
    return header.map((node, index) =>
      index === at ? withChildren(old, change(old.c ?? [])) : node,
    );
  }
  const made = change([]);
  if (made.length === 0) return [...header];
  const place = insertAt(header, ['work', 'movement-number', 'movement-title']);
  return [...header.slice(0, place), element('identification', {}, made), ...header.slice(place)];
}

function withCreator(header: readonly XmlNode[], field: ScoreTextField, text: string | undefined) {
  const types = CREATOR_TYPES[field]!;
  return withIdentification(header, (children) => {
    const rest = children.filter(
      (c) => !(isElement(c) && c.n === 'creator' && types.includes(c.a?.type ?? '')),
    );
    if (text === undefined) return rest;
    // Creators come first in <identification>.
    return [element('creator', { type: types[0]! }, [text]), ...rest];
  });
}

function withRights(header: readonly XmlNode[], text: string | undefined): XmlNode[] {
  return withIdentification(header, (children) => {
    const rest = children.filter((c) => !(isElement(c) && c.n === 'rights'));
    if (text === undefined) return rest;
    let at = 0;
    rest.forEach((c, index) => {
      if (isElement(c) && c.n === 'creator') at = index + 1;
    });
    return [...rest.slice(0, at), element('rights', {}, [text]), ...rest.slice(at)];
  });
}

/** A new first-page credit of `type`, centred at the top. */
function newCredit(type: string, text: string): XmlElement {
  return element('credit', { page: '1' }, [
    element('credit-type', {}, [type]),
    element('credit-words', { justify: 'center', valign: 'top' }, [text]),
  ]);
}

/**
 * The kept header changed so that {@link headerTexts} of it gives `texts`:
 * each text that differs is written where MusicXML keeps it (the title as
 * `<movement-title>`, creators and rights in `<identification>`, a
 * subtitle as a credit), and every credit that showed the old text shows
 * the new one (or goes, when the text was removed). A header whose texts
 * are the model's is returned as it was.
 *
 * @example
 * ```ts
 * headerWithTexts(header, { title: 'Sonatina', composer: 'M. Clementi' });
 * ```
 */
export function headerWithTexts(header: readonly XmlNode[], texts: ScoreTexts): XmlNode[] {
  let out = [...header];
  const read = headerTexts(header);
  for (const field of Object.keys(CREDIT_FIELDS) as ScoreTextField[]) {
    const text = texts[field];
    const old = read[field];
    if (old === text) continue;
    if (old !== undefined) out = withCredits(out, old, text);
    if (field === 'title') out = withTitle(out, old, text);
    else if (field === 'copyright') out = withRights(out, text);
    else if (CREATOR_TYPES[field]) out = withCreator(out, field, text);
    else if (text !== undefined && headerTexts(out)[field] !== text) {
      out.splice(insertAt(out, HEADER_BEFORE_CREDITS), 0, newCredit(CREDIT_FIELDS[field], text));
    }
  }
  return out;
}

/** Each text's `<credit-type>`, in the order texts are written. */
const CREDIT_FIELDS: Readonly<Record<ScoreTextField, string>> = {
  title: 'title',
  subtitle: 'subtitle',
  composer: 'composer',
  lyricist: 'lyricist',
  arranger: 'arranger',
  copyright: 'rights',
};

/** The header elements a new credit goes after. */
const HEADER_BEFORE_CREDITS = [
  'work',
  'movement-number',
  'movement-title',
  'identification',
  'defaults',
  'credit',
];
