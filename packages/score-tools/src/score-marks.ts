/**
 * Rehearsal marks and text directions by kind (tempo, dynamics as words,
 * chord text, other text), where an importer kept them. The score
 * model does not read attachments; MusicXML import keeps `<direction>`
 * elements as JSON trees (`{ n: 'rehearsal', c: ['A'] }`) on the unit of
 * staff 1, and this reads any such tree, whatever the attachment's key, so
 * nothing here depends on the importer's package.
 */
import type { Json } from '@scorelane/score-model';
import { isKeptElement, type KeptElement } from './kept-element.ts';

/**
 * The kinds of text direction the synopsis tells apart: tempo (a tempo word
 * or a metronome mark), dynamics written as words (`cresc.`, `dim.`),
 * chord text (`N.C.`), and any other text (`dolce`, `pizz.`).
 *
 * @example
 * ```ts
 * const kind: TextKind = 'dynamics';
 * ```
 */
export type TextKind = 'tempo' | 'dynamics' | 'chord' | 'text';

/**
 * What a measure carries for orientation: rehearsal marks, and its text
 * directions by kind.
 *
 * @example
 * ```ts
 * const marks: MeasureMarks = { rehearsal: ['A'], texts: [{ kind: 'tempo', text: 'Allegro' }] };
 * ```
 */
export interface MeasureMarks {
  readonly rehearsal: readonly string[];
  readonly texts: readonly { readonly kind: TextKind; readonly text: string }[];
}

function textOf(element: KeptElement): string {
  return (element.c ?? [])
    .map((child) => (typeof child === 'string' ? child : isKeptElement(child) ? textOf(child) : ''))
    .join('')
    .trim();
}

function metronomeText(element: KeptElement): string {
  const children = (element.c ?? []).filter(isKeptElement);
  const unit = children.find((child) => child.n === 'beat-unit');
  const perMinute = children.find((child) => child.n === 'per-minute');
  if (!unit || !perMinute) return '';
  const dotted = children.some((child) => child.n === 'beat-unit-dot') ? '.' : '';
  return `${textOf(unit)}${dotted}=${textOf(perMinute)}`;
}

const TEMPO_WORDS =
  /^(?:(?:poco |molto |un poco )?(?:rit|rall|accel|allarg|string)|a tempo|tempo\b|l'istesso|allegr|allegretto|andant|adagi|moderat|prest|larg|lent|vivac|grave|rit|rall|accel|allarg|string|meno mosso|pi[uù] mosso|doppio movimento|slow|fast|moderately|swing)/i;
const DYNAMIC_WORDS =
  /^(?:(?:poco a poco |molto |sempre |subito |poco |più |piu )?(?:cresc|decresc|dim|descresc)|morendo|smorz|calando|perdendosi|sfz?\b|sfp\b|fp\b|rfz?\b|(?:pp?p?p?|mp|mf|ff?f?f?)\b)/i;
const CHORD_TEXT = /^N\.?\s?C\.?$/i;

/**
 * The kind of a text direction's words; `tempo` as well when its direction
 * sounds a tempo or shows a metronome mark (`inTempoDirection`).
 *
 * @example
 * ```ts
 * wordsKind('poco a poco cresc.', false); // 'dynamics'
 * wordsKind('N.C.', false); // 'chord'
 * wordsKind('Allegretto', false); // 'tempo'
 * ```
 */
export function wordsKind(text: string, inTempoDirection: boolean): TextKind {
  if (CHORD_TEXT.test(text)) return 'chord';
  if (DYNAMIC_WORDS.test(text)) return 'dynamics';
  if (inTempoDirection || TEMPO_WORDS.test(text)) return 'tempo';
  return 'text';
}

/** Whether a `<direction>` shows a metronome mark or sounds a tempo (depth-limited). */
function setsTempo(value: unknown, depth: number): boolean {
  if (depth > 24 || typeof value !== 'object' || value === null) return false;
  if (isKeptElement(value)) {
    if (value.n === 'metronome' || (value.n === 'sound' && value.a?.tempo)) return true;
    return (value.c ?? []).some((child) => setsTempo(child, depth + 1));
  }
  return false;
}

/**
 * The marks found anywhere in `attachments` (depth-limited, so a hostile
 * tree cannot exhaust the stack): rehearsal marks, and text directions
 * named by kind (tempo, dynamics as words, chord text, other text).
 *
 * @example
 * ```ts
 * marksIn({ musicxml: { items: [{ at: '0', x: { n: 'direction', c: [{ n: 'direction-type', c: [{ n: 'words', c: ['cresc.'] }] }] } }] } });
 * // { rehearsal: [], texts: [{ kind: 'dynamics', text: 'cresc.' }] }
 * ```
 */
export function marksIn(attachments: Json | undefined): MeasureMarks {
  const rehearsal: string[] = [];
  const texts: { kind: TextKind; text: string }[] = [];
  const add = (kind: TextKind, text: string) => {
    if (text !== '' && !texts.some((seen) => seen.kind === kind && seen.text === text)) {
      texts.push({ kind, text });
    }
  };
  const visit = (value: unknown, depth: number, tempo: boolean): void => {
    if (depth > 24 || typeof value !== 'object' || value === null) return;
    let inTempo = tempo;
    if (isKeptElement(value)) {
      if (value.n === 'direction') inTempo = setsTempo(value, depth);
      if (value.n === 'rehearsal') rehearsal.push(textOf(value));
      else if (value.n === 'words') add(wordsKind(textOf(value), inTempo), textOf(value));
      else if (value.n === 'metronome') add('tempo', metronomeText(value));
      else if (value.n === 'sound' && value.a?.tempo) add('tempo', `tempo ${value.a.tempo}`);
    }
    for (const child of Object.values(value)) visit(child, depth + 1, inTempo);
  };
  visit(attachments, 0, false);
  return { rehearsal: [...new Set(rehearsal.filter((text) => text !== ''))], texts };
}
