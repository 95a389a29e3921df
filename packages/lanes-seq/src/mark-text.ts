/**
 * How each mark is spelled in lanes-seq text, both ways: the `\name` marks
 * and shorthands the parser reads, the canonical spelling the serializer
 * writes, and the canonical order of the marks on one event.
 */
import { formatChordSymbol } from './chord-symbol.ts';
import { ARTICULATIONS, DYNAMICS, type LaneMark, ORNAMENTS, TECHNIQUES } from './marks.ts';
import { formatRational } from './rational.ts';

/** The shorthand after `-` of each articulation: `-.` staccato, `->` accent. */
export const ARTICULATION_SHORTHANDS: Readonly<Record<string, LaneMark>> = {
  '.': { kind: 'articulation', name: 'staccato' },
  '!': { kind: 'articulation', name: 'staccatissimo' },
  '-': { kind: 'articulation', name: 'tenuto' },
  _: { kind: 'articulation', name: 'portato' },
  '>': { kind: 'articulation', name: 'accent' },
  '^': { kind: 'articulation', name: 'marcato' },
};

const ORNAMENT_WORDS = ['trill', 'mordent', 'prall', 'turn', 'reverseturn'] as const;
const TECHNIQUE_WORDS = [
  'upbow',
  'downbow',
  'harmonic',
  'open',
  'stopped',
  'snappizzicato',
] as const;

function namedMarks(): Map<string, LaneMark> {
  const named = new Map<string, LaneMark>();
  ARTICULATIONS.forEach((name) => {
    named.set(name, { kind: 'articulation', name });
  });
  ORNAMENTS.forEach((name, i) => {
    named.set(ORNAMENT_WORDS[i]!, { kind: 'ornament', name });
  });
  TECHNIQUES.forEach((name, i) => {
    named.set(TECHNIQUE_WORDS[i]!, { kind: 'technique', name });
  });
  for (const name of DYNAMICS) named.set(name, { kind: 'dynamic', name });
  named.set('fermata', { kind: 'fermata' });
  named.set('breathe', { kind: 'breath', name: 'breath' });
  named.set('caesura', { kind: 'breath', name: 'caesura' });
  named.set('arpeggio', { kind: 'arpeggio' });
  for (const type of ['8va', '8vb', '15ma', '15mb'] as const) {
    named.set(type, { kind: 'octave-line', type });
  }
  named.set('loco', { kind: 'octave-line', type: 'stop' });
  named.set('ped', { kind: 'pedal', type: 'start' });
  named.set('pedup', { kind: 'pedal', type: 'stop' });
  return named;
}

/**
 * The marks written `\name` with nothing after the name (`\trill`, `\p`,
 * `\8va`), by name. `\tempo` and `\mark` take a value and are read apart.
 */
export const NAMED_MARKS: ReadonlyMap<string, LaneMark> = namedMarks();

/** Every name that may follow `\`, for the closest-name fix of an unknown one. */
export const MARK_NAMES: readonly string[] = [...NAMED_MARKS.keys(), 'tempo', 'mark'];

/** `\(` `\)` `\<` `\>` `\!`: the marks written `\` and one sign. */
export const SIGN_MARKS: Readonly<Record<string, LaneMark>> = {
  '(': { kind: 'slur', type: 'start', level: 2 },
  ')': { kind: 'slur', type: 'stop', level: 2 },
  '<': { kind: 'hairpin', type: 'crescendo' },
  '>': { kind: 'hairpin', type: 'diminuendo' },
  '!': { kind: 'hairpin', type: 'stop' },
};

/** The strokes of a tremolo, by the value written after `:`. */
export const TREMOLO_VALUES: Readonly<Record<string, 1 | 2 | 3 | 4>> = {
  '8': 1,
  '16': 2,
  '32': 3,
  '64': 4,
};

