/**
 * Reading a `<lyric>` as a syllable of the model: its text (an elision
 * joins texts with `~`), whether a hyphen follows (`begin`, `middle`), and
 * whether an extender holds it (`<extend/>`). A lyric that only continues
 * an extender is no syllable: the model's extender says it.
 */
import type { Syllable } from '@scorelane/lanes-seq';
import { fullText, layoutOnly } from './mark-xml.ts';
import { childElements, type XmlElement } from './xml-tree.ts';

/** What a `<lyric>` reads as. */
export type ReadLyric =
  | { readonly kind: 'syllable'; readonly number: string; readonly syllable: Syllable }
  /** `<lyric><extend type="continue"/></lyric>`: a note held by the extender of the syllable before. */
  | { readonly kind: 'held'; readonly number: string };

const LYRIC_ATTRIBUTES = ['number', 'name', 'print-object'];

/**
 * The syllable a `<lyric>` says, or `undefined` when the model has no word
 * for it (humming, laughing, a text holding `~`, an extender that stops
 * on a syllable, a hidden lyric).
 *
 * @example
 * ```ts
 * readLyric(parseXml('<lyric number="1"><syllabic>begin</syllabic><text>Freu</text></lyric>').root);
 * // { kind: 'syllable', number: '1', syllable: { text: 'Freu', hyphen: true, extend: false } }
 * ```
 */
export function readLyric(lyric: XmlElement): ReadLyric | undefined {
  if (!layoutOnly(lyric, LYRIC_ATTRIBUTES) || lyric.a?.['print-object'] === 'no') return undefined;
  const number = lyric.a?.number ?? '1';
  const texts: string[] = [];
  let syllabic = 'single';
  let extend: string | undefined;
  for (const node of childElements(lyric)) {
    switch (node.n) {
      case 'syllabic':
        syllabic = fullText(node).trim();
        break;
      case 'text': {
        const text = fullText(node);
        if (text.includes('~') || !layoutOnly(node)) return undefined;
        texts.push(text);
        break;
      }
      case 'elision':
        if (!layoutOnly(node)) return undefined;
        break;
      case 'extend':
        if (!layoutOnly(node, ['type'])) return undefined;
        extend = node.a?.type ?? 'start';
        break;
      default:
        return undefined;
    }
  }
  if (texts.length === 0) {
    return extend === 'continue' || extend === 'stop' || extend === 'start'
      ? { kind: 'held', number }
      : undefined;
  }
  const text = texts.join('~');
  if (text.trim() === '' || (extend !== undefined && extend !== 'start')) return undefined;
  if (!['single', 'begin', 'middle', 'end'].includes(syllabic)) return undefined;
  return {
    kind: 'syllable',
    number,
    syllable: {
      text,
      hyphen: syllabic === 'begin' || syllabic === 'middle',
      extend: extend !== undefined,
    },
  };
}
