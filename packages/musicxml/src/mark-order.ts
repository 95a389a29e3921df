/**
 * The canonical order of the marks on one event, as lanes-seq 1.1 writes
 * them: span stops, articulations, fingering, ornaments, techniques,
 * tremolo, fermata, arpeggio, dynamic, text, tempo, rehearsal, chord
 * symbol, span starts, and a breath last (it comes after the note).
 */
import { ARTICULATIONS, type LaneMark, ORNAMENTS, TECHNIQUES } from '@scorelane/lanes-seq';

const STOPS = ['slur/1', 'slur/2', 'hairpin', 'octave-line', 'pedal'];
const STARTS = [
  'pedal',
  'octave-line',
  'hairpin/crescendo',
  'hairpin/diminuendo',
  'slur/2',
  'slur/1',
];

/** The rank of a mark in the canonical order: a group, then a place inside it. */
function rank(mark: LaneMark): readonly [number, number] {
  switch (mark.kind) {
    case 'slur':
      return mark.type === 'stop'
        ? [0, STOPS.indexOf(`slur/${mark.level}`)]
        : [14, STARTS.indexOf(`slur/${mark.level}`)];
    case 'hairpin':
      return mark.type === 'stop' ? [0, 2] : [14, STARTS.indexOf(`hairpin/${mark.type}`)];
    case 'octave-line':
      return mark.type === 'stop' ? [0, 3] : [14, 1];
    case 'pedal':
      return mark.type === 'stop' ? [0, 4] : [14, 0];
    case 'articulation':
      return [1, ARTICULATIONS.indexOf(mark.name)];
    case 'fingering':
      return [2, 0];
    case 'ornament':
      return [3, ORNAMENTS.indexOf(mark.name)];
    case 'technique':
      return [4, TECHNIQUES.indexOf(mark.name)];
    case 'tremolo':
      return [5, 0];
    case 'fermata':
      return [6, 0];
    case 'arpeggio':
      return [7, 0];
    case 'dynamic':
      return [8, 0];
    case 'text':
      return [9, 0];
    case 'tempo':
      return [10, 0];
    case 'rehearsal':
      return [11, 0];
    case 'chord-symbol':
      return [12, 0];
    case 'breath':
      return [15, 0];
  }
}

/**
 * `marks` in canonical order (a stable sort: texts keep the order given).
 *
 * @example
 * ```ts
 * canonicalMarks([{ kind: 'slur', type: 'start', level: 1 }, { kind: 'articulation', name: 'staccato' }]);
 * // staccato first, then the slur start
 * ```
 */
export function canonicalMarks(marks: readonly LaneMark[]): LaneMark[] {
  return [...marks].sort((a, b) => {
    const [groupA, placeA] = rank(a);
    const [groupB, placeB] = rank(b);
    return groupA - groupB || placeA - placeB;
  });
}

/**
 * Whether two marks are the same mark (a second one on an event would be `duplicate-mark`).
 *
 * @example
 * ```ts
 * sameMark({ kind: 'fermata' }, { kind: 'fermata' }); // true
 * ```
 */
export function sameMark(a: LaneMark, b: LaneMark): boolean {
  return JSON.stringify(sortedEntries(a)) === JSON.stringify(sortedEntries(b));
}

function sortedEntries(mark: LaneMark): unknown {
  return Object.entries(mark).sort(([x], [y]) => (x < y ? -1 : 1));
}

/** The kinds an event holds at most one of (a second one is kept as the file had it). */
const ONE_PER_EVENT: ReadonlySet<string> = new Set([
  'dynamic',
  'tempo',
  'chord-symbol',
  'rehearsal',
  'tremolo',
  'fingering',
  'fermata',
  'arpeggio',
  'breath',
]);

/**
 * Whether `mark` can join `marks` on one event: it is not there yet, and
 * no mark of a kind an event holds once is.
 *
 * @example
 * ```ts
 * canJoin([{ kind: 'dynamic', name: 'p' }], { kind: 'dynamic', name: 'f' }); // false
 * ```
 */
export function canJoin(marks: readonly LaneMark[], mark: LaneMark): boolean {
  if (marks.some((held) => sameMark(held, mark))) return false;
  return !(ONE_PER_EVENT.has(mark.kind) && marks.some((held) => held.kind === mark.kind));
}