/**
 * Writes a string of a mark with its quotes, escaping `"` and `\`.
 *
 * @example
 * ```ts
 * quoteMarkString('say "hi"'); // '"say \\"hi\\""'
 * ```
 */
export function quoteMarkString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * The canonical text of one mark: its shorthand where it has one (`-.`, not
 * `\staccato`).
 *
 * @example
 * ```ts
 * formatMark({ kind: 'dynamic', name: 'mf' }); // "\\mf"
 * formatMark({ kind: 'articulation', name: 'accent' }); // "->"
 * ```
 */
export function formatMark(mark: LaneMark): string {
  switch (mark.kind) {
    case 'articulation':
      return `-${'.!-_>^'[ARTICULATIONS.indexOf(mark.name)]}`;
    case 'ornament':
      return `\\${ORNAMENT_WORDS[ORNAMENTS.indexOf(mark.name)]}`;
    case 'technique':
      return `\\${TECHNIQUE_WORDS[TECHNIQUES.indexOf(mark.name)]}`;
    case 'fermata':
      return '\\fermata';
    case 'breath':
      return mark.name === 'breath' ? '\\breathe' : '\\caesura';
    case 'arpeggio':
      return '\\arpeggio';
    case 'tremolo':
      return `:${2 ** (mark.strokes + 2)}`;
    case 'fingering':
      return `-${mark.finger}`;
    case 'dynamic':
      return `\\${mark.name}`;
    case 'slur':
      return `${mark.level === 2 ? '\\' : ''}${mark.type === 'start' ? '(' : ')'}`;
    case 'hairpin':
      return mark.type === 'crescendo' ? '\\<' : mark.type === 'diminuendo' ? '\\>' : '\\!';
    case 'octave-line':
      return mark.type === 'stop' ? '\\loco' : `\\${mark.type}`;
    case 'pedal':
      return mark.type === 'start' ? '\\ped' : '\\pedup';
    case 'text':
      return `${mark.placement === 'above' ? '^' : '_'}${quoteMarkString(mark.text)}`;
    case 'tempo': {
      const text = mark.text === undefined ? '' : quoteMarkString(mark.text);
      const metronome =
        mark.beat === undefined ? '' : `${formatRational(mark.beat)}=${mark.perMinute}`;
      return `\\tempo${text}${metronome}`;
    }
    case 'rehearsal':
      return `\\mark${quoteMarkString(mark.text)}`;
    case 'chord-symbol':
      return quoteMarkString(formatChordSymbol(mark));
  }
}

/**
 * Where a mark stands in the canonical order of one event's marks: span
 * stops, articulations, fingering, ornaments, techniques, tremolo, fermata,
 * arpeggio, dynamic, text, tempo, rehearsal, chord symbol, span starts, and
 * a breath last. Marks of equal rank keep their order.
 */
export function markRank(mark: LaneMark): number {
  switch (mark.kind) {
    case 'slur':
      return mark.type === 'stop' ? (mark.level === 1 ? 0 : 1) : mark.level === 2 ? 80 : 81;
    case 'hairpin':
      return mark.type === 'stop' ? 2 : mark.type === 'crescendo' ? 78 : 79;
    case 'octave-line':
      return mark.type === 'stop' ? 3 : 77;
    case 'pedal':
      return mark.type === 'stop' ? 4 : 76;
    case 'articulation':
      return 10 + ARTICULATIONS.indexOf(mark.name);
    case 'fingering':
      return 20;
    case 'ornament':
      return 21 + ORNAMENTS.indexOf(mark.name);
    case 'technique':
      return 30 + TECHNIQUES.indexOf(mark.name);
    case 'tremolo':
      return 40;
    case 'fermata':
      return 41;
    case 'arpeggio':
      return 42;
    case 'dynamic':
      return 43;
    case 'text':
      return mark.placement === 'above' ? 50 : 51;
    case 'tempo':
      return 52;
    case 'rehearsal':
      return 53;
    case 'chord-symbol':
      return 54;
    case 'breath':
      return 90;
  }
}

