/**
 * Marks: what an attachment says in music, described by whoever made it
 * (an importer), so the model can tell a lost staccato from a lost stem
 * direction without reading the attachment's format.
 */
import type { Json } from './json.ts';

/**
 * The kinds of musical marks an attachment can hold. Slurs are told by their
 * ends, so a lost start can name the end it belonged to.
 */
export const MARK_KINDS = [
  'lyric',
  'dynamic',
  'articulation',
  'ornament',
  'fermata',
  'slur-start',
  'slur-stop',
  'pedal',
  'tempo',
  'expression',
  'fingering',
  'technique',
  'chord-symbol',
  'figured-bass',
  'hairpin',
  'octave-shift',
  'rehearsal',
  'repeat-sign',
  'tremolo',
  'arpeggio',
  'glissando',
  'breath',
  'other',
] as const;

/** One of {@link MARK_KINDS}. */
export type MarkKind = (typeof MARK_KINDS)[number];

/**
 * One musical mark riding on an event or a unit: its kind, the name of the
 * mark when the kind has many (`staccato`, `trill`), the text it shows
 * (a lyric syllable, `mf`, `dolce`, `Cm7`), and the number that pairs the
 * ends of a slur.
 *
 * @example
 * ```ts
 * const marks: Mark[] = [
 *   { kind: 'articulation', name: 'staccato' },
 *   { kind: 'lyric', text: 'la' },
 *   { kind: 'slur-start', number: '1' },
 * ];
 * ```
 */
export interface Mark {
  readonly kind: MarkKind;
  /** What the mark is within its kind, in words: `staccato`, `trill`, `crescendo`. */
  readonly name?: string;
  /** The text the mark shows: a syllable, `mf`, `dolce`, `Cm7`, `3`. */
  readonly text?: string;
  /** The number pairing the two ends of a slur (MusicXML's `number`; `1` when left out). */
  readonly number?: string;
  /** A slur end the source itself left without its other end: kept as it was. */
  readonly open?: boolean;
}

/**
 * The key of an attachment object under which an importer lists the marks
 * it holds. An attachment with this key (even an empty list) is described:
 * what is not in the list is layout, regenerated on export, and losing it is
 * not reported. An attachment without it is reported whole when dropped.
 */
export const MARKS_KEY = 'marks';

function isMark(value: unknown): value is Mark {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === 'string' && (MARK_KINDS as readonly string[]).includes(kind);
}

/**
 * The marks an attachment lists, or `undefined` when it does not describe
 * itself (see {@link MARKS_KEY}).
 *
 * @example
 * ```ts
 * marksOf({ musicxml: { notes: [] }, marks: [{ kind: 'lyric', text: 'la' }] }); // [{ kind: 'lyric', text: 'la' }]
 * marksOf({ lyric: 'la' }); // undefined
 * ```
 */
export function marksOf(attachments: Json | undefined): readonly Mark[] | undefined {
  if (!attachments || typeof attachments !== 'object' || Array.isArray(attachments))
    return undefined;
  const listed = (attachments as { readonly [key: string]: Json })[MARKS_KEY];
  if (!Array.isArray(listed)) return undefined;
  return listed.filter(isMark);
}

/**
 * Attachments with their marks listed, as an importer stores them.
 *
 * @example
 * ```ts
 * withMarks({ musicxml: kept }, [{ kind: 'articulation', name: 'staccato' }]);
 * // { musicxml: kept, marks: [{ kind: 'articulation', name: 'staccato' }] }
 * ```
 */
export function withMarks(
  attachments: { readonly [key: string]: Json },
  marks: readonly Mark[],
): { readonly [key: string]: Json } {
  return {
    ...attachments,
    [MARKS_KEY]: marks.map((mark) => ({ ...mark }) as { readonly [key: string]: Json }),
  };
}

/**
 * One mark in words, without where it is: `a staccato`, `the lyric "la"`,
 * `the dynamic mf`, `the start of a slur`.
 *
 * @example
 * ```ts
 * describeMark({ kind: 'lyric', text: 'la' }); // 'the lyric "la"'
 * describeMark({ kind: 'articulation', name: 'staccato' }); // 'a staccato'
 * ```
 */
export function describeMark(mark: Mark): string {
  const text = mark.text !== undefined && mark.text !== '' ? mark.text : undefined;
  switch (mark.kind) {
    case 'lyric':
      return text !== undefined ? `the lyric "${text}"` : 'a lyric';
    case 'dynamic':
      return text !== undefined ? `the dynamic ${text}` : 'a dynamic';
    case 'tempo':
      return text !== undefined ? `the tempo ${text}` : 'a tempo mark';
    case 'expression':
      return text !== undefined ? `the text "${text}"` : 'an expression text';
    case 'chord-symbol':
      return text !== undefined ? `the chord symbol ${text}` : 'a chord symbol';
    case 'fingering':
      return text !== undefined ? `the fingering ${text}` : 'a fingering';
    case 'slur-start':
      return 'the start of a slur';
    case 'slur-stop':
      return 'the end of a slur';
    case 'rehearsal':
      return text !== undefined ? `the rehearsal mark ${text}` : 'a rehearsal mark';
    default: {
      const name = mark.name ?? mark.kind.replace(/-/g, ' ');
      const words = text !== undefined ? `${name} "${text}"` : name;
      return `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
    }
  }
}

/**
 * Items in words joined as a sentence does: `a, b, and c`.
 *
 * @example
 * ```ts
 * listInWords(['a staccato', 'the lyric "la"']); // 'a staccato and the lyric "la"'
 * ```
 */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}