/**
 * Orders marks as the canonical text writes them, stably.
 *
 * @example
 * ```ts
 * [...marks].sort(compareMarks);
 * ```
 */
export function compareMarks(a: LaneMark, b: LaneMark): number {
  return markRank(a) - markRank(b);
}

/**
 * What makes two marks of one event the same mark, so the second is
 * `duplicate-mark`: an event has one dynamic, one tempo, one chord symbol,
 * one fingering, one hairpin start..., and any number of different texts.
 * An importer uses it to keep a second such mark as the file had it.
 *
 * @example
 * ```ts
 * markSlot({ kind: 'hairpin', type: 'crescendo' }) === markSlot({ kind: 'hairpin', type: 'diminuendo' }); // true
 * ```
 */
export function markSlot(mark: LaneMark): string {
  switch (mark.kind) {
    case 'articulation':
    case 'ornament':
    case 'technique':
      return `${mark.kind} ${mark.name}`;
    case 'slur':
      return `slur ${mark.type} ${mark.level}`;
    case 'hairpin':
      return mark.type === 'stop' ? 'hairpin stop' : 'hairpin';
    case 'octave-line':
      return mark.type === 'stop' ? 'octave-line stop' : 'octave-line';
    case 'pedal':
      return `pedal ${mark.type}`;
    case 'text':
      return `text ${mark.placement} ${mark.text}`;
    default:
      return mark.kind;
  }
}

/** The kinds of mark a rest, an invisible rest or an `@` item may take. */
const ON_REST: ReadonlySet<LaneMark['kind']> = new Set<LaneMark['kind']>([
  'fermata',
  'dynamic',
  'hairpin',
  'pedal',
  'octave-line',
  'text',
  'tempo',
  'rehearsal',
  'chord-symbol',
  'breath',
]);

/** The kinds of mark a grace note may take. */
const ON_GRACE: ReadonlySet<LaneMark['kind']> = new Set<LaneMark['kind']>([
  'articulation',
  'ornament',
  'technique',
  'fingering',
  'slur',
  'arpeggio',
]);

/**
 * Whether a rest (or invisible rest) may carry the mark (SPEC.md 12.5).
 *
 * @example
 * ```ts
 * fitsRest({ kind: 'fermata' }); // true
 * fitsRest({ kind: 'articulation', name: 'staccato' }); // false
 * ```
 */
export function fitsRest(mark: LaneMark): boolean {
  return ON_REST.has(mark.kind);
}

/**
 * Whether an `@` item may carry the mark: what a rest may, but a breath,
 * which follows a note (SPEC.md 13).
 *
 * @example
 * ```ts
 * fitsOnset({ kind: 'dynamic', name: 'p' }); // true
 * ```
 */
export function fitsOnset(mark: LaneMark): boolean {
  return ON_REST.has(mark.kind) && mark.kind !== 'breath';
}

/**
 * Whether a grace note may carry the mark (SPEC.md 12.5).
 *
 * @example
 * ```ts
 * fitsGrace({ kind: 'dynamic', name: 'p' }); // false
 * ```
 */
export function fitsGrace(mark: LaneMark): boolean {
  return ON_GRACE.has(mark.kind);
}

/** A mark in words, for messages: `the dynamic \p`, `a slur start`. */
export function describeMark(mark: LaneMark): string {
  switch (mark.kind) {
    case 'articulation':
    case 'ornament':
    case 'technique':
      return `the ${mark.kind} ${mark.name}`;
    case 'chord-symbol':
      return 'a chord symbol';
    case 'octave-line':
      return mark.type === 'stop' ? 'an octave-line stop' : 'an octave line';
    case 'slur':
    case 'hairpin':
    case 'pedal':
      return `a ${mark.kind} ${mark.type === 'stop' ? 'stop' : 'start'}`;
    default:
      return `a ${mark.kind} ${formatMark(mark)}`;
  }
}
